/**
 * A polygon with holes as one ring, for the places that hold a single ring (our polygon
 * objects, COCO polygons, YOLO-seg): each hole is joined to the ring by a cut of zero width,
 * walked there and back. The cut's two walks cancel, so under either fill rule the ring covers
 * the outer ring minus the holes, whatever the cut crosses; choosing the cut where it crosses
 * nothing keeps the ring simple (a person can edit it, a validator accepts it).
 *
 * The cut is found as in David Eberly's "Triangulation by Ear Clipping" (Geometric Tools,
 * section 3): holes taken by their rightmost point, rightmost hole first, so a ray to the right
 * from a hole meets only the ring (with the holes joined so far), never a hole still waiting; the
 * nearest wall it meets gives a candidate corner, and a corner of the ring inside the triangle
 * between them would block the view, in which case the one seen at the smallest angle from the
 * ray is taken instead. Linear in the ring's size per hole.
 */
import type { Point2 } from '../model/annotation';

/** Twice the signed area: > 0 when the ring turns counter-clockwise in x-right, y-up axes (clockwise on a y-down screen). */
function shoelace(ring: readonly Point2[]): number {
  let s = 0;
  for (let k = 0; k < ring.length; k++) {
    const a = ring[k]!;
    const b = ring[(k + 1) % ring.length]!;
    s += a.x * b.y - b.x * a.y;
  }
  return s;
}

const cross = (ax: number, ay: number, bx: number, by: number) => ax * by - ay * bx;
const same = (a: Point2, b: Point2) => a.x === b.x && a.y === b.y;

/** Whether the direction (dx, dy) from corner k goes into the ring (positive orientation: the inside is left of each edge). */
function pointsInside(ring: readonly Point2[], k: number, dx: number, dy: number): boolean {
  const p = ring[k]!;
  const next = ring[(k + 1) % ring.length]!;
  const prev = ring[(k + ring.length - 1) % ring.length]!;
  const ux = next.x - p.x;
  const uy = next.y - p.y;
  const vx = prev.x - p.x;
  const vy = prev.y - p.y;
  // the inside is swept counter-clockwise from the outgoing edge to the incoming one
  return cross(ux, uy, vx, vy) > 0 ? cross(ux, uy, dx, dy) > 0 && cross(dx, dy, vx, vy) > 0 : cross(ux, uy, dx, dy) > 0 || cross(dx, dy, vx, vy) > 0;
}

function inTriangle(a: Point2, b: Point2, c: Point2, p: Point2): boolean {
  const d1 = cross(b.x - a.x, b.y - a.y, p.x - a.x, p.y - a.y);
  const d2 = cross(c.x - b.x, c.y - b.y, p.x - b.x, p.y - b.y);
  const d3 = cross(a.x - c.x, a.y - c.y, p.x - c.x, p.y - c.y);
  return (d1 >= 0 && d2 >= 0 && d3 >= 0) || (d1 <= 0 && d2 <= 0 && d3 <= 0);
}

/** The corner of the ring that the hole's point m sees to its right, or -1 when m is not inside the ring. */
function visibleCorner(ring: readonly Point2[], m: Point2): number {
  // The nearest wall to the right: an edge going up (+y), which has the inside on its -x side.
  let hitX = Infinity;
  let edge = -1;
  for (let k = 0; k < ring.length; k++) {
    const p = ring[k]!;
    const q = ring[(k + 1) % ring.length]!;
    if (!(p.y <= m.y && m.y <= q.y && p.y < q.y)) continue;
    const x = p.x + ((m.y - p.y) * (q.x - p.x)) / (q.y - p.y);
    if (x >= m.x && x < hitX) {
      hitX = x;
      edge = k;
    }
  }
  if (edge < 0) return -1;
  const p = ring[edge]!;
  const qk = (edge + 1) % ring.length;
  const q = ring[qk]!;
  const hit = { x: hitX, y: m.y };
  if (same(hit, p)) return edge;
  if (same(hit, q)) return qk;
  let best = p.x > q.x ? edge : qk;
  const candidate = ring[best]!;
  // A corner inside the triangle (m, hit, candidate) would hide the candidate: the one at the
  // smallest angle to the ray is then seen (ties: the nearest).
  let bestTan = Infinity;
  let bestDx = Infinity;
  for (let k = 0; k < ring.length; k++) {
    const r = ring[k]!;
    if (r.x <= m.x || same(r, candidate) || !inTriangle(m, hit, candidate, r)) continue;
    const dx = r.x - m.x;
    const tan = Math.abs(r.y - m.y) / dx;
    if (tan < bestTan || (tan === bestTan && dx < bestDx)) {
      bestTan = tan;
      bestDx = dx;
      best = k;
    }
  }
  return best;
}

/** Of the ring's corners at the position of corner k (a cut leaves two), the one whose inside faces m. */
function facingCopy(ring: readonly Point2[], k: number, m: Point2): number {
  const p = ring[k]!;
  for (let i = 0; i < ring.length; i++) {
    if (same(ring[i]!, p) && pointsInside(ring, i, m.x - p.x, m.y - p.y)) return i;
  }
  return k;
}

/**
 * One simple ring for an outer ring with holes: each hole joined to the ring by a zero-width
 * cut, so a polygon without holes (our polygon objects, COCO polygons, YOLO-seg) still leaves
 * the hole out under an even-odd or non-zero fill. The answer turns the outer ring's way made
 * clockwise on a y-down screen; a hole not inside the outer ring, or of fewer than 3 points, is
 * left out.
 */
export function bridgeHoles(outer: readonly Point2[], holes: readonly (readonly Point2[])[]): Point2[] {
  let ring = outer.map((p) => ({ x: p.x, y: p.y }));
  if (shoelace(ring) < 0) ring.reverse();
  const queue = holes
    .filter((h) => h.length >= 3)
    .map((h) => {
      const hole = h.map((p) => ({ x: p.x, y: p.y }));
      if (shoelace(hole) > 0) hole.reverse();
      let m = 0;
      for (let k = 1; k < hole.length; k++) if (hole[k]!.x > hole[m]!.x) m = k;
      return { hole, m };
    })
    .sort((a, b) => b.hole[b.m]!.x - a.hole[a.m]!.x);
  for (const { hole, m } of queue) {
    const at = hole[m]!;
    const seen = visibleCorner(ring, at);
    if (seen < 0) continue;
    const k = facingCopy(ring, seen, at);
    const walk = [...hole.slice(m), ...hole.slice(0, m), { ...at }, { ...ring[k]! }];
    ring = [...ring.slice(0, k + 1), ...walk, ...ring.slice(k + 1)];
  }
  return ring;
}
