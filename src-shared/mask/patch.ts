/**
 * A brush stroke added to, or taken from, a stored mask without decoding and encoding all of it.
 * A stroke changes only the columns it spans; in the column-major runs those columns are one
 * stretch of positions, so the runs before and after it are kept as they are and only the
 * stretch is made a bitmap, changed and encoded again. A stroke touching up a 2,000 x 600 mask
 * then costs the stroke's own columns, not the mask's 1.2 million pixels.
 *
 * The stored box must stay tight (region.ts): a union inside the box cannot change its edges,
 * a subtraction that reaches no edge row or column leaves every edge with the pixels it had.
 * Anything else (a stroke reaching past the mask's box, an eraser over its edge) answers
 * 'whole', and the caller takes the whole-mask path of region.ts.
 */
import type { MaskGeometry } from '../model/annotation';
import { peekBits, rememberBits } from './maskBits';
import type { MaskRegion } from './region';
import { decodeCounts, encodeCounts } from './rle';

export type PatchOp = 'union' | 'subtract';

/** Runs as (value, length) pushes that join a run of the same value to the last one. */
class Runs {
  readonly counts: number[] = [0];
  private value = 0;
  push(value: number, length: number): void {
    if (length <= 0) return;
    if (value === this.value) this.counts[this.counts.length - 1]! += length;
    else {
      this.counts.push(length);
      this.value = value;
    }
  }
}

/**
 * `g` with the set pixels of `r` added (union) or taken out (subtract); `g` itself when nothing
 * changes; 'whole' when the change may move the box's edges (see above).
 */
export function patchGeometry(g: MaskGeometry, r: MaskRegion, op: PatchOp): MaskGeometry | 'whole' {
  const x0 = Math.max(g.x, r.x);
  const y0 = Math.max(g.y, r.y);
  const x1 = Math.min(g.x + g.width, r.x + r.width);
  const y1 = Math.min(g.y + g.height, r.y + r.height);
  if (op === 'union' && (r.x < g.x || r.y < g.y || r.x + r.width > g.x + g.width || r.y + r.height > g.y + g.height)) return 'whole';
  if (x0 >= x1 || y0 >= y1) return g;
  if (op === 'subtract' && (x0 === g.x || y0 === g.y || x1 === g.x + g.width || y1 === g.y + g.height)) return 'whole';
  const counts = decodeCounts(g.rle);
  if (!counts) return 'whole';
  const h = g.height;
  const c0 = x0 - g.x;
  const c1 = x1 - g.x;
  const from = c0 * h;
  const to = c1 * h;
  // The stretch of columns [c0, c1) as a column-major bitmap, and the runs before and after it.
  const mid = new Uint8Array(to - from);
  const out = new Runs();
  const after: [number, number][] = [];
  let pos = 0;
  for (let i = 0; i < counts.length; i++) {
    const value = i % 2;
    const end = pos + counts[i]!;
    if (pos < from) out.push(value, Math.min(end, from) - pos);
    if (value === 1 && end > from && pos < to) mid.fill(1, Math.max(pos, from) - from, Math.min(end, to) - from);
    if (end > to) after.push([value, end - Math.max(pos, to)]);
    pos = end;
  }
  let changed = false;
  const set = op === 'union' ? 1 : 0;
  for (let y = y0; y < y1; y++) {
    const row = (y - r.y) * r.width;
    for (let x = x0; x < x1; x++) {
      if (!r.bits[row + x - r.x]) continue;
      const k = (x - g.x - c0) * h + (y - g.y);
      if (mid[k] !== set) {
        mid[k] = set;
        changed = true;
      }
    }
  }
  if (!changed) return g;
  let start = 0;
  for (let k = 1; k <= mid.length; k++) {
    if (k === mid.length || mid[k] !== mid[start]) {
      out.push(mid[start]!, k - start);
      start = k;
    }
  }
  for (const [value, length] of after) out.push(value, length);
  const next: MaskGeometry = { ...g, rle: encodeCounts(out.counts) };
  // The old bitmap, when it is at hand, patched the same way for the new geometry: no decode next time.
  const old = peekBits(g);
  if (old) {
    const bits = old.slice();
    for (let y = y0; y < y1; y++) {
      const row = (y - r.y) * r.width;
      for (let x = x0; x < x1; x++) if (r.bits[row + x - r.x]) bits[(y - g.y) * g.width + (x - g.x)] = set;
    }
    rememberBits(next, bits);
  }
  return next;
}
