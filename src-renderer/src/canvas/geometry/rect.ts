/**
 * Axis-aligned rectangles in image pixels: what the spatial index stores and what the
 * viewport culls with. The field names are rbush's, so an index item is a Rect plus its data.
 */
import type { Point2 } from '../../../../src-shared/model/annotation';

export interface Rect {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** The square of half-side `radius` about a point: the search window of a hit test. */
export const rectAround = (p: Point2, radius: number): Rect => ({ minX: p.x - radius, minY: p.y - radius, maxX: p.x + radius, maxY: p.y + radius });

export const rectsIntersect = (a: Rect, b: Rect): boolean => a.minX <= b.maxX && a.maxX >= b.minX && a.minY <= b.maxY && a.maxY >= b.minY;

export const rectContainsPoint = (r: Rect, p: Point2): boolean => p.x >= r.minX && p.x <= r.maxX && p.y >= r.minY && p.y <= r.maxY;

/** The bounds of a list of points (an empty list gives an inverted rect that intersects nothing). */
export function rectOfPoints(points: readonly Point2[]): Rect {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    if (p.x < minX) minX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.x > maxX) maxX = p.x;
    if (p.y > maxY) maxY = p.y;
  }
  return { minX, minY, maxX, maxY };
}
