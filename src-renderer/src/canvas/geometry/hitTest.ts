/**
 * Whether a pointer at p (image pixels) is on an object. Filled shapes (box, polygon, cuboid)
 * answer inside or within the tolerance of their outline; lines and points answer within the
 * tolerance only, since they have no inside. The tolerance is in image pixels (screen pixels
 * times the pixel size) so it feels the same at every zoom.
 */
import type { AnnotationObject, Point2 } from '../../../../src-shared/model/annotation';
import { boxCorners, shownKeypoints } from './bounds';
import { distanceToPath, pointInPolygon } from './distance';
import { maskHasPixel } from '../../../../src-shared/mask/maskRuns';

/** The faces of a projected cuboid (front, back, and the four sides): inside any of them is inside its hull. */
export const CUBOID_FACES = [
  [0, 1, 2, 3],
  [4, 5, 6, 7],
  [0, 1, 5, 4],
  [1, 2, 6, 5],
  [2, 3, 7, 6],
  [3, 0, 4, 7],
] as const;

/** The twelve edges of a cuboid, as pairs of corner indices. */
export const CUBOID_EDGES: readonly (readonly [number, number])[] = [
  [0, 1], [1, 2], [2, 3], [3, 0],
  [4, 5], [5, 6], [6, 7], [7, 4],
  [0, 4], [1, 5], [2, 6], [3, 7],
];

const near = (p: Point2, q: Point2, tolerance: number) => Math.hypot(p.x - q.x, p.y - q.y) <= tolerance;

export function hitsObject(o: AnnotationObject, p: Point2, tolerance: number): boolean {
  switch (o.tool) {
    case 'box': {
      const corners = boxCorners(o.geometry);
      return pointInPolygon(p, corners) || distanceToPath(p, corners, true) <= tolerance;
    }
    case 'polygon':
      return pointInPolygon(p, o.geometry.points) || distanceToPath(p, o.geometry.points, true) <= tolerance;
    case 'polyline':
      return distanceToPath(p, o.geometry.points, false) <= tolerance;
    case 'point':
      return near(p, o.geometry, tolerance);
    case 'keypoints':
      return shownKeypoints(o).some((q) => near(p, q, tolerance));
    case 'cuboid': {
      const c = o.geometry.points;
      if (CUBOID_FACES.some((face) => pointInPolygon(p, face.map((i) => c[i]!)))) return true;
      return CUBOID_EDGES.some(([a, b]) => distanceToPath(p, [c[a]!, c[b]!], false) <= tolerance);
    }
    case 'mask':
      // On its pixels only: a mask's box is mostly background, which belongs to what is under it.
      return maskHasPixel(o.geometry, p.x, p.y);
  }
}
