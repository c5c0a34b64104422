/**
 * Outlines compared as pixels, for model evaluation (evalGeometry.ts `similarity`): mask IoU as
 * COCO's `iouType='segm'` computes it, from runs (src-shared/mask/maskIou.ts), never a bitmap.
 *
 * Cost, bounded: a shape costs its runs and the columns it spans on the frame (pixels off the
 * frame are cut away); an item's shapes are turned into pixels once for the item and let go
 * after it, so an evaluation holds the pixels of one item at a time; a pair whose boxes show it
 * cannot reach the lowest IoU matching needs is not compared column by column; and a pair's IoU
 * is kept (by its two geometry objects, weakly), so a second measure of the same items (the
 * server measures every prediction, then those above the model's thresholds) compares nothing
 * again.
 */
import { columnRunsIoU, columnRunsOfBox, columnRunsOfMask, columnRunsOfPolygon, type ColumnRuns } from '../mask/maskIou';
import type { ScanBox } from '../mask/polygonToMask';
import { MASK_IOU_CLIP_SIDE, type EvalBox, type EvalMask, type EvalPolygon } from './metricsTypes';

/** What can be seen as pixels: a box, a polygon or a mask. */
export type PixelShape = EvalBox | EvalPolygon | EvalMask;
/** The IoU of a reviewed outline and a prediction, as pixels. */
export type OutlineMeasure = (gt: PixelShape, pred: PixelShape) => number;

/** The picture outlines are compared on: the frame when known, else MASK_IOU_CLIP_SIDE px a side from its top-left corner. */
export const clipOf = (frame?: { width: number; height: number }): ScanBox => ({ x: 0, y: 0, width: frame?.width ?? MASK_IOU_CLIP_SIDE, height: frame?.height ?? MASK_IOU_CLIP_SIDE });

/** A rotated box's corners (rotation in degrees, clockwise about the centre, as the workspace draws it). */
function cornersOf(b: EvalBox): { x: number; y: number }[] {
  const rad = ((b.rotation ?? 0) * Math.PI) / 180;
  const cx = b.x + b.width / 2, cy = b.y + b.height / 2, c = Math.cos(rad), s = Math.sin(rad);
  return [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([dx, dy]) => {
    const x = ((dx as number) * b.width) / 2, y = ((dy as number) * b.height) / 2;
    return { x: cx + x * c - y * s, y: cy + x * s + y * c };
  });
}

/** A shape's pixels on the clip: a mask's set ones; a box's and a polygon's those whose centre is inside. */
export function pixelsOf(g: PixelShape, clip: ScanBox): ColumnRuns {
  if ('rle' in g) return columnRunsOfMask(g, clip);
  if ('width' in g) return g.rotation ? columnRunsOfPolygon([cornersOf(g)], clip) : columnRunsOfBox(g, clip);
  return columnRunsOfPolygon([g.points], clip);
}

/** IoU of two shapes as pixels on the clip (by default a picture of unknown size). */
export const maskIoU = (a: PixelShape, b: PixelShape, clip: ScanBox = clipOf()): number => columnRunsIoU(pixelsOf(a, clip), pixelsOf(b, clip));

/** Pairs measured: by reviewed object, then prediction; the clip, the floor it was measured at, the IoU (0 when under the floor). */
const measured = new WeakMap<object, WeakMap<object, { clip: string; atLeast: number; iou: number }>>();

/**
 * How one item's outlines are measured: on its frame; `atLeast`, the lowest IoU the caller needs
 * (a pair that cannot reach it answers 0). Use one per item: it keeps the item's pixels.
 */
export function outlineMeasure(frame?: { width: number; height: number }, atLeast = 0): OutlineMeasure {
  const clip = clipOf(frame);
  const clipKey = `${clip.width}x${clip.height}`;
  const pixels = new Map<object, ColumnRuns>();
  const pixelsOfShape = (g: PixelShape) => {
    let runs = pixels.get(g);
    if (!runs) pixels.set(g, (runs = pixelsOf(g, clip)));
    return runs;
  };
  return (gt, pred) => {
    let byPred = measured.get(gt);
    const hit = byPred?.get(pred);
    // a value measured at a lower floor holds at a higher one (under the floor it was 0, and is under this one too)
    if (hit && hit.clip === clipKey && hit.atLeast <= atLeast) return hit.iou < atLeast ? 0 : hit.iou;
    const raw = columnRunsIoU(pixelsOfShape(gt), pixelsOfShape(pred), atLeast);
    const iou = raw < atLeast ? 0 : raw;
    if (!byPred) measured.set(gt, (byPred = new WeakMap()));
    byPred.set(pred, { clip: clipKey, atLeast, iou });
    return iou;
  };
}
