/**
 * The grips a selected object offers: eight resize handles on a box, one per vertex on
 * polygons, polylines, cuboids and keypoints, and the point itself. The select tool finds the
 * one under the pointer here, and the overlay draws the same list, so what is drawn is what
 * can be grabbed.
 */
import type { AnnotationObject, Point2 } from '../../../../src-shared/model/annotation';
import { boxHandlePoints, type BoxHandle } from '../geometry/boxResize';
import { nearestEdge } from '../geometry/distance';
import { editableVertices } from '../geometry/transform';

export type Grip = { kind: 'box'; id: string; handle: BoxHandle; point: Point2 } | { kind: 'vertex'; id: string; index: number; point: Point2 };

export function gripsOf(o: AnnotationObject): Grip[] {
  if (o.tool === 'box') return boxHandlePoints(o.geometry).map(({ handle, point }) => ({ kind: 'box', id: o.id, handle, point }));
  if (o.tool === 'point') return [];
  return editableVertices(o).map((point, index) => ({ kind: 'vertex', id: o.id, index, point }));
}

/** The grip nearest p within `tolerance`, looking at the later (higher) objects first. */
export function gripAt(objects: readonly AnnotationObject[], p: Point2, tolerance: number): Grip | null {
  let best: Grip | null = null;
  let bestDistance = tolerance;
  for (let i = objects.length - 1; i >= 0; i--) {
    for (const g of gripsOf(objects[i]!)) {
      const d = Math.hypot(g.point.x - p.x, g.point.y - p.y);
      if (d <= bestDistance) {
        best = g;
        bestDistance = d;
      }
    }
  }
  return best;
}

/** The edge of a polygon or polyline within `tolerance` of p, where a new vertex would go. */
export function edgeAt(objects: readonly AnnotationObject[], p: Point2, tolerance: number): { id: string; index: number; point: Point2 } | null {
  for (let i = objects.length - 1; i >= 0; i--) {
    const o = objects[i]!;
    if (o.tool !== 'polygon' && o.tool !== 'polyline') continue;
    const edge = nearestEdge(p, o.geometry.points, o.tool === 'polygon');
    if (edge && edge.distance <= tolerance) return { id: o.id, index: edge.index, point: edge.point };
  }
  return null;
}
