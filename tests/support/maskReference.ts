/**
 * Plain, slow, obviously right versions of what src-shared/mask computes, for the mask tests to
 * compare against: pixel by pixel, with no boxes or runs to get wrong. Also masks drawn as text
 * ('#' set, '.' unset) so a test shows the shape it is about.
 */
import fc from 'fast-check';
import type { Point2 } from '../../src-shared/model/annotation';
import type { MaskRegion } from '../../src-shared/mask/region';

/** A region from rows of '#' and '.', its top-left pixel at (x, y). */
export function drawn(rows: string[], x = 0, y = 0): MaskRegion {
  const width = rows[0]?.length ?? 0;
  const bits = new Uint8Array(width * rows.length);
  rows.forEach((row, j) => [...row].forEach((c, i) => (bits[j * width + i] = c === '#' ? 1 : 0)));
  return { x, y, width, height: rows.length, bits };
}

/** The set pixels as "x,y" frame coordinates. */
export function pixelSet(r: MaskRegion | null): Set<string> {
  const out = new Set<string>();
  if (!r) return out;
  for (let j = 0; j < r.height; j++) for (let i = 0; i < r.width; i++) if (r.bits[j * r.width + i]) out.add(`${r.x + i},${r.y + j}`);
  return out;
}

/** The set pixels, sorted, for a readable toEqual failure. */
export const pixels = (r: MaskRegion | null): string[] => [...pixelSet(r)].sort();

/** The frame pixels of `r` inside a window, as text rows (a failure shows the picture). */
export function picture(r: MaskRegion | null, x0: number, y0: number, width: number, height: number): string[] {
  const set = pixelSet(r);
  return Array.from({ length: height }, (_, j) => Array.from({ length: width }, (_, i) => (set.has(`${x0 + i},${y0 + j}`) ? '#' : '.')).join(''));
}

/** Even-odd point in rings, by counting crossings of a ray to the right. */
export function insideRings(rings: readonly (readonly Point2[])[], x: number, y: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let k = 0, l = ring.length - 1; k < ring.length; l = k++) {
      const a = ring[k]!;
      const b = ring[l]!;
      if (a.y > y !== b.y > y && x < a.x + ((y - a.y) * (b.x - a.x)) / (b.y - a.y)) inside = !inside;
    }
  }
  return inside;
}

/** Frame pixels whose centre is inside the rings (even-odd), within the rings' bounds. */
export function rasterizeSlowly(rings: readonly (readonly Point2[])[]): Set<string> {
  const all = rings.flat();
  const out = new Set<string>();
  if (all.length === 0) return out;
  const minX = Math.floor(Math.min(...all.map((p) => p.x)));
  const maxX = Math.ceil(Math.max(...all.map((p) => p.x)));
  const minY = Math.floor(Math.min(...all.map((p) => p.y)));
  const maxY = Math.ceil(Math.max(...all.map((p) => p.y)));
  for (let y = minY; y < maxY; y++) for (let x = minX; x < maxX; x++) if (insideRings(rings, x + 0.5, y + 0.5)) out.add(`${x},${y}`);
  return out;
}

/** Distance from p to segment a-b. */
export function segmentDistance(p: Point2, a: Point2, b: Point2): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** Frame pixels whose centre is within `radius` of the polyline, found by trying every pixel near it. */
export function strokeSlowly(points: readonly Point2[], radius: number): Set<string> {
  const out = new Set<string>();
  const minX = Math.floor(Math.min(...points.map((p) => p.x)) - radius - 1);
  const maxX = Math.ceil(Math.max(...points.map((p) => p.x)) + radius + 1);
  const minY = Math.floor(Math.min(...points.map((p) => p.y)) - radius - 1);
  const maxY = Math.ceil(Math.max(...points.map((p) => p.y)) + radius + 1);
  const segments = points.length === 1 ? [[points[0]!, points[0]!]] : points.slice(1).map((p, k) => [points[k]!, p]);
  for (let y = minY; y <= maxY; y++) {
    for (let x = minX; x <= maxX; x++) {
      const c = { x: x + 0.5, y: y + 0.5 };
      if (segments.some(([a, b]) => segmentDistance(c, a!, b!) <= radius)) out.add(`${x},${y}`);
    }
  }
  return out;
}

/** Intersection over union of two pixel sets (0 when both are empty). */
export function setIoU(a: Set<string>, b: Set<string>): number {
  let common = 0;
  for (const p of a) if (b.has(p)) common++;
  const union = a.size + b.size - common;
  return union === 0 ? 0 : common / union;
}

/** Whether two segments cross at a point inside both (touching at an end, or running along each other, is not crossing). */
function crosses(a: Point2, b: Point2, c: Point2, d: Point2): boolean {
  const side = (p: Point2, q: Point2, r: Point2) => Math.sign((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x));
  const s1 = side(a, b, c);
  const s2 = side(a, b, d);
  const s3 = side(c, d, a);
  const s4 = side(c, d, b);
  return s1 * s2 < 0 && s3 * s4 < 0;
}

/**
 * Where a ring crosses itself: pairs of edges that cross inside both, and corners the ring
 * passes more than once where one pass goes through the other (a pinch where the passes only
 * touch, as at a zero-width cut or two pixels meeting at a corner, is fine). A simple ring, in
 * the sense a polygon editor or a validator needs, has none.
 */
export function selfCrossings(ring: readonly Point2[]): string[] {
  const out: string[] = [];
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    for (let k = i + 1; k < n; k++) {
      if (crosses(ring[i]!, ring[(i + 1) % n]!, ring[k]!, ring[(k + 1) % n]!)) out.push(`edges ${i} and ${k}`);
    }
  }
  const visits = new Map<string, number[]>();
  ring.forEach((p, k) => visits.set(`${p.x},${p.y}`, [...(visits.get(`${p.x},${p.y}`) ?? []), k]));
  const angle = (from: Point2, to: Point2) => Math.atan2(to.y - from.y, to.x - from.x);
  // whether b lies strictly inside the arc turning counter-clockwise from a to c
  const within = (a: number, b: number, c: number) => {
    const turn = (x: number) => (((x - a) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
    return turn(b) > 0 && turn(b) < turn(c);
  };
  for (const [at, ks] of visits) {
    const passes = ks.map((k) => [angle(ring[k]!, ring[(k + n - 1) % n]!), angle(ring[k]!, ring[(k + 1) % n]!)] as const);
    for (let a = 0; a < passes.length; a++) {
      for (let b = a + 1; b < passes.length; b++) {
        const [p0, p1] = passes[a]!;
        const [q0, q1] = passes[b]!;
        if ([q0, q1].some((q) => q === p0 || q === p1)) continue; // sharing a direction: the passes touch
        if (within(p0, q0, p1) !== within(p0, q1, p1)) out.push(`corner ${at}`);
      }
    }
  }
  return out;
}

/** Random small regions anywhere on the frame (negative corners included), some empty. */
export const anyRegion = (maxSide = 12, density: [number, number] = [0, 1]): fc.Arbitrary<MaskRegion> =>
  fc
    .record({
      x: fc.integer({ min: -20, max: 20 }),
      y: fc.integer({ min: -20, max: 20 }),
      width: fc.integer({ min: 0, max: maxSide }),
      height: fc.integer({ min: 0, max: maxSide }),
      density: fc.double({ min: density[0], max: density[1], noNaN: true }),
      seed: fc.integer(),
    })
    .map(({ x, y, width, height, density: p, seed }) => {
      let s = seed >>> 0;
      const rand = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
      const bits = new Uint8Array(width * height);
      for (let k = 0; k < bits.length; k++) bits[k] = rand() < p ? 1 : 0;
      return { x, y, width, height, bits };
    });
