/**
 * YOLO's fractions of the image's size back into pixels, once the frame and its size are known;
 * an oriented box's corners (YOLO OBB) become the rotated box they are once in pixels.
 */
import type { ImportedObject } from '../exports/formats';
import { boxOfCorners } from './orientedBox';

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
    case 'polygon':
      if (o.oriented) {
        const { oriented: _, ...rest } = o;
        return { ...rest, tool: 'box', geometry: boxOfCorners(o.geometry.points.map(point)) } as unknown as O;
      }
      return { ...o, geometry: { points: o.geometry.points.map(point) } };
    default:
      return { ...o, geometry: { points: o.geometry.points.map(point) } } as O;
  }
}
