/**
 * Run-length masks moved between boxes of a frame, at the level of runs: a stored mask's runs
 * over its own box become runs over the whole picture (COCO's RLE has `size: [h, w]` of the
 * image), and a whole-picture RLE becomes a mask cropped to its set pixels, without ever making
 * a bitmap of the picture. 100,000 masks of an export cost their runs, not 100,000 frames.
 *
 * Both sides are column-major (rle.ts): position p of a box of height h is column floor(p / h),
 * row p mod h. A set run is cut at its box's column ends; each piece is a span of rows of one
 * frame column, which lands at one place in the other box (clipped to it). Pieces arrive in the
 * other box's order too (column by column, rows downwards), so the new runs are written as they
 * come, joining pieces that touch. The cost is the runs plus the columns a run spans.
 */
import type { MaskGeometry } from '../model/annotation';
import { countsArea, decodeCounts, encodeCounts } from './rle';

/** A box of whole frame pixels: its top-left pixel and size. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Column-major runs over `from` as runs over `to` (both in frame pixels): a pixel of `to` is set
 * when it is set in `from`; pixels of `to` outside `from` are unset, pixels of `from` outside
 * `to` are dropped. The counts must cover `from` exactly (decodeBitmap's check); the answer is
 * canonical as pycocotools writes it (runs alternate from an unset one, the first may be 0, no
 * other is, no trailing unset run of 0).
 */
export function reframeCounts(counts: readonly number[], from: PixelBox, to: PixelBox): number[] {
  const out: number[] = [];
  let end = 0; // position in `to` just past the last set pixel written
  const h = from.height;
  const rowLo = Math.max(from.y, to.y);
  const rowHi = Math.min(from.y + h, to.y + to.height);
  const colLo = Math.max(from.x, to.x);
  const colHi = Math.min(from.x + from.width, to.x + to.width);
  const put = (start: number, length: number) => {
    if (start === end && out.length > 0) out[out.length - 1]! += length;
    else out.push(start - end, length);
    end = start + length;
  };
  let pos = 0;
  let past = false; // a piece right of `to`: every later one is further right
  if (rowLo < rowHi && colLo < colHi) {
    for (let i = 0; i < counts.length && !past; i++) {
      const n = counts[i]!;
      if (i % 2 === 1) {
        const stop = pos + n;
        let p = pos;
        while (p < stop) {
          const col = Math.floor(p / h);
          const top = col * h;
          const colEnd = Math.min(stop, top + h);
          const fx = from.x + col;
          if (fx >= colHi) {
            past = true;
            break;
          }
          if (fx >= colLo) {
            const r0 = Math.max(from.y + (p - top), rowLo);
            const r1 = Math.min(from.y + (colEnd - top), rowHi);
            if (r0 < r1) put((fx - to.x) * to.height + (r0 - to.y), r1 - r0);
          }
          p = colEnd;
        }
      }
      pos += n;
    }
  }
  const rest = to.width * to.height - end;
  if (rest > 0 || out.length === 0) out.push(rest);
  return out;
}

/** The box of the set pixels of column-major runs over width x height (in the grid's own pixels), or null when none is set. */
export function setBoundsOfCounts(counts: readonly number[], width: number, height: number): PixelBox | null {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  let pos = 0;
  for (let i = 0; i < counts.length; i++) {
    const n = counts[i]!;
    if (i % 2 === 1 && n > 0) {
      const first = pos;
      const last = pos + n - 1;
      const c0 = Math.floor(first / height);
      const c1 = Math.floor(last / height);
      minX = Math.min(minX, c0);
      maxX = Math.max(maxX, c1);
      if (c0 === c1) {
        minY = Math.min(minY, first - c0 * height);
        maxY = Math.max(maxY, last - c1 * height);
      } else {
        // A run over a column's end holds the last row of one column and the first of the next.
        minY = 0;
        maxY = height - 1;
      }
    }
    pos += n;
  }
  if (minX > maxX || width <= 0) return null;
  return { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1 };
}

/** A stored mask from runs over a whole width x height picture: cropped to its set pixels; null when none is set. */
export function geometryOfPictureCounts(counts: readonly number[], width: number, height: number): MaskGeometry | null {
  const box = setBoundsOfCounts(counts, width, height);
  if (!box) return null;
  return { ...box, rle: encodeCounts(reframeCounts(counts, { x: 0, y: 0, width, height }, box)) };
}

/** A stored mask's runs over the whole width x height picture (the part of it on the picture). */
export function pictureCountsOfGeometry(g: MaskGeometry, counts: readonly number[], width: number, height: number): number[] {
  return reframeCounts(counts, g, { x: 0, y: 0, width, height });
}

/**
 * The part of a mask on a width x height picture, cropped to its set pixels (a model's mask
 * that strays past the picture's edge); the mask itself when it lies on the picture, null when
 * none of its set pixels does or its runs do not cover its box.
 */
export function clipToPicture(g: MaskGeometry, width: number, height: number): MaskGeometry | null {
  if (g.x >= 0 && g.y >= 0 && g.x + g.width <= width && g.y + g.height <= height) return g;
  const counts = decodeCounts(g.rle);
  if (!counts || countsArea(counts).pixels !== g.width * g.height) return null;
  const x0 = Math.max(0, g.x);
  const y0 = Math.max(0, g.y);
  const on: PixelBox = { x: x0, y: y0, width: Math.min(width, g.x + g.width) - x0, height: Math.min(height, g.y + g.height) - y0 };
  if (on.width <= 0 || on.height <= 0) return null;
  const inside = reframeCounts(counts, g, on);
  const set = setBoundsOfCounts(inside, on.width, on.height);
  if (!set) return null;
  const box: PixelBox = { x: on.x + set.x, y: on.y + set.y, width: set.width, height: set.height };
  return { ...box, rle: encodeCounts(reframeCounts(inside, on, box)) };
}
