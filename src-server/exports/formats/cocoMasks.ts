/**
 * Masks in COCO, both ways.
 *
 * Writing: a stored mask is run-length text over its own box; COCO's RLE is over the whole
 * image (`size: [h, w]`), so its runs are moved onto the image (frameRuns.ts), never through a
 * bitmap of the image, and written compressed as pycocotools writes them. As polygons, its
 * outlines along pixel edges (holes bridged into their ring, one polygon per part), which
 * pycocotools merges back into one mask. Either way `bbox` is the box of the set pixels on the
 * image and `area` their count, so the three agree as pycocotools computes them.
 *
 * Reading: an RLE segmentation, compressed (text) or not (a list of counts), must cover its
 * `size` exactly and that size must be the image's; it becomes a mask cropped to its set pixels.
 */
import type { CocoMaskForm } from '../../../src-shared/api/export';
import { bridgeHoles, maskContours } from '../../../src-shared/mask/contours';
import { geometryOfPictureCounts, reframeCounts, setBoundsOfCounts } from '../../../src-shared/mask/frameRuns';
import { clipRegion } from '../../../src-shared/mask/region';
import { bitmapOfCounts, countsArea, decodeCounts, encodeCounts } from '../../../src-shared/mask/rle';
import type { MaskGeometry } from '../../../src-shared/model/annotation';
import { FormatError } from './formatError';
import { isRecord } from './readHelpers';

/** How far a polygon may stray from the pixel edges it follows, in pixels (the workspace's mask-to-polygon uses the same). */
export const MASK_POLYGON_TOLERANCE = 0.7;

export interface CocoMaskFields {
  segmentation: { size: [number, number]; counts: string } | number[][];
  area: number;
  bbox: [number, number, number, number];
}

/** The mask's outlines as flat polygons (x1, y1, x2, y2, ...), holes bridged, every part down to one pixel. */
export function maskPolygons(g: MaskGeometry, counts: readonly number[], picture: { width: number; height: number } | null): number[][] {
  const whole = { x: g.x, y: g.y, width: g.width, height: g.height, bits: bitmapOfCounts(counts, g.width, g.height) };
  const region = picture ? clipRegion(whole, picture.width, picture.height) : whole;
  if (!region) return [];
  return maskContours(region, MASK_POLYGON_TOLERANCE, 1).map(({ outer, holes }) => bridgeHoles(outer, holes).flatMap((p) => [p.x, p.y]));
}

/**
 * The COCO fields of a mask, or null when none of its pixels is on the image. `picture` is the
 * image's size (needed for RLE, which covers the whole image; polygons do without).
 */
export function cocoMaskFields(g: MaskGeometry, form: CocoMaskForm, picture: { width: number; height: number } | null): CocoMaskFields | null {
  const counts = decodeCounts(g.rle);
  if (!counts) return null;
  if (!picture) {
    const set = countsArea(counts).set;
    const polygons = form === 'polygon' ? maskPolygons(g, counts, null) : [];
    return set > 0 && polygons.length > 0 ? { segmentation: polygons, area: set, bbox: [g.x, g.y, g.width, g.height] } : null;
  }
  const onPicture = reframeCounts(counts, g, { x: 0, y: 0, width: picture.width, height: picture.height });
  const box = setBoundsOfCounts(onPicture, picture.width, picture.height);
  if (!box) return null;
  const area = countsArea(onPicture).set;
  const bbox: CocoMaskFields['bbox'] = [box.x, box.y, box.width, box.height];
  if (form === 'rle') return { segmentation: { size: [picture.height, picture.width], counts: encodeCounts(onPicture) }, area, bbox };
  const polygons = maskPolygons(g, counts, picture);
  return polygons.length > 0 ? { segmentation: polygons, area, bbox } : null;
}

const badMask = (file: string, field: string, message: string) => new FormatError('import.badMask', `${file}: ${field} ${message}`, { file, field });

/**
 * A COCO RLE segmentation as a mask cropped to its set pixels (null when it sets none), after
 * checking that it is whole: `size` two positive integers, `counts` a text pycocotools could
 * have written or a list of whole numbers, covering exactly size[0] x size[1] pixels.
 */
export function readCocoRle(file: string, field: string, rle: unknown): { geometry: MaskGeometry | null; width: number; height: number } {
  if (!isRecord(rle)) throw badMask(file, field, 'must be an object with size and counts');
  const size = rle.size;
  if (!Array.isArray(size) || size.length !== 2 || !size.every((n) => Number.isInteger(n) && (n as number) > 0)) throw badMask(file, `${field}.size`, 'must be [height, width], two whole numbers above 0');
  const [height, width] = size as [number, number];
  let counts: number[] | null;
  if (typeof rle.counts === 'string') {
    counts = decodeCounts(rle.counts);
    if (!counts) throw badMask(file, `${field}.counts`, 'is not a whole run-length text (cut short, or a character outside it)');
  } else if (Array.isArray(rle.counts) && rle.counts.every((n) => Number.isInteger(n) && (n as number) >= 0)) {
    counts = rle.counts as number[];
  } else {
    throw badMask(file, `${field}.counts`, 'must be a run-length text or a list of whole numbers');
  }
  const { pixels } = countsArea(counts);
  if (pixels !== width * height) throw badMask(file, `${field}.counts`, `covers ${pixels} pixels, but size says ${height} x ${width} = ${width * height}`);
  return { geometry: geometryOfPictureCounts(counts, width, height), width, height };
}
