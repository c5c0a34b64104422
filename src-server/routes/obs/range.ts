import type { ByteRange } from '../../storage/objectStore';

/**
 * The one byte range of a `Range: bytes=...` header (RFC 9110 §14): a range past the end is
 * 'unsatisfiable'; a malformed header or several ranges are ignored (undefined), which the
 * RFC allows, and the whole object is sent.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  const first = m[1] === '' ? undefined : Number(m[1]);
  const last = m[2] === '' ? undefined : Number(m[2]);
  if (first === undefined) {
    // a suffix: the last n bytes
    if (last === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - last!), end: size - 1 };
  }
  if (last !== undefined && last < first) return undefined;
  if (first >= size) return 'unsatisfiable';
  return { start: first, end: Math.min(last ?? size - 1, size - 1) };
}
