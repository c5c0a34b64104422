/** The bytes of a file an HTTP Range asks for, both ends included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The one byte range a `Range` header asks of a file of `size` bytes (`bytes=a-b`, `bytes=a-`,
 * `bytes=-n`), the end cut to the file's; null when there is no header (the whole file), and
 * 'unsatisfiable' for anything else: several ranges, a start past the end, an end before the
 * start, numbers that are not plain digits. What the page reads is never outside the file checked.
 */
export function byteRangeOf(header: string | null | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (header === null || header === undefined) return null;
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'unsatisfiable';
  if (m[1] === '') {
    // The last n bytes.
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
