/**
 * Masks as CVAT's XML keeps them: `<mask rle="…" left top width height>`, the runs a plain list
 * of counts separated by ", ", alternating 0 and 1 from 0, over the mask's box in row-major order
 * (CVAT's `rle2Mask` reshapes them to (height, width)). We store a mask's runs column-major
 * (COCO's order, src-shared/mask/rle.ts), so both ways go through the box's bitmap: a mask is at
 * most ANNOTATION_LIMITS.maskPixels, one byte each.
 */
import type { MaskGeometry } from '../../../src-shared/model/annotation';
import { geometryOfRegion, regionOfGeometry } from '../../../src-shared/mask/region';
import { badFormat } from './formatError';
import { PNG_MAX_PIXELS } from './pngCodec';

/** The largest mask box read, as for mask pictures: the runs say any size in a few bytes. */
export const CVAT_MASK_MAX_PIXELS = PNG_MAX_PIXELS;

/** The mask as CVAT writes it: row-major runs over its own box. */
export function cvatMaskFields(g: MaskGeometry): { rle: string; left: number; top: number; width: number; height: number } {
  const { bits } = regionOfGeometry(g);
  const runs: number[] = [];
  let value = 0;
  let run = 0;
  for (let i = 0; i < bits.length; i++) {
    const v = bits[i] ? 1 : 0;
    if (v === value) run++;
    else {
      runs.push(run);
      value = v;
      run = 1;
    }
  }
  runs.push(run);
  return { rle: runs.join(', '), left: g.x, top: g.y, width: g.width, height: g.height };
}

/**
 * A CVAT mask back into our stored form, cropped to its set pixels; null when none is set. The
 * runs must be whole numbers covering the box exactly, and the box no larger than a mask may be.
 */
export function maskOfCvat(file: string, field: string, a: { rle: string; left: number; top: number; width: number; height: number }): MaskGeometry | null {
  const { left, top, width, height } = a;
  if (![left, top].every(Number.isInteger) || ![width, height].every((v) => Number.isInteger(v) && v > 0)) {
    throw badFormat(file, `${field} needs whole-number left, top and a width and height above 0`, { field });
  }
  if (width * height > CVAT_MASK_MAX_PIXELS) throw badFormat(file, `${field} is ${width} x ${height} pixels, more than a mask is read at (${CVAT_MASK_MAX_PIXELS})`, { field });
  const bits = new Uint8Array(width * height);
  let pos = 0;
  const parts = a.rle.split(',');
  for (let i = 0; i < parts.length; i++) {
    const text = parts[i]!.trim();
    const n = Number(text);
    if (text === '' || !Number.isInteger(n) || n < 0) throw badFormat(file, `${field}.rle must be whole numbers separated by commas`, { field: `${field}.rle` });
    if (pos + n > bits.length) throw badFormat(file, `${field}.rle covers more than its ${width} x ${height} box`, { field: `${field}.rle` });
    if (i % 2 === 1) bits.fill(1, pos, pos + n);
    pos += n;
  }
  if (pos !== bits.length) throw badFormat(file, `${field}.rle covers ${pos} pixels, its ${width} x ${height} box ${bits.length}`, { field: `${field}.rle` });
  return geometryOfRegion({ x: left, y: top, width, height, bits });
}
