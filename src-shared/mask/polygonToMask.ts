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

/** The pixel box of a scan, in frame pixels. */
export interface ScanBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A scan ready to run: the box its pixels can be in, and the runs of set pixels row by row. */
export interface PolygonScan {
  box: ScanBox;
  /** Calls `span(row, from, to)` for each run of pixels inside (frame pixels, `to` end-exclusive), rows from the top, left to right in a row. */
  spans(span: (row: number, from: number, to: number) => void): void;
}

/**
 * The pixels whose centre is inside the rings (even-odd: a ring inside another is a hole), as
 * runs per row; only those inside `clip` when given. Null when no pixel can be inside (too few
 * points, or nothing inside the clip). No bitmap is made: the cost is the rows plus the edges.
 */
export function polygonScan(rings: readonly (readonly Point2[])[], clip?: ScanBox): PolygonScan | null {
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
  let x0 = wholePixel(Math.ceil(minX - 0.5));
  let y0 = wholePixel(Math.ceil(minY - 0.5));
  let x1 = Math.ceil(maxX - 0.5);
  let y1 = Math.ceil(maxY - 0.5);
  if (clip) {
    x0 = Math.max(x0, clip.x);
    y0 = Math.max(y0, clip.y);
    x1 = Math.min(x1, clip.x + clip.width);
    y1 = Math.min(y1, clip.y + clip.height);
  }
  const width = x1 - x0;
  const height = y1 - y0;
  if (width <= 0 || height <= 0) return null;
  const box = { x: x0, y: y0, width, height };
  return { box, spans: (span) => scanRows(kept, box, span) };
}

/** The scanline of polygonScan over its box (see the file's comment). */
function scanRows(kept: readonly Point2[][], box: ScanBox, span: (row: number, from: number, to: number) => void): void {
  const { x: x0, y: y0, width, height } = box;
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
      const first = Math.max(0, Math.ceil(top.y - 0.5) - y0); // first row with top.y <= cy (rows above a clip are not scanned)
      const last = Math.ceil(bottom.y - 0.5) - y0 - 1; // last row with cy < bottom.y
      if (first > last || first >= height) continue;
      const id = edges.length;
      edges.push(top.x, top.y, (bottom.x - top.x) / (bottom.y - top.y), last);
      byRow[first]!.push(id);
    }
  }

  let active: number[] = [];
  const xs: number[] = [];
  for (let j = 0; j < height; j++) {
    active = active.filter((e) => edges[e + 3]! >= j);
    for (const e of byRow[j]!) active.push(e);
    if (active.length === 0) continue;
    const cy = y0 + j + 0.5;
    xs.length = 0;
    for (const e of active) xs.push(edges[e]! + (cy - edges[e + 1]!) * edges[e + 2]!);
    xs.sort((p, q) => p - q);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      // pixels with xs[k] <= i + 0.5 < xs[k+1]
      const from = Math.max(x0, Math.ceil(xs[k]! - 0.5));
      const to = Math.min(x0 + width, Math.ceil(xs[k + 1]! - 0.5));
      if (from < to) span(y0 + j, from, to);
    }
  }
}

/** Pixels whose centre is inside the rings (even-odd: a ring inside another is a hole), null when none. */
export function rasterizePolygons(rings: readonly (readonly Point2[])[]): MaskRegion | null {
  const scan = polygonScan(rings);
  if (!scan) return null;
  const { x, y, width, height } = scan.box;
  const out = blankRegion(x, y, width, height);
  const { bits } = out;
  scan.spans((row, from, to) => bits.fill(1, (row - y) * width + from - x, (row - y) * width + to - x));
  return bits.indexOf(1) >= 0 ? out : null;
}
