/**
 * What a refused import says beyond its key: the error's data (the file, its size and the
 * frame's, the colour...) as values for the translated text, and where in the zip it went wrong
 * (`file`, with `line` or `field`), so a person can find the fault without the server's log.
 */
export interface ImportFailure {
  /** the failure with its data as the text's values (useErrorText reads `params`) */
  withValues: unknown;
  /** `file:line (field)`, or null when the error names no file */
  where: string | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function importFailure(failure: unknown): ImportFailure {
  const body = isRecord(failure) ? failure.body : undefined;
  const data = isRecord(body) && isRecord(body.data) ? body.data : {};
  const params = Object.fromEntries(Object.entries(data).filter(([, v]) => typeof v === 'string' || typeof v === 'number')) as Record<string, string | number>;
  const file = typeof data.file === 'string' ? data.file : null;
  const line = typeof data.line === 'number' ? `:${data.line}` : '';
  const field = typeof data.field === 'string' ? ` (${data.field})` : '';
  return { withValues: isRecord(failure) ? { ...failure, params } : failure, where: file ? `${file}${line}${field}` : null };
}
