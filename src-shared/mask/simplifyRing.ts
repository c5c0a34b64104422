/**
 * Douglas-Peucker for closed rings: a traced outline has a vertex at every pixel step, and a
 * polygon a person edits (or an export carries) wants the few that matter. A ring has no ends,
 * so it is cut at its first point and at the point farthest from it (both kept), and each half
 * is simplified as an open line; every dropped point then lies within `tolerance` of the
 * simplified ring.
 */
import type { Point2 } from '../model/annotation';

/** Squared distance from p to the segment a-b. */
function segmentDistance2(p: Point2, a: Point2, b: Point2): number {
  let x = a.x;
  let y = a.y;
  const dx = b.x - x;
  const dy = b.y - y;
  if (dx !== 0 || dy !== 0) {
    const t = ((p.x - x) * dx + (p.y - y) * dy) / (dx * dx + dy * dy);
    if (t > 1) {
      x = b.x;
      y = b.y;
    } else if (t > 0) {
      x += dx * t;
      y += dy * t;
    }
  }
  return (p.x - x) ** 2 + (p.y - y) ** 2;
}

/** The ring with only the points needed to stay within `tolerance` of it (all points when tolerance <= 0). */
export function simplifyRing(ring: readonly Point2[], tolerance: number): Point2[] {
  const n = ring.length;
  if (n <= 3 || !(tolerance > 0)) return ring.slice();
  const limit = tolerance * tolerance;
  let far = 1;
  let farD = -1;
  for (let k = 1; k < n; k++) {
    const d = (ring[k]!.x - ring[0]!.x) ** 2 + (ring[k]!.y - ring[0]!.y) ** 2;
    if (d > farD) {
      farD = d;
      far = k;
    }
  }
  const keep = new Uint8Array(n + 1); // index n is the first point again, closing the ring
  keep[0] = keep[far] = keep[n] = 1;
  const at = (k: number) => ring[k === n ? 0 : k]!;
  const stack = [0, far, far, n];
  while (stack.length > 0) {
    const last = stack.pop()!;
    const first = stack.pop()!;
    let worst = -1;
    let worstD = limit;
    for (let k = first + 1; k < last; k++) {
      const d = segmentDistance2(ring[k]!, at(first), at(last));
      if (d > worstD) {
        worstD = d;
        worst = k;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push(first, worst, worst, last);
    }
  }
  const out: Point2[] = [];
  for (let k = 0; k < n; k++) if (keep[k]) out.push(ring[k]!);
  return out;
}
