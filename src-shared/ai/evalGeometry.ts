/** Geometry and similarity of the objects model evaluation compares (metrics.ts): bounds, IoU, mask IoU, OKS. */
import { outlineMeasure, type OutlineMeasure, type PixelShape } from './outlineIou';
import {
  COCO_KEYPOINT_SIGMAS,
  DEFAULT_KEYPOINT_SIGMA,
  type EvalGeometry,
  type EvalKeypoint,
  type EvalKeypoints,
  type EvalPolygon,
  type EvalTool,
  type MatchMeasure,
} from './metricsTypes';

// ---------------------------------------------------------------------------------------------
// Geometry and similarity
// ---------------------------------------------------------------------------------------------

export type Bounds = { minX: number; minY: number; maxX: number; maxY: number };

/** Which tool a geometry is of: a mask has run-length text; a box has a width; keypoints have named points; else a polygon. */
export function toolOf(geometry: EvalGeometry): EvalTool {
  if ('rle' in geometry) return 'mask';
  if ('width' in geometry) return 'box';
  return geometry.points.some((p) => 'name' in p) ? 'keypoints' : 'polygon';
}

const boundsOfPoints = (points: readonly { x: number; y: number }[]): Bounds | null => {
  if (points.length === 0) return null;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const p of points) {
    if (p.x < minX) minX = p.x;
    if (p.x > maxX) maxX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.y > maxY) maxY = p.y;
  }
  return { minX, minY, maxX, maxY };
};

/** The axis-aligned bounding box of a geometry (of a rotated box: of its rotated corners); null when it has no points. */
export function boundsOf(geometry: EvalGeometry): Bounds | null {
  // a stored mask's box is cropped to its set pixels
  if ('rle' in geometry) return { minX: geometry.x, minY: geometry.y, maxX: geometry.x + geometry.width, maxY: geometry.y + geometry.height };
  if ('width' in geometry) {
    const w = Math.max(0, geometry.width), h = Math.max(0, geometry.height);
    const rad = ((geometry.rotation ?? 0) * Math.PI) / 180;
    if (rad === 0) return { minX: geometry.x, minY: geometry.y, maxX: geometry.x + w, maxY: geometry.y + h };
    const cx = geometry.x + w / 2, cy = geometry.y + h / 2;
    const c = Math.abs(Math.cos(rad)), s = Math.abs(Math.sin(rad));
    const hw = (w * c + h * s) / 2, hh = (w * s + h * c) / 2;
    return { minX: cx - hw, minY: cy - hh, maxX: cx + hw, maxY: cy + hh };
  }
  const points = toolOf(geometry) === 'keypoints' ? (geometry as EvalKeypoints).points.filter((p) => p.visibility !== 'absent') : (geometry as EvalPolygon).points;
  return boundsOfPoints(points);
}

const areaOf = (b: Bounds) => Math.max(0, b.maxX - b.minX) * Math.max(0, b.maxY - b.minY);

/** Intersection over union of two axis-aligned boxes; 0 when their union has no area. */
export function boundsIoU(a: Bounds, b: Bounds): number {
  const iw = Math.min(a.maxX, b.maxX) - Math.max(a.minX, b.minX);
  const ih = Math.min(a.maxY, b.maxY) - Math.max(a.minY, b.minY);
  const inter = iw > 0 && ih > 0 ? iw * ih : 0;
  const union = areaOf(a) + areaOf(b) - inter;
  return union > 0 ? inter / union : 0;
}

const keypointKey = (name: string) => name.trim().toLowerCase().replace(/[\s-]+/g, '_');
/** The OKS sigma of a keypoint name: COCO's for its 17 (names compared case- and separator-insensitively), else 0.07. */
export const keypointSigma = (name: string): number => {
  const key = keypointKey(name);
  return Object.hasOwn(COCO_KEYPOINT_SIGMAS, key) ? (COCO_KEYPOINT_SIGMAS[key] as number) : DEFAULT_KEYPOINT_SIGMA;
};

/**
 * COCO's object keypoint similarity: the mean over the ground truth's labelled (not `absent`)
 * points of exp(-d² / (2 · s · (2σ)²)), with d the distance to the predicted point of the same
 * name (a missing one scores 0), σ the keypoint's sigma and s the object's scale, here the area of
 * the bounding box of the ground truth's labelled points (COCO uses the segment's area). 0 when
 * the ground truth has no labelled point.
 */
export function keypointSimilarity(gt: EvalKeypoints, pred: EvalKeypoints): number {
  const labelled = gt.points.filter((p) => p.visibility !== 'absent');
  const bounds = boundsOfPoints(labelled);
  if (!bounds) return 0;
  const scale = areaOf(bounds) + Number.EPSILON; // COCO: area + np.spacing(1)
  const byName = new Map<string, EvalKeypoint>();
  for (const p of pred.points) {
    const key = keypointKey(p.name);
    if (p.visibility !== 'absent' && !byName.has(key)) byName.set(key, p);
  }
  let sum = 0;
  for (const g of labelled) {
    const d = byName.get(keypointKey(g.name));
    if (!d) continue;
    const variance = (2 * keypointSigma(g.name)) ** 2;
    const e = ((d.x - g.x) ** 2 + (d.y - g.y) ** 2) / variance / scale / 2;
    sum += Math.exp(-e);
  }
  const oks = sum / labelled.length;
  return Number.isFinite(oks) ? oks : 0;
}

// ---------------------------------------------------------------------------------------------
// Outlines as pixels
// ---------------------------------------------------------------------------------------------

/** Whether a reviewed object of this geometry is an outline, measured as pixels. */
export const isOutline = (g: EvalGeometry): boolean => {
  const tool = toolOf(g);
  return tool === 'polygon' || tool === 'mask';
};

/** What a label whose reviewed objects have this geometry is measured by (similarity's rule). */
export const measureOf = (g: EvalGeometry): MatchMeasure => (toolOf(g) === 'keypoints' ? 'oks' : isOutline(g) ? 'mask' : 'box');

/**
 * How alike a ground truth and a prediction are, in [0, 1]; the reviewed object's tool decides:
 * - box: IoU of the areas (a prediction of another tool by its bounding box);
 * - polygon or mask (an outline): mask IoU, the pixels of both on the frame (outlineIou.ts): a
 *   polygon's and a box's pixels are those whose centre is inside, as when they are turned into a
 *   mask; a box suggestion is thus measured as the rectangle it would be as an outline;
 * - keypoints: OKS (`keypointSimilarity`); keypoints against any other tool: 0.
 * `outline`: how an item's outlines are measured (its frame, the lowest IoU it needs); by default
 * on a picture of unknown size, every value exact.
 */
export function similarity(gt: EvalGeometry, pred: EvalGeometry, outline: OutlineMeasure = outlineMeasure()): number {
  const gk = toolOf(gt) === 'keypoints', pk = toolOf(pred) === 'keypoints';
  if (gk || pk) return gk && pk ? keypointSimilarity(gt as EvalKeypoints, pred as EvalKeypoints) : 0;
  if (isOutline(gt)) return outline(gt as PixelShape, pred as PixelShape);
  const a = boundsOf(gt), b = boundsOf(pred);
  if (!a || !b) return 0;
  const iou = boundsIoU(a, b);
  return Number.isFinite(iou) ? iou : 0;
}
