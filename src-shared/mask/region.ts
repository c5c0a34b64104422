/**
 * A mask being worked on: a plain bitmap placed on the frame's pixel grid. Stored masks are
 * run-length text over their own box (rle.ts); every edit decodes into a region, combines
 * regions pixel by pixel, and encodes the result cropped to its set pixels, so a stored box is
 * always tight and a save costs the runs of one object.
 *
 * Every function here answers a new region with bits of its own (the inputs are never changed
 * and never shared) except regionOfGeometry, which answers the geometry's cached bitmap.
 */
import { ANNOTATION_LIMITS, type MaskGeometry } from '../model/annotation';
import { maskBits, rememberBits } from './maskBits';
import { encodeBitmap } from './rle';

/** A bitmap on the frame's pixel grid: pixel (i, j) of `bits` (row-major, width*height, 0/1) is frame pixel (x+i, y+j). */
export interface MaskRegion {
  x: number;
  y: number;
  width: number;
  height: number;
  bits: Uint8Array;
}

/**
 * An all-unset region. A box past what one mask may hold is refused with a RangeError that says
 * so, instead of the engine's bare "invalid array length" or an out-of-memory crash.
 */
export function blankRegion(x: number, y: number, width: number, height: number): MaskRegion {
  if (width * height > ANNOTATION_LIMITS.maskPixels) {
    throw new RangeError(`a mask box of ${width} x ${height} pixels is larger than a mask may be (${ANNOTATION_LIMITS.maskPixels} pixels)`);
  }
  return { x, y, width, height, bits: new Uint8Array(width * height) };
}

/** A pixel index from Math.ceil or Math.floor, without the -0 that Math.ceil(-0.5) answers (it would show in a stored box). */
export const wholePixel = (v: number): number => (v === 0 ? 0 : v);

/** The region of no pixels (what an empty stroke covers). */
export const emptyRegion = (): MaskRegion => blankRegion(0, 0, 0, 0);

const hasNoBox = (r: MaskRegion) => r.width <= 0 || r.height <= 0;

/** The geometry's bitmap as a region: the decoded bits are cached per geometry and shared, so callers must not change them. */
export function regionOfGeometry(g: MaskGeometry): MaskRegion {
  return { x: g.x, y: g.y, width: g.width, height: g.height, bits: maskBits(g) };
}

/** The box of the set pixels, in the region's own pixel indices (inclusive), or null when none is set. */
export function setPixelBounds(r: MaskRegion): { minX: number; minY: number; maxX: number; maxY: number } | null {
  if (hasNoBox(r)) return null;
  const { bits, width } = r;
  // indexOf/lastIndexOf are native scans; rows between the first and last set row are searched
  // only outside the columns already known to hold a set pixel, so no pixel is read twice.
  const first = bits.indexOf(1);
  if (first < 0) return null;
  const last = bits.lastIndexOf(1);
  const minY = Math.floor(first / width);
  const maxY = Math.floor(last / width);
  let minX = first - minY * width;
  let maxX = last - maxY * width;
  if (minX > maxX) [minX, maxX] = [maxX, minX];
  for (let j = minY; j <= maxY; j++) {
    const row = j * width;
    if (minX > 0) {
      const k = bits.subarray(row, row + minX).indexOf(1);
      if (k >= 0) minX = k;
    }
    if (maxX < width - 1) {
      const k = bits.subarray(row + maxX + 1, row + width).lastIndexOf(1);
      if (k >= 0) maxX += k + 1;
    }
  }
  return { minX, minY, maxX, maxY };
}

/** The rows [x0, x0+w) x [y0, y0+h) of r (region indices, inside r) as a bitmap of their own. */
function cropBits(r: MaskRegion, x0: number, y0: number, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let j = 0; j < h; j++) {
    const from = (y0 + j) * r.width + x0;
    out.set(r.bits.subarray(from, from + w), j * w);
  }
  return out;
}

/**
 * The stored form of a region: cropped to its set pixels (a tight box), encoded, and its bitmap
 * handed to the decode cache (a copy: the caller may go on changing the region). Null when no
 * pixel is set, since a mask of nothing is not an object.
 */
export function geometryOfRegion(r: MaskRegion): MaskGeometry | null {
  const b = setPixelBounds(r);
  if (!b) return null;
  const width = b.maxX - b.minX + 1;
  const height = b.maxY - b.minY + 1;
  const bits = cropBits(r, b.minX, b.minY, width, height);
  const g: MaskGeometry = { x: r.x + b.minX, y: r.y + b.minY, width, height, rle: encodeBitmap(bits, width, height) };
  rememberBits(g, bits);
  return g;
}

/** The common box of a and b in frame pixels, or null when the boxes do not meet. */
function overlapBox(a: MaskRegion, b: MaskRegion): { x0: number; y0: number; x1: number; y1: number } | null {
  const x0 = Math.max(a.x, b.x);
  const y0 = Math.max(a.y, b.y);
  const x1 = Math.min(a.x + a.width, b.x + b.width);
  const y1 = Math.min(a.y + a.height, b.y + b.height);
  return x0 < x1 && y0 < y1 ? { x0, y0, x1, y1 } : null;
}

const copyOf = (r: MaskRegion): MaskRegion => ({ x: r.x, y: r.y, width: r.width, height: r.height, bits: r.bits.slice() });

/** ORs a w x h bitmap into `into` (row stride `stride`) from index `at`: a small loop of its own, so it is compiled for itself. */
function orInto(into: Uint8Array, stride: number, from: Uint8Array, w: number, h: number, at: number): void {
  for (let j = 0; j < h; j++) {
    const src = j * w;
    const dst = at + j * stride;
    for (let i = 0; i < w; i++) into[dst + i]! |= from[src + i]!;
  }
}

/** Pixels set in a or b, over the union of both boxes (a region with no box counts as nothing). */
export function unionRegions(a: MaskRegion, b: MaskRegion): MaskRegion {
  if (hasNoBox(b)) return copyOf(a);
  if (hasNoBox(a)) return copyOf(b);
  const x0 = Math.min(a.x, b.x);
  const y0 = Math.min(a.y, b.y);
  const out = blankRegion(x0, y0, Math.max(a.x + a.width, b.x + b.width) - x0, Math.max(a.y + a.height, b.y + b.height) - y0);
  const o = out.bits;
  for (let j = 0; j < a.height; j++) {
    o.set(a.bits.subarray(j * a.width, (j + 1) * a.width), (a.y - y0 + j) * out.width + (a.x - x0));
  }
  orInto(o, out.width, b.bits, b.width, b.height, (b.y - y0) * out.width + (b.x - x0));
  return out;
}

/** a AND NOT b, over a's box (what an eraser stroke b leaves of mask a). */
export function subtractRegion(a: MaskRegion, b: MaskRegion): MaskRegion {
  const out = copyOf(a);
  const box = overlapBox(a, b);
  if (!box) return out;
  const o = out.bits;
  const w = box.x1 - box.x0;
  for (let y = box.y0; y < box.y1; y++) {
    const src = (y - b.y) * b.width + (box.x0 - b.x);
    const dst = (y - a.y) * a.width + (box.x0 - a.x);
    // bits are 0 or 1: a & (b ^ 1) clears exactly where b is set, without a branch
    for (let i = 0; i < w; i++) o[dst + i]! &= b.bits[src + i]! ^ 1;
  }
  return out;
}

/** Pixels set in both, over the common box; null when no pixel is set in both. */
export function intersectRegions(a: MaskRegion, b: MaskRegion): MaskRegion | null {
  const box = overlapBox(a, b);
  if (!box) return null;
  const out = blankRegion(box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0);
  let any = 0;
  for (let y = box.y0; y < box.y1; y++) {
    const sa = (y - a.y) * a.width + (box.x0 - a.x);
    const sb = (y - b.y) * b.width + (box.x0 - b.x);
    const dst = (y - box.y0) * out.width;
    for (let i = 0; i < out.width; i++) any |= out.bits[dst + i] = a.bits[sa + i]! & b.bits[sb + i]!;
  }
  return any ? out : null;
}

/** The number of pixels set in both a and b (0 when their boxes do not meet). */
function commonArea(a: MaskRegion, b: MaskRegion, stopAtFirst: boolean): number {
  const box = overlapBox(a, b);
  if (!box) return 0;
  const w = box.x1 - box.x0;
  let n = 0;
  for (let y = box.y0; y < box.y1; y++) {
    const sa = (y - a.y) * a.width + (box.x0 - a.x);
    const sb = (y - b.y) * b.width + (box.x0 - b.x);
    for (let i = 0; i < w; i++) n += a.bits[sa + i]! & b.bits[sb + i]!;
    if (stopAtFirst && n > 0) return n;
  }
  return n;
}

/** Whether a and b have a set pixel in common (boxes that do not meet answer at once). */
export const regionsOverlap = (a: MaskRegion, b: MaskRegion): boolean => commonArea(a, b, true) > 0;

/** The number of set pixels. */
export function regionArea(r: MaskRegion): number {
  let n = 0;
  const bits = r.bits;
  for (let k = 0; k < bits.length; k++) n += bits[k]!;
  return n;
}

/** Intersection over union of the set pixels; 0 when both are empty. */
export function maskIoU(a: MaskRegion, b: MaskRegion): number {
  const common = commonArea(a, b, false);
  const union = regionArea(a) + regionArea(b) - common;
  return union === 0 ? 0 : common / union;
}

/** The part of r on a frame of width x height pixels (0..width, 0..height); null when none of its set pixels is on it. */
export function clipRegion(r: MaskRegion, width: number, height: number): MaskRegion | null {
  const frame = { x: 0, y: 0, width, height, bits: r.bits };
  const box = overlapBox(r, frame);
  if (!box) return null;
  const out: MaskRegion = { x: box.x0, y: box.y0, width: box.x1 - box.x0, height: box.y1 - box.y0, bits: cropBits(r, box.x0 - r.x, box.y0 - r.y, box.x1 - box.x0, box.y1 - box.y0) };
  return out.bits.indexOf(1) >= 0 ? out : null;
}
