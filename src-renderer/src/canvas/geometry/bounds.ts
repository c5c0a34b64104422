/**
 * Bounding boxes of every object kind. A rotated box is bounded by its rotated corners, so the
 * index never misses the tip of a box turned 45 degrees.
 */
import type { AnnotationObject, Point2 } from '../../../../src-shared/model/annotation';
import { rectOfPoints, type Rect } from './rect';

/** A box's geometry as the model stores it: top-left, size, rotation in degrees clockwise about the centre. */
export interface BoxShape {
  x: number;
  y: number;
  width: number;
  height: number;
  rotation?: number;
}

/** The four corners of a box, clockwise from its top-left (before rotation). */
export function boxCorners(g: BoxShape): Point2[] {
  const r = g.rotation ?? 0;
  if (r === 0) {
    return [
      { x: g.x, y: g.y },
      { x: g.x + g.width, y: g.y },
      { x: g.x + g.width, y: g.y + g.height },
      { x: g.x, y: g.y + g.height },
    ];
  }
  const cx = g.x + g.width / 2;
  const cy = g.y + g.height / 2;
  return [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([sx, sy]) => boxLocalToWorld(g, { x: (sx! * g.width) / 2, y: (sy! * g.height) / 2 }, cx, cy));
}

/** A point in the box's own frame (origin at its centre, axes along its sides) in image pixels. */
export function boxLocalToWorld(g: BoxShape, local: Point2, cx = g.x + g.width / 2, cy = g.y + g.height / 2): Point2 {
  const a = ((g.rotation ?? 0) * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  // y grows downwards on images, so this standard rotation turns clockwise on screen.
  return { x: cx + local.x * cos - local.y * sin, y: cy + local.x * sin + local.y * cos };
}

/** The inverse of boxLocalToWorld. */
export function boxWorldToLocal(g: BoxShape, p: Point2): Point2 {
  const a = ((g.rotation ?? 0) * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const dx = p.x - (g.x + g.width / 2);
  const dy = p.y - (g.y + g.height / 2);
  return { x: dx * cos + dy * sin, y: -dx * sin + dy * cos };
}

/** The points that are drawn for keypoints: absent ones are not on the image. */
export function shownKeypoints(o: Extract<AnnotationObject, { tool: 'keypoints' }>): Point2[] {
  const shown = o.geometry.points.filter((p) => p.visibility !== 'absent');
  return shown.length ? shown : o.geometry.points;
}

export function boundsOf(o: AnnotationObject): Rect {
  switch (o.tool) {
    case 'box':
      return o.geometry.rotation ? rectOfPoints(boxCorners(o.geometry)) : { minX: o.geometry.x, minY: o.geometry.y, maxX: o.geometry.x + o.geometry.width, maxY: o.geometry.y + o.geometry.height };
    case 'point':
      return { minX: o.geometry.x, minY: o.geometry.y, maxX: o.geometry.x, maxY: o.geometry.y };
    case 'keypoints':
      return rectOfPoints(shownKeypoints(o));
    case 'mask':
      return { minX: o.geometry.x, minY: o.geometry.y, maxX: o.geometry.x + o.geometry.width, maxY: o.geometry.y + o.geometry.height };
    default:
      return rectOfPoints(o.geometry.points);
  }
}
