/**
 * Pure edits of one object's geometry; each returns a new object and leaves the input alone,
 * so the history can keep the before and after of an edit by reference.
 */
import type { AnnotationObject, Point2 } from '../../../../src-shared/model/annotation';

export function translateObject(o: AnnotationObject, dx: number, dy: number): AnnotationObject {
  const shift = <P extends Point2>(p: P): P => ({ ...p, x: p.x + dx, y: p.y + dy });
  switch (o.tool) {
    case 'box':
    case 'point':
      return { ...o, geometry: shift(o.geometry) } as AnnotationObject;
    case 'mask':
      // A mask's pixels stay on the frame's pixel grid: it moves by whole pixels.
      return { ...o, geometry: { ...o.geometry, x: o.geometry.x + Math.round(dx), y: o.geometry.y + Math.round(dy) } };
    case 'keypoints':
      return { ...o, geometry: { points: o.geometry.points.map(shift) } };
    default:
      return { ...o, geometry: { points: o.geometry.points.map(shift) } } as AnnotationObject;
  }
}

/** The vertices a user can drag one by one (boxes are resized by handles instead, points moved whole). */
export function editableVertices(o: AnnotationObject): Point2[] {
  switch (o.tool) {
    case 'polygon':
    case 'polyline':
    case 'cuboid':
    case 'keypoints':
      return o.geometry.points;
    default:
      return [];
  }
}

export function moveVertex(o: AnnotationObject, index: number, to: Point2): AnnotationObject {
  if (o.tool === 'box' || o.tool === 'point' || o.tool === 'mask') return o;
  if (index < 0 || index >= o.geometry.points.length) return o;
  const points = o.geometry.points.map((p, i) => (i === index ? { ...p, x: to.x, y: to.y } : p));
  return { ...o, geometry: { points } } as AnnotationObject;
}

/** The fewest vertices a shape may keep: a polygon needs an area, a polyline a length. */
export const MIN_VERTICES = { polygon: 3, polyline: 2 } as const;

/** A polygon or polyline without one vertex; the same object when that would leave too few. */
export function removeVertex(o: AnnotationObject, index: number): AnnotationObject {
  if (o.tool !== 'polygon' && o.tool !== 'polyline') return o;
  if (o.geometry.points.length <= MIN_VERTICES[o.tool]) return o;
  return { ...o, geometry: { points: o.geometry.points.filter((_, i) => i !== index) } } as AnnotationObject;
}

/** A polygon or polyline with a new vertex after points[afterIndex]. */
export function insertVertex(o: AnnotationObject, afterIndex: number, at: Point2): AnnotationObject {
  if (o.tool !== 'polygon' && o.tool !== 'polyline') return o;
  const points = [...o.geometry.points];
  points.splice(afterIndex + 1, 0, { x: at.x, y: at.y });
  return { ...o, geometry: { points } } as AnnotationObject;
}
