/**
 * SAM's answer in the picture's own pixels. The decoder's low-resolution logits (LOW_RES x
 * LOW_RES over the padded SAM_SIDE-px input, one cell per 4 input px; a team's SAM may have
 * another grid over another side: `cells` and the frame's `side`) are read as SAM's own
 * post-processing reads them (bilinear, half-pixel centres, edges clamped; its two resizes,
 * to 1024 then to the picture, taken as one): a pixel belongs to the object where the
 * interpolated logit is above 0.
 *
 * The mask is never a picture-sized bitmap: along a column of the picture the interpolated
 * logit is piecewise linear, so each column's runs come from where it crosses 0 between two
 * grid rows (at most LOW_RES crossings), and the runs go straight into COCO's run-length text
 * over the mask's own bounding box. The cost is columns x LOW_RES whatever the picture's
 * height: a 40,000 px frame costs what a 1,000 px one does per column. The polygon's bitmap is
 * sampled at a bounded size (outlineBitmap).
 */
import { ANNOTATION_LIMITS, type MaskGeometry } from '../../src-shared/model/annotation';
import { encodeCounts } from '../../src-shared/mask/rle';
import { SAM_SIDE, type SamFrame } from './samPrompt';

/** The decoder's low-resolution mask side. */
export const LOW_RES = 256;

/** Where continuous picture coordinate `at` falls on the grid of `n` cells: the two cells and the weight of the second. */
function gridAt(at: number, cellsPerPixel: number, n: number): { i0: number; i1: number; w: number } {
  const u = Math.max(0, at * cellsPerPixel - 0.5);
  const i0 = Math.min(Math.floor(u), n - 1);
  return { i0, i1: Math.min(i0 + 1, n - 1), w: i0 === n - 1 ? 0 : u - i0 };
}

/** Grid cells per picture pixel, across and down, for a grid of `n` cells over the frame's padded input. */
function scales(frame: SamFrame, n: number) {
  const cell = (frame.side ?? SAM_SIDE) / n;
  return { kx: frame.inputWidth / frame.sourceWidth / cell, ky: frame.inputHeight / frame.sourceHeight / cell };
}

export interface SamMask {
  /** the set pixels, cropped to their bounding box; null when the box passes the annotation limits */
  geometry: MaskGeometry | null;
  /** the bounding box of the set pixels (without a geometry: of the cells that are set) */
  box: { x: number; y: number; width: number; height: number };
  /** set pixels (0 without a geometry) */
  area: number;
}

/** The mask of the logits (`cells` x `cells`) on the picture, or null when no pixel is set. */
export function maskOfLogits(logits: Float32Array, frame: SamFrame, cells = LOW_RES): SamMask | null {
  const W = frame.sourceWidth;
  const H = frame.sourceHeight;
  const { kx, ky } = scales(frame, cells);
  // grid rows the picture reaches: row v(t) = (t + 0.5) * ky - 0.5 for pixel row t
  const lastSegment = Math.min(cells - 1, Math.floor(Math.max(0, (H - 0.5) * ky - 0.5)) + 1);
  const positiveColumn = new Uint8Array(cells);
  let iMin = cells;
  let iMax = -1;
  let jMin = cells;
  let jMax = -1;
  for (let j = 0; j <= lastSegment; j++) {
    for (let i = 0; i < cells; i++) {
      if (!(logits[j * cells + i]! > 0)) continue;
      positiveColumn[i] = 1;
      iMin = Math.min(iMin, i);
      iMax = Math.max(iMax, i);
      jMin = Math.min(jMin, j);
      jMax = Math.max(jMax, j);
    }
  }
  if (iMax < 0) return null;
  // the picture columns (rows) whose reading touches a positive cell: only these are read
  const span = (lo: number, hi: number, k: number, n: number) => [Math.max(0, Math.floor((lo - 0.5) / k - 0.5)), Math.min(n - 1, Math.ceil((hi + 1.5) / k - 0.5))] as const;
  const [xFrom, xTo] = span(iMin, iMax, kx, W);
  if (xTo - xFrom + 1 > ANNOTATION_LIMITS.maskSide) {
    // wider than any mask may be (a frame of extreme shape): no runs, the outline is traced over the cells' extent
    const [yFrom, yTo] = span(jMin, jMax, ky, H);
    return { geometry: null, box: { x: xFrom, y: yFrom, width: xTo - xFrom + 1, height: yTo - yFrom + 1 }, area: 0 };
  }

  // pass 1: each picture column's runs [start, end), flat, with where each column's begin
  const runs: number[] = [];
  const columnStart = new Int32Array(xTo - xFrom + 2);
  const c = new Float64Array(lastSegment + 1);
  let x0 = W;
  let x1 = -1;
  let y0 = H;
  let y1 = 0;
  const clampRow = (t: number) => Math.min(H, Math.max(0, t));
  for (let x = xFrom; x <= xTo; x++) {
    columnStart[x - xFrom] = runs.length;
    const g = gridAt(x + 0.5, kx, cells);
    if (!positiveColumn[g.i0] && !positiveColumn[g.i1]) continue;
    for (let j = 0; j <= lastSegment; j++) c[j] = logits[j * cells + g.i0]! * (1 - g.w) + logits[j * cells + g.i1]! * g.w;
    let on = c[0]! > 0;
    let start = 0;
    const before = runs.length;
    for (let j = 0; j < lastSegment; j++) {
      const a = c[j]!;
      const b = c[j + 1]!;
      if (a > 0 === b > 0) continue;
      // the logit is 0 at grid row vz, picture row tz; pixel t is set where the logit at t is above 0
      const vz = j + a / (a - b);
      const tz = (vz + 0.5) / ky - 0.5;
      if (on) {
        const end = clampRow(Math.ceil(tz));
        if (end > start) runs.push(start, end);
        on = false;
      } else {
        start = clampRow(Math.floor(tz) + 1);
        on = true;
      }
    }
    if (on && H > start) runs.push(start, H);
    if (runs.length > before) {
      x0 = Math.min(x0, x);
      x1 = x;
      y0 = Math.min(y0, runs[before]!);
      y1 = Math.max(y1, runs[runs.length - 1]!);
    }
  }
  columnStart[xTo - xFrom + 1] = runs.length;
  if (x1 < 0) return null;

  // pass 2: column-major counts over the box, starting with a run of 0s
  const counts: number[] = [];
  let value = 0;
  let length = 0;
  let area = 0;
  const put = (v: number, n: number) => {
    if (n <= 0) return;
    if (v === value) length += n;
    else {
      counts.push(length);
      value = v;
      length = n;
    }
  };
  for (let x = x0; x <= x1; x++) {
    let at = y0;
    for (let k = columnStart[x - xFrom]!; k < columnStart[x - xFrom + 1]!; k += 2) {
      put(0, runs[k]! - at);
      put(1, runs[k + 1]! - runs[k]!);
      area += runs[k + 1]! - runs[k]!;
      at = runs[k + 1]!;
    }
    put(0, y1 - at);
  }
  counts.push(length);
  const box = { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 };
  const storable = box.width <= ANNOTATION_LIMITS.maskSide && box.height <= ANNOTATION_LIMITS.maskSide && box.width * box.height <= ANNOTATION_LIMITS.maskPixels;
  const rle = storable ? encodeCounts(counts) : '';
  const geometry = storable && rle.length <= ANNOTATION_LIMITS.maskText ? { ...box, rle } : null;
  return { geometry, box, area };
}

/**
 * The mask over `box` (picture pixels) as a row-major bitmap of `scale` bitmap pixels per
 * picture pixel, each bitmap pixel the logit at its centre: what the outline is traced on.
 */
export function outlineBitmap(logits: Float32Array, frame: SamFrame, box: { x: number; y: number; width: number; height: number }, scale: number, cells = LOW_RES): { bits: Uint8Array; width: number; height: number } {
  const { kx, ky } = scales(frame, cells);
  const width = Math.max(1, Math.ceil(box.width * scale));
  const height = Math.max(1, Math.ceil(box.height * scale));
  const cols = Array.from({ length: width }, (_, i) => gridAt(box.x + (i + 0.5) / scale, kx, cells));
  const bits = new Uint8Array(width * height);
  for (let r = 0; r < height; r++) {
    const g = gridAt(box.y + (r + 0.5) / scale, ky, cells);
    const row0 = g.i0 * cells;
    const row1 = g.i1 * cells;
    for (let q = 0; q < width; q++) {
      const col = cols[q]!;
      const top = logits[row0 + col.i0]! * (1 - col.w) + logits[row0 + col.i1]! * col.w;
      const bottom = logits[row1 + col.i0]! * (1 - col.w) + logits[row1 + col.i1]! * col.w;
      if (top * (1 - g.w) + bottom * g.w > 0) bits[r * width + q] = 1;
    }
  }
  return { bits, width, height };
}
