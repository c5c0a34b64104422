/**
 * Where in the zip a refused import went wrong (`file`, with `line` or `field` from the error's
 * data), so a person can find the fault without the server's log. The error's other values (its
 * size and the frame's, the colour...) reach the translated text through useErrorText, which
 * reads every refusal's data.
 */
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `file:line (field)`, or null when the error names no file. */
export function importFailedAt(failure: unknown): string | null {
  const body = isRecord(failure) ? failure.body : undefined;
  const data = isRecord(body) && isRecord(body.data) ? body.data : {};
  const file = typeof data.file === 'string' ? data.file : null;
  const line = typeof data.line === 'number' ? `:${data.line}` : '';
  const field = typeof data.field === 'string' ? ` (${data.field})` : '';
  return file ? `${file}${line}${field}` : null;
}
