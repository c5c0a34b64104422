/** Distances and containment in image pixels: the precise half of hit testing. */
import type { Point2 } from '../../../../src-shared/model/annotation';

/** The point of segment ab nearest to p, and how far along ab it lies (0..1). */
export function nearestOnSegment(p: Point2, a: Point2, b: Point2): { point: Point2; t: number } {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return { point: { x: a.x + t * dx, y: a.y + t * dy }, t };
}

export function distanceToSegment(p: Point2, a: Point2, b: Point2): number {
  const { point } = nearestOnSegment(p, a, b);
  return Math.hypot(p.x - point.x, p.y - point.y);
}

/** The nearest edge of a path: `index` is the edge from points[index] to the next point. */
export function nearestEdge(p: Point2, points: readonly Point2[], closed: boolean): { index: number; distance: number; point: Point2 } | null {
  let best: { index: number; distance: number; point: Point2 } | null = null;
  const edges = closed ? points.length : points.length - 1;
  for (let i = 0; i < edges; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    const { point } = nearestOnSegment(p, a, b);
    const distance = Math.hypot(p.x - point.x, p.y - point.y);
    if (!best || distance < best.distance) best = { index: i, distance, point };
  }
  return best;
}

/** Distance to an open (polyline) or closed (polygon outline) path; Infinity for fewer than 2 points. */
export function distanceToPath(p: Point2, points: readonly Point2[], closed: boolean): number {
  if (points.length === 1) return Math.hypot(p.x - points[0]!.x, p.y - points[0]!.y);
  return nearestEdge(p, points, closed)?.distance ?? Infinity;
}

/** Even-odd containment, so a self-crossing polygon behaves the way the renderer fills it. */
export function pointInPolygon(p: Point2, points: readonly Point2[]): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i]!;
    const b = points[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}
