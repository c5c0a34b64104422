/**
 * A file a reader cannot make sense of, or an export a format cannot express. `code` is an
 * error key the caller can translate; `details` names the file and the line or field, so the
 * user can find the fault without reading the reader's source.
 */
export class FormatError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'FormatError';
  }
}

/** The usual reader complaint: `file` (and line or field) does not hold what the format says. */
export const badFormat = (file: string, message: string, where: Record<string, unknown> = {}): FormatError =>
  new FormatError('import.badFormat', `${file}: ${message}`, { file, ...where });

export const missingFile = (file: string): FormatError => new FormatError('import.missingFile', `${file} is missing from the zip`, { file });
