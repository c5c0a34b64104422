/**
 * Polygons to a mask, by the pixel-centre rule: a pixel is set when its centre is inside. A
 * polygon traced along pixel edges (contours.ts) therefore comes back as exactly the pixels it
 * was traced from, since no centre lies on such an edge.
 *
 * Scanline with an edge table: each edge is listed at the first pixel row whose centre line it
 * crosses and dropped after its last, so a row looks only at the edges that cross it, and the
 * crossings sorted left to right pair up into runs (even-odd: every ring crossed toggles).
 */
import type { Point2 } from '../model/annotation';
import { blankRegion, wholePixel, type MaskRegion } from './region';

/** A ring's points without repeats of the same position one after another (a closing copy of the first point included). */
function distinctRun(ring: readonly Point2[]): Point2[] {
  const out: Point2[] = [];
  for (const p of ring) {
    const last = out[out.length - 1];
    if (!last || last.x !== p.x || last.y !== p.y) out.push(p);
  }
  while (out.length > 1 && out[0]!.x === out[out.length - 1]!.x && out[0]!.y === out[out.length - 1]!.y) out.pop();
  return out;
}

/** Whether a ring has three distinct points (fewer enclose nothing). */
function enclosesSomething(ring: readonly Point2[]): boolean {
  const seen = new Set<string>();
  for (const p of ring) {
    seen.add(`${p.x},${p.y}`);
    if (seen.size >= 3) return true;
  }
  return false;
}

/** Pixels whose centre is inside the rings (even-odd: a ring inside another is a hole), null when none. */
export function rasterizePolygons(rings: readonly (readonly Point2[])[]): MaskRegion | null {
  const kept = rings.filter(enclosesSomething).map(distinctRun);
  if (kept.length === 0) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const ring of kept) {
    for (const p of ring) {
      if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new RangeError('a polygon point is not a finite number');
      minX = Math.min(minX, p.x);
      minY = Math.min(minY, p.y);
      maxX = Math.max(maxX, p.x);
      maxY = Math.max(maxY, p.y);
    }
  }
  // pixel i can be inside when minX <= i + 0.5 < maxX
  const x0 = wholePixel(Math.ceil(minX - 0.5));
  const y0 = wholePixel(Math.ceil(minY - 0.5));
  const width = Math.ceil(maxX - 0.5) - x0;
  const height = Math.ceil(maxY - 0.5) - y0;
  if (width <= 0 || height <= 0) return null;
  const out = blankRegion(x0, y0, width, height);

  // Edges as (top y, bottom y, x at top, dx/dy), listed by the first row whose centre they cross:
  // a row with centre cy is crossed when top <= cy < bottom (half-open, so a vertex on the
  // centre line counts once for the two edges that meet there, and horizontal edges never).
  const byRow: number[][] = Array.from({ length: height }, () => []);
  const edges: number[] = [];
  for (const ring of kept) {
    for (let k = 0; k < ring.length; k++) {
      const a = ring[k]!;
      const b = ring[(k + 1) % ring.length]!;
      if (a.y === b.y) continue;
      const [top, bottom] = a.y < b.y ? [a, b] : [b, a];
      const first = Math.ceil(top.y - 0.5) - y0; // first row with top.y <= cy
      const last = Math.ceil(bottom.y - 0.5) - y0 - 1; // last row with cy < bottom.y
      if (first > last) continue;
      const id = edges.length;
      edges.push(top.x, top.y, (bottom.x - top.x) / (bottom.y - top.y), last);
      byRow[first]!.push(id);
    }
  }

  let active: number[] = [];
  const xs: number[] = [];
  const { bits } = out;
  for (let j = 0; j < height; j++) {
    active = active.filter((e) => edges[e + 3]! >= j);
    for (const e of byRow[j]!) active.push(e);
    if (active.length === 0) continue;
    const cy = y0 + j + 0.5;
    xs.length = 0;
    for (const e of active) xs.push(edges[e]! + (cy - edges[e + 1]!) * edges[e + 2]!);
    xs.sort((p, q) => p - q);
    const row = j * width;
    for (let k = 0; k + 1 < xs.length; k += 2) {
      // pixels with xs[k] <= i + 0.5 < xs[k+1]
      const from = Math.max(0, Math.ceil(xs[k]! - 0.5) - x0);
      const to = Math.min(width, Math.ceil(xs[k + 1]! - 0.5) - x0);
      if (from < to) bits.fill(1, row + from, row + to);
    }
  }
  return bits.indexOf(1) >= 0 ? out : null;
}
