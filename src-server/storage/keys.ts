/** The top-level prefixes objects live under (ARCHITECTURE.md §5). */
export const KEY_PREFIXES = ['dataset/', 'annotate/', 'export/', 'user/'] as const;

/**
 * Checks a key the server is about to use: relative, no `..` or `.` segments, no empty
 * segments, no control characters, and under one of our prefixes. Answers the key or throws.
 */
export function assertSafeKey(key: string): string {
  if (key.length === 0 || key.length > 1024) throw new RangeError('object key must be 1 to 1024 characters');
  if (key.startsWith('/')) throw new RangeError('object key must be relative');
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f\u007f\\]/.test(key)) throw new RangeError('object key has forbidden characters');
  const segments = key.split('/');
  if (segments.some((s, i) => s === '..' || s === '.' || (s === '' && i !== segments.length - 1))) {
    throw new RangeError('object key has an empty, . or .. segment');
  }
  if (!KEY_PREFIXES.some((p) => key.startsWith(p))) throw new RangeError(`object key must start with ${KEY_PREFIXES.join(', ')}`);
  return key;
}
