/**
 * A frame's masks, polygons and boxes painted into one picture of object numbers (1, 2, 3...,
 * 0 where nothing is): what a PNG mask holds. Objects are painted in drawing order, so where
 * two overlap the one drawn above keeps the pixel, as CVAT merges them. Masks are painted from
 * their runs, polygons and (rotated) boxes by the pixel-centre rule the mask tool uses
 * (polygonToMask.ts), so a polygon turned into a mask here is the mask the workspace would make.
 */
import { rasterizePolygons } from '../../../src-shared/mask/polygonToMask';
import { decodeCounts } from '../../../src-shared/mask/rle';
import type { AnnotationObject } from '../../../src-shared/model/annotation';
import { boxCorners } from './geometry';

export type PaintedObject = Extract<AnnotationObject, { tool: 'mask' | 'polygon' | 'box' }>;
export type ObjectNumbers = Uint16Array | Uint32Array;

/**
 * Numbers 1..n on a width x height picture (row-major), the later over the earlier, and how many
 * pixels each object painted on the picture before any later one covered them (index 0 unused).
 * `reuse` is taken when it has the size and the number kind fits.
 */
export function paintObjects(objects: readonly PaintedObject[], width: number, height: number, reuse?: ObjectNumbers): { numbers: ObjectNumbers; painted: Uint32Array } {
  const size = width * height;
  const wide = objects.length >= 0xffff;
  const numbers = reuse && reuse.length === size && (reuse instanceof Uint32Array || !wide) ? reuse : wide ? new Uint32Array(size) : new Uint16Array(size);
  numbers.fill(0);
  const painted = new Uint32Array(objects.length + 1);
  objects.forEach((o, i) => (painted[i + 1] = paintOne(numbers, width, height, o, i + 1)));
  return { numbers, painted };
}

function paintOne(picture: ObjectNumbers, width: number, height: number, o: PaintedObject, n: number): number {
  let count = 0;
  if (o.tool === 'mask') {
    const g = o.geometry;
    const counts = decodeCounts(g.rle);
    if (!counts) return 0;
    let pos = 0;
    for (let i = 0; i < counts.length; i++) {
      const run = counts[i]!;
      if (i % 2 === 1) {
        for (let p = pos; p < pos + run; ) {
          const col = Math.floor(p / g.height);
          const end = Math.min(pos + run, (col + 1) * g.height);
          const x = g.x + col;
          if (x >= 0 && x < width) {
            const y0 = Math.max(0, g.y + p - col * g.height);
            const y1 = Math.min(height, g.y + end - col * g.height);
            for (let y = y0; y < y1; y++) picture[y * width + x] = n;
            count += Math.max(0, y1 - y0);
          }
          p = end;
        }
      }
      pos += run;
    }
    return count;
  }
  const region = rasterizePolygons([o.tool === 'box' ? boxCorners(o.geometry) : o.geometry.points]);
  if (!region) return 0;
  const x0 = Math.max(0, region.x);
  const x1 = Math.min(width, region.x + region.width);
  for (let y = Math.max(0, region.y); y < Math.min(height, region.y + region.height); y++) {
    const row = (y - region.y) * region.width - region.x;
    for (let x = x0; x < x1; x++) {
      if (region.bits[row + x]) {
        picture[y * width + x] = n;
        count++;
      }
    }
  }
  return count;
}

/** How many pixels each object number keeps (index 0: the background). */
export function visiblePixels(picture: ObjectNumbers, objects: number): Uint32Array {
  const seen = new Uint32Array(objects + 1);
  for (let k = 0; k < picture.length; k++) seen[picture[k]!]!++;
  return seen;
}
