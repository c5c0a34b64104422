/** YOLO's fractions of the image's size back into pixels, once the frame and its size are known. */
import type { ImportedObject } from '../exports/formats';

export function scaleGeometry<O extends ImportedObject>(o: O, width: number, height: number): O {
  const point = <P extends { x: number; y: number }>(p: P): P => ({ ...p, x: p.x * width, y: p.y * height });
  switch (o.tool) {
    case 'box':
      return { ...o, geometry: { ...o.geometry, x: o.geometry.x * width, y: o.geometry.y * height, width: o.geometry.width * width, height: o.geometry.height * height } };
    case 'point':
      return { ...o, geometry: point(o.geometry) };
    case 'mask':
      // Masks come in whole pixels of the frame (COCO run-lengths, PNG masks), never as fractions.
      return o;
    default:
      return { ...o, geometry: { points: o.geometry.points.map(point) } } as O;
  }
}
