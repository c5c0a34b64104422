/**
 * A mask read from its runs alone, without its bitmap: where each run starts, kept per geometry
 * (a few bytes a run, where a bitmap is a byte a pixel). A mask over a 20,000 px frame has a
 * bitmap of 400 MB and perhaps 100,000 runs: hit tests and pictures read the runs.
 */
import type { MaskGeometry } from '../model/annotation';
import { decodeCounts } from './rle';

const starts = new WeakMap<MaskGeometry, Float64Array>();

/** Where each run begins, in column-major positions, with the total at the end (empty for a text that does not decode). */
export function runStarts(g: MaskGeometry): Float64Array {
  let s = starts.get(g);
  if (!s) {
    const counts = decodeCounts(g.rle) ?? [];
    s = new Float64Array(counts.length + 1);
    for (let i = 0; i < counts.length; i++) s[i + 1] = s[i]! + counts[i]!;
    starts.set(g, s);
  }
  return s;
}

/** Whether the frame pixel under (x, y) is set: a binary search for the run holding its position. */
export function maskHasPixel(g: MaskGeometry, x: number, y: number): boolean {
  const px = Math.floor(x) - g.x;
  const py = Math.floor(y) - g.y;
  if (px < 0 || py < 0 || px >= g.width || py >= g.height) return false;
  const s = runStarts(g);
  const pos = px * g.height + py;
  let lo = 0;
  let hi = s.length - 2;
  if (hi < 0 || pos >= s[s.length - 1]!) return false;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (s[mid]! <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo % 2 === 1;
}

/**
 * Calls `set(column, fromRow, toRow)` for every stretch of set pixels, column by column
 * (rows end-exclusive), in the mask's own pixel indices.
 */
export function forEachSetStretch(g: MaskGeometry, set: (column: number, fromRow: number, toRow: number) => void): void {
  const s = runStarts(g);
  const h = g.height;
  for (let i = 1; i < s.length - 1; i += 2) {
    let pos = s[i]!;
    const end = s[i + 1]!;
    while (pos < end) {
      const column = Math.floor(pos / h);
      const row = pos - column * h;
      const stop = Math.min(end, (column + 1) * h);
      set(column, row, row + (stop - pos));
      pos = stop;
    }
  }
}
