/**
 * What a round brush paints: the pixels whose centre lies within the radius of the pointer's
 * path. The path is a chain of capsules (a segment grown by the radius), and a capsule meets a
 * pixel row in one interval, found in closed form; consecutive capsules' intervals on a row
 * mostly overlap, so each row keeps one pending interval and writes it only when the next one
 * does not touch it. A 2,000-pixel stroke at radius 20 thus writes each pixel about once.
 */
import type { Point2 } from '../model/annotation';
import { blankRegion, emptyRegion, wholePixel, type MaskRegion } from './region';

// The row interval being built, kept out of a returned array: a stroke asks tens of thousands of rows.
let spanLo = 0;
let spanHi = 0;

/** Widens [spanLo, spanHi] by the part of the line y = cy within `radius` of the point (px, py). */
function discRow(px: number, py: number, radius: number, cy: number): void {
  const dy = cy - py;
  if (dy > radius || dy < -radius) return;
  const half = Math.sqrt(radius * radius - dy * dy);
  if (px - half < spanLo) spanLo = px - half;
  if (px + half > spanHi) spanHi = px + half;
}

/**
 * A segment grown by the radius, without the disc at its start (the previous segment's end
 * disc covers it): still convex, so each row meets it in one interval. Constants per segment,
 * not per row.
 */
function halfCapsule(a: Point2, b: Point2, radius: number): (cy: number) => boolean {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy);
  const ux = length > 0 ? dx / length : 0;
  const uy = length > 0 ? dy / length : 0;
  return (cy) => {
    spanLo = Infinity;
    spanHi = -Infinity;
    discRow(b.x, b.y, radius, cy);
    if (length > 0) {
      // the band along the segment: 0 <= along <= length and |across| <= radius, both linear in x
      const ry = cy - a.y;
      let lo = -Infinity;
      let hi = Infinity;
      // along = ux (x - ax) + uy ry
      if (ux !== 0) {
        const e0 = a.x - (uy * ry) / ux;
        const e1 = a.x + (length - uy * ry) / ux;
        lo = Math.min(e0, e1);
        hi = Math.max(e0, e1);
      } else if (uy * ry < 0 || uy * ry > length) lo = Infinity;
      // across = ux ry - uy (x - ax)
      if (uy !== 0) {
        const e0 = a.x + (ux * ry - radius) / uy;
        const e1 = a.x + (ux * ry + radius) / uy;
        lo = Math.max(lo, Math.min(e0, e1));
        hi = Math.min(hi, Math.max(e0, e1));
      } else if (Math.abs(ux * ry) > radius) lo = Infinity;
      if (lo <= hi) {
        if (lo < spanLo) spanLo = lo;
        if (hi > spanHi) spanHi = hi;
      }
    }
    return spanLo <= spanHi;
  };
}

/**
 * The pixels a round brush of `radius` (frame pixels) covers along the polyline `points` (one
 * point = a dot): pixel set when its centre is within radius of the path. Radius >= 0.5 (a
 * smaller one is taken as 0.5). The pixel under each point is always set as well: at the
 * thinnest brush a click on a pixel corner is within 0.5 of no centre, and a click must paint.
 * No points: the empty region.
 */
export function rasterizeStroke(points: readonly Point2[], radius: number): MaskRegion {
  if (points.length === 0) return emptyRegion();
  if (!Number.isFinite(radius)) throw new RangeError(`a brush radius must be a finite number, not ${radius}`);
  const r = Math.max(radius, 0.5);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new RangeError('a brush point is not a finite number');
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  // pixels whose centre (i + 0.5) can be within r of the path; the pixel under a point is among them since r >= 0.5
  const x0 = wholePixel(Math.ceil(minX - r - 0.5));
  const y0 = wholePixel(Math.ceil(minY - r - 0.5));
  const out = blankRegion(x0, y0, Math.floor(maxX + r - 0.5) - x0 + 1, Math.floor(maxY + r - 0.5) - y0 + 1);
  const { width, height, bits } = out;
  // one pending interval per row, in the region's pixel indices (lo > hi: none)
  const pendLo = new Int32Array(height).fill(1);
  const pendHi = new Int32Array(height);
  const flush = (j: number) => {
    if (pendLo[j]! <= pendHi[j]!) bits.fill(1, j * width + pendLo[j]!, j * width + pendHi[j]! + 1);
  };
  const paint = (a: Point2, b: Point2) => {
    const top = Math.max(0, Math.ceil(Math.min(a.y, b.y) - r - 0.5) - y0);
    const bottom = Math.min(height - 1, Math.floor(Math.max(a.y, b.y) + r - 0.5) - y0);
    const rowOf = halfCapsule(a, b, r);
    for (let j = top; j <= bottom; j++) {
      if (!rowOf(y0 + j + 0.5)) continue;
      const lo = Math.max(0, Math.ceil(spanLo - 0.5) - x0);
      const hi = Math.min(width - 1, Math.floor(spanHi - 0.5) - x0);
      if (lo > hi) continue;
      if (pendLo[j]! <= pendHi[j]! && lo <= pendHi[j]! + 1 && hi >= pendLo[j]! - 1) {
        pendLo[j] = Math.min(pendLo[j]!, lo);
        pendHi[j] = Math.max(pendHi[j]!, hi);
      } else {
        flush(j);
        pendLo[j] = lo;
        pendHi[j] = hi;
      }
    }
  };
  paint(points[0]!, points[0]!); // the disc at the start
  for (let k = 1; k < points.length; k++) paint(points[k - 1]!, points[k]!);
  for (let j = 0; j < height; j++) flush(j);
  for (const p of points) bits[(Math.floor(p.y) - y0) * width + (Math.floor(p.x) - x0)] = 1;
  return out;
}
