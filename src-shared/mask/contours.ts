/**
 * Outlines of a mask, for turning it into polygons (the polygon tool, COCO polygons, YOLO-seg).
 *
 * The outline runs along pixel edges, through pixel corners, so before simplification it is the
 * mask exactly: rasterizePolygons (pixel centres inside) gives back the same pixels. Set pixels
 * that touch only at a corner are one part (8-connected), and the unset pixels there are not
 * joined (4-connected), as in fill.ts: a diagonal brush line is one part, and the hole it closes
 * is a hole.
 *
 * Tracing: one scan of the rows; at a set pixel whose left or right side is a boundary not yet
 * walked, the boundary is walked with the set pixels on the right-hand side, marking each
 * vertical side walked. In frame coordinates (y down) that makes outer rings clockwise on
 * screen (a positive shoelace sum) and holes the other way. A boundary first met at a pixel's
 * left side is always an outer ring (the top-left pixel of its part), one met at a right side a
 * hole; a hole belongs to the part that holds the run of pixels just left of it.
 */
import type { MaskGeometry, Point2 } from '../model/annotation';
import { bridgeHoles } from './holeBridge';
import { regionOfGeometry, type MaskRegion } from './region';
import { simplifyRing } from './simplifyRing';

export { bridgeHoles } from './holeBridge';

// Directions in frame coordinates (y down): right, down, left, up. Turning right is +1.
const DX = [1, 0, -1, 0] as const;
const DY = [0, 1, 0, -1] as const;
// The two pixels ahead at a corner, as offsets from the corner to the pixel's top-left, for each
// direction: ahead-left (on the unset side) and ahead-right (on the set side).
const AHEAD_LEFT_X = [0, 0, -1, -1] as const;
const AHEAD_LEFT_Y = [-1, 0, 0, -1] as const;
const AHEAD_RIGHT_X = [0, -1, -1, 0] as const;
const AHEAD_RIGHT_Y = [0, 0, -1, -1] as const;

const LEFT_WALKED = 2;
const RIGHT_WALKED = 4;

interface TracedRing {
  /** corners, x0 y0 x1 y1 ..., in the region's pixel-corner coordinates */
  corners: number[];
  /** shoelace area: + for an outer ring, - for a hole; its size is the pixels inside */
  area: number;
  /** for a hole, the outer ring of the part it is in */
  parent: number;
}

/** Walks one boundary from the corner (sx, sy) in direction sd, marking the vertical sides it walks in `walked`. */
function traceRing(bits: Uint8Array, walked: Uint8Array, width: number, height: number, sx: number, sy: number, sd: number, id: number, leftSides: Map<number, number>): TracedRing {
  const setAt = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height && bits[y * width + x] === 1;
  const corners: number[] = [];
  let x = sx;
  let y = sy;
  let d = sd;
  let area = 0;
  do {
    if (d === 1) walked[y * width + x - 1]! |= RIGHT_WALKED;
    else if (d === 3) {
      const k = (y - 1) * width + x;
      walked[k]! |= LEFT_WALKED;
      leftSides.set(k, id);
    }
    const nx = x + DX[d]!;
    const ny = y + DY[d]!;
    area += x * ny - nx * y;
    x = nx;
    y = ny;
    // Set pixels on the right: turn left when the pixel ahead-left is set (this also joins two
    // pixels that touch at a corner), go on while the one ahead-right is set, else turn right.
    const turned = setAt(x + AHEAD_LEFT_X[d]!, y + AHEAD_LEFT_Y[d]!) ? (d + 3) & 3 : setAt(x + AHEAD_RIGHT_X[d]!, y + AHEAD_RIGHT_Y[d]!) ? d : (d + 1) & 3;
    if (turned !== d) corners.push(x, y);
    d = turned;
  } while (x !== sx || y !== sy || d !== sd);
  return { corners, area: area / 2, parent: -1 };
}

/** Every boundary of the set pixels, holes knowing their part's outer ring. */
function traceAll(r: MaskRegion): TracedRing[] {
  const { width, height } = r;
  // 0/1 pixels as given (regions made here hold nothing else; a decoded mask neither)
  const bits = r.bits;
  const walked = new Uint8Array(width * height);
  const rings: TracedRing[] = [];
  const leftSides = new Map<number, number>(); // pixel index -> ring whose walk took that pixel's left side
  // Run by run: indexOf is a native scan, so the empty and the filled stretches of a photo's
  // mask cost next to nothing; only each run's first and last pixel are looked at.
  let k = 0;
  for (;;) {
    const start = bits.indexOf(1, k);
    if (start < 0) break;
    const rowEnd = (Math.floor(start / width) + 1) * width;
    const gap = bits.indexOf(0, start);
    const end = gap < 0 || gap > rowEnd ? rowEnd : gap;
    const j = Math.floor(start / width);
    if (!(walked[start]! & LEFT_WALKED)) rings.push(traceRing(bits, walked, width, height, start - j * width, j + 1, 3, rings.length, leftSides));
    if (!(walked[end - 1]! & RIGHT_WALKED)) {
      // A hole of the part this run is in: the run's left side was walked by that part's outer
      // ring or by another of its holes, met earlier in the scan.
      const beside = leftSides.get(start)!;
      const hole = traceRing(bits, walked, width, height, end - j * width, j, 1, rings.length, leftSides);
      hole.parent = rings[beside]!.area > 0 ? beside : rings[beside]!.parent;
      rings.push(hole);
    }
    k = end;
  }
  return rings;
}

function toPoints(corners: number[], dx: number, dy: number): Point2[] {
  const out: Point2[] = [];
  for (let k = 0; k < corners.length; k += 2) out.push({ x: corners[k]! + dx, y: corners[k + 1]! + dy });
  return out;
}

/**
 * Outlines of the set pixels along pixel edges (frame coordinates of pixel corners), each outer
 * ring with the holes inside it, simplified (Douglas-Peucker) to within `tolerance` px (default
 * 0.7), dropping parts smaller than `minArea` pixels (default 4): an outer ring that small goes
 * with its holes, a hole that small is filled. Outer rings are clockwise on screen, holes
 * counter-clockwise; rings that simplify to fewer than 3 points are dropped.
 */
export function maskContours(r: MaskRegion, tolerance = 0.7, minArea = 4): { outer: Point2[]; holes: Point2[][] }[] {
  if (r.width <= 0 || r.height <= 0) return [];
  const rings = traceAll(r);
  const parts = new Map<number, { outer: Point2[]; holes: Point2[][] }>();
  rings.forEach((ring, id) => {
    if (ring.area <= 0 || ring.area < minArea) return;
    const outer = simplifyRing(toPoints(ring.corners, r.x, r.y), tolerance);
    if (outer.length >= 3) parts.set(id, { outer, holes: [] });
  });
  for (const ring of rings) {
    const part = ring.area < 0 && -ring.area >= minArea ? parts.get(ring.parent) : undefined;
    if (!part) continue;
    const hole = simplifyRing(toPoints(ring.corners, r.x, r.y), tolerance);
    if (hole.length >= 3) part.holes.push(hole);
  }
  return [...parts.values()];
}

/** Polygons for a mask: one per outer ring, holes bridged. */
export function maskToPolygons(g: MaskGeometry, tolerance?: number): Point2[][] {
  return maskContours(regionOfGeometry(g), tolerance).map(({ outer, holes }) => bridgeHoles(outer, holes));
}
