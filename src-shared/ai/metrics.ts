/**
 * How good a model is against reviewed (ground-truth) annotations, measured the way COCO's
 * evaluation (pycocotools `COCOeval.evaluateImg` + `accumulate`) does it, and what annotators did
 * with a model's suggestions. Pure: no I/O, usable on the server, in the workstation and in tests.
 *
 * - Matching, per item and label: predictions by descending score (stable for ties), each taken
 *   by the still-unmatched ground truth of highest similarity ≥ the threshold (on equal similarity
 *   the later ground truth, as COCO). No cross-label matching: a prediction of the wrong label is a
 *   false positive of its label and leaves a false negative on the ground truth's label.
 * - AP: all predictions of a label over all items, by descending score (stable: item order, then
 *   order in the item), precision made monotone from the right and read at COCO's 101 recall
 *   thresholds `i * 0.01` (exactly numpy's `linspace(0, 1, 101)`, so a recall of exactly 0.35 is read
 *   at the next point, as pycocotools does). Precision is `tp / (tp + fp)` without COCO's 2.2e-16
 *   epsilon. COCO's `maxDets` cap (100 per image) is not applied: every prediction counts.
 *   Labels without ground truth have no AP (`null`) and are left out of mAP, as in COCO; their
 *   predictions still count as false positives in precision.
 * - Precision, recall and F1 are taken at IoU 0.5 and the score threshold (score ≥ threshold).
 *
 * A figure with no denominator is `null`, never NaN.
 */
import { Type, type Static, type TSchema } from 'typebox';

const closed = { additionalProperties: false } as const;
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const NullableNumber = Nullable(Type.Number());
const Count = Type.Integer({ minimum: 0 });

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

/** The levels `GET /modelPredictStatistics/{modelId}/{level}` answers. */
export const LEVELS = ['object', 'item', 'label'] as const;
export type Level = (typeof LEVELS)[number];
export const isLevel = (value: unknown): value is Level => typeof value === 'string' && (LEVELS as readonly string[]).includes(value);

/** The IoU of AP50, precision, recall, F1, the item figures and the PR curve. */
export const AP50_IOU = 0.5;
/** COCO's 0.50:0.05:0.95, written out so 0.9 is 0.9. */
export const DEFAULT_IOU_THRESHOLDS: readonly number[] = Object.freeze([0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95]);
/** COCO's 101 recall thresholds, computed as numpy's `linspace(0, 1, 101)` does (`i * 0.01`, last exactly 1). */
export const RECALL_THRESHOLDS: readonly number[] = Object.freeze(Array.from({ length: 101 }, (_, i) => (i === 100 ? 1 : i * 0.01)));
/** At most this many points per precision-recall curve. */
export const PR_CURVE_MAX_POINTS = 50;
/** How far a coordinate may move, in pixels, and the object still count as kept by `feedbackOf`. */
export const GEOMETRY_TOLERANCE_PX = 0.5;

/** COCO's per-keypoint OKS sigmas of its 17 person keypoints (pycocotools `kpt_oks_sigmas`). */
export const COCO_KEYPOINT_SIGMAS: Readonly<Record<string, number>> = Object.freeze({
  nose: 0.026,
  left_eye: 0.025,
  right_eye: 0.025,
  left_ear: 0.035,
  right_ear: 0.035,
  left_shoulder: 0.079,
  right_shoulder: 0.079,
  left_elbow: 0.072,
  right_elbow: 0.072,
  left_wrist: 0.062,
  right_wrist: 0.062,
  left_hip: 0.107,
  right_hip: 0.107,
  left_knee: 0.087,
  right_knee: 0.087,
  left_ankle: 0.089,
  right_ankle: 0.089,
});
/** The sigma of a keypoint whose name is not one of COCO's 17. */
export const DEFAULT_KEYPOINT_SIGMA = 0.07;

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

export type EvalTool = 'box' | 'polygon' | 'keypoints';
/** An axis-aligned box in pixels; `rotation` (degrees about the centre) is measured by its bounding box. */
export type EvalBox = { x: number; y: number; width: number; height: number; rotation?: number };
export type EvalPolygon = { points: { x: number; y: number }[] };
/** Keypoints by name; a ground-truth point `absent` is not labelled and does not count (COCO's v = 0). */
export type EvalKeypoint = { name: string; x: number; y: number; visibility?: 'visible' | 'occluded' | 'absent' };
export type EvalKeypoints = { points: EvalKeypoint[] };
export type EvalGeometry = EvalBox | EvalPolygon | EvalKeypoints;

export type EvalObject = { label: string; geometry: EvalGeometry };
export type EvalPrediction = EvalObject & { score: number };
/** One reviewed item (an image): its ground truth and the model's predictions on it. */
export type EvalItem = { id: string; groundTruth: EvalObject[]; predictions: EvalPrediction[] };

export type EvaluateOptions = {
  /** the IoU (OKS for keypoints) thresholds `ap5095` averages over; default COCO's 0.50:0.05:0.95 */
  iouThresholds?: readonly number[];
  /** predictions scoring at least this count for precision, recall, F1 and the item figures; default 0 (all) */
  scoreThreshold?: number;
};

// ---------------------------------------------------------------------------------------------
// Result schema
// ---------------------------------------------------------------------------------------------

const objectFigureFields = {
  /** tp / (tp + fp) at IoU 0.5 and the score threshold; null without predictions */
  precision: NullableNumber,
  /** tp / gtCount at IoU 0.5 and the score threshold; null without ground truth */
  recall: NullableNumber,
  /** harmonic mean of precision and recall; null when either is */
  f1: NullableNumber,
  /** COCO AP at IoU 0.5 over all predictions (overall: mean over labels with ground truth) */
  ap50: NullableNumber,
  /** mean AP over the IoU thresholds (overall: mean over labels with ground truth) */
  ap5095: NullableNumber,
  tp: Count,
  fp: Count,
  fn: Count,
  gtCount: Count,
  /** predictions at or above the score threshold (tp + fp) */
  predCount: Count,
};
/** Object-level figures, overall or of one label. */
export const ObjectFigures = Type.Object(objectFigureFields, closed);
export type ObjectFigures = Static<typeof ObjectFigures>;

/** Item-level figures at IoU 0.5 and the score threshold. */
export const ItemFigures = Type.Object(
  {
    itemCount: Count,
    /** items whose every ground truth is matched and that have no false positive */
    itemsExact: Count,
    /** itemsExact / itemCount */
    itemAccuracy: NullableNumber,
    /** mean per-item precision; an item with nothing expected and nothing predicted counts 1, one with ground truth but no prediction is left out */
    itemMeanPrecision: NullableNumber,
    /** mean per-item recall; an item with nothing expected and nothing predicted counts 1, one with predictions but no ground truth is left out */
    itemMeanRecall: NullableNumber,
  },
  closed,
);
export type ItemFigures = Static<typeof ItemFigures>;

/** One operating point: predictions scoring ≥ `score` reach this recall and precision (IoU 0.5). */
export const PrPoint = Type.Object({ recall: Type.Number(), precision: Type.Number(), score: Type.Number() }, closed);
export type PrPoint = Static<typeof PrPoint>;

export const ModelStatistics = Type.Object(
  {
    iouThresholds: Type.Array(Type.Number()),
    scoreThreshold: Type.Number(),
    overall: ObjectFigures,
    /** by label key: every label that has ground truth or predictions */
    perLabel: Type.Record(Type.String(), ObjectFigures),
    items: ItemFigures,
    /** at IoU 0.5, by descending score; empty without ground truth. Overall pools every label's predictions. */
    prCurve: Type.Object({ overall: Type.Array(PrPoint), perLabel: Type.Record(Type.String(), Type.Array(PrPoint)) }, closed),
  },
  closed,
);
export type ModelStatistics = Static<typeof ModelStatistics>;

/** A row of the `label` level. */
export const LabelFigures = Type.Object({ label: Type.String(), ...objectFigureFields }, closed);
export type LabelFigures = Static<typeof LabelFigures>;

/** The flat JSON `statisticsAtLevel` gives per level. */
export const LevelFigures = {
  object: ObjectFigures,
  item: ItemFigures,
  label: Type.Array(LabelFigures),
} as const;
export type LevelFigures = { object: ObjectFigures; item: ItemFigures; label: LabelFigures[] };

// ---------------------------------------------------------------------------------------------
// Geometry and similarity
// ---------------------------------------------------------------------------------------------

export type Bounds = { minX: number; minY: number; maxX: number; maxY: number };

/** Which tool a geometry is of: a box has a width; keypoints have named points; else a polygon. */
export function toolOf(geometry: EvalGeometry): EvalTool {
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
  if ('width' in geometry) {
    const w = Math.max(0, geometry.width), h = Math.max(0, geometry.height);
    const rad = ((geometry.rotation ?? 0) * Math.PI) / 180;
    if (rad === 0) return { minX: geometry.x, minY: geometry.y, maxX: geometry.x + w, maxY: geometry.y + h };
    const cx = geometry.x + w / 2, cy = geometry.y + h / 2;
    const c = Math.abs(Math.cos(rad)), s = Math.abs(Math.sin(rad));
    const hw = (w * c + h * s) / 2, hh = (w * s + h * c) / 2;
    return { minX: cx - hw, minY: cy - hh, maxX: cx + hw, maxY: cy + hh };
  }
  const points = toolOf(geometry) === 'keypoints' ? (geometry as EvalKeypoints).points.filter((p) => p.visibility !== 'absent') : geometry.points;
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

/**
 * How alike a ground truth and a prediction are, in [0, 1], per tool:
 * - box: IoU of the areas;
 * - polygon: IoU of the polygons' bounding boxes (chosen over true polygon IoU, which needs
 *   polygon clipping; a box against a polygon is measured the same way);
 * - keypoints: OKS (`keypointSimilarity`); keypoints against any other tool: 0.
 */
export function similarity(gt: EvalGeometry, pred: EvalGeometry): number {
  const gk = toolOf(gt) === 'keypoints', pk = toolOf(pred) === 'keypoints';
  if (gk || pk) return gk && pk ? keypointSimilarity(gt as EvalKeypoints, pred as EvalKeypoints) : 0;
  const a = boundsOf(gt), b = boundsOf(pred);
  if (!a || !b) return 0;
  const iou = boundsIoU(a, b);
  return Number.isFinite(iou) ? iou : 0;
}

// ---------------------------------------------------------------------------------------------
// Matching and AP
// ---------------------------------------------------------------------------------------------

/**
 * COCO's greedy matching of one item and label: `sims[p][g]` the similarity of the p-th
 * prediction (already by descending score) to the g-th ground truth. Answers, per prediction,
 * whether it matched a ground truth at `threshold`.
 */
export function greedyMatch(sims: readonly (readonly number[])[], gtCount: number, threshold: number): boolean[] {
  const taken = new Array<boolean>(gtCount).fill(false);
  const floor = Math.min(threshold, 1 - 1e-10);
  return sims.map((row) => {
    let best = floor, m = -1;
    for (let g = 0; g < gtCount; g++) {
      if (taken[g]) continue;
      const s = row[g] ?? 0;
      if (s < best) continue;
      best = s;
      m = g;
    }
    if (m < 0) return false;
    taken[m] = true;
    return true;
  });
}

/** A prediction after matching: its item, score and whether it matched at each evaluated threshold. */
type Scored = { item: number; score: number; matched: boolean[] };

/**
 * COCO's 101-point interpolated AP of predictions sorted by descending score, `matched` telling
 * which are true positives, against `gtCount` ground truths; null without ground truth.
 */
export function averagePrecision(matched: readonly boolean[], gtCount: number): number | null {
  if (gtCount <= 0) return null;
  const n = matched.length;
  const recall = new Array<number>(n), precision = new Array<number>(n);
  let tp = 0;
  for (let i = 0; i < n; i++) {
    if (matched[i]) tp++;
    recall[i] = tp / gtCount;
    precision[i] = tp / (i + 1);
  }
  for (let i = n - 1; i > 0; i--) if ((precision[i] as number) > (precision[i - 1] as number)) precision[i - 1] = precision[i] as number;
  let sum = 0, at = 0;
  for (const r of RECALL_THRESHOLDS) {
    while (at < n && (recall[at] as number) < r) at++; // numpy searchsorted(recall, r, 'left')
    if (at >= n) break;
    sum += precision[at] as number;
  }
  return sum / RECALL_THRESHOLDS.length;
}

/** Operating points at each distinct score (predictions by descending score), thinned to `max` points evenly by index, the last always kept. */
function prCurveOf(scored: readonly { score: number; tp: boolean }[], gtCount: number, max = PR_CURVE_MAX_POINTS): PrPoint[] {
  if (gtCount <= 0 || scored.length === 0) return [];
  const points: PrPoint[] = [];
  let tp = 0;
  scored.forEach((d, i) => {
    if (d.tp) tp++;
    const next = scored[i + 1];
    if (!next || next.score !== d.score) points.push({ recall: tp / gtCount, precision: tp / (i + 1), score: d.score });
  });
  if (points.length <= max) return points;
  if (max <= 1) return points.slice(-1);
  return Array.from({ length: max }, (_, i) => points[Math.round((i * (points.length - 1)) / (max - 1))] as PrPoint);
}

const ratio = (num: number, den: number): number | null => (den > 0 ? num / den : null);
const f1Of = (p: number | null, r: number | null): number | null => (p === null || r === null ? null : p + r === 0 ? 0 : (2 * p * r) / (p + r));
const meanOf = (values: readonly number[]): number | null => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);
const byScoreDesc = <T extends { score: number }>(a: T, b: T) => b.score - a.score;

function figuresOf(tp: number, fp: number, gtCount: number, ap50: number | null, ap5095: number | null): ObjectFigures {
  const precision = ratio(tp, tp + fp), recall = ratio(tp, gtCount);
  return { precision, recall, f1: f1Of(precision, recall), ap50, ap5095, tp, fp, fn: gtCount - tp, gtCount, predCount: tp + fp };
}

function checkedThresholds(list: readonly number[] | undefined): number[] {
  const thresholds = [...new Set(list ?? DEFAULT_IOU_THRESHOLDS)];
  if (thresholds.length === 0) throw new RangeError('iouThresholds must not be empty');
  for (const t of thresholds) if (!(Number.isFinite(t) && t > 0 && t <= 1)) throw new RangeError(`IoU threshold ${t} is not in (0, 1]`);
  return thresholds;
}

/**
 * Measures predictions against ground truth as COCO does (see the file's comment).
 * Throws a RangeError on a non-finite score or score threshold, or an IoU threshold outside (0, 1].
 */
export function evaluateDetections(items: readonly EvalItem[], options: EvaluateOptions = {}): ModelStatistics {
  const iouThresholds = checkedThresholds(options.iouThresholds);
  const scoreThreshold = options.scoreThreshold ?? 0;
  if (!Number.isFinite(scoreThreshold)) throw new RangeError(`score threshold ${scoreThreshold} is not a finite number`);
  // every threshold matched at: those averaged, then 0.5 if not among them
  const matchAt = iouThresholds.includes(AP50_IOU) ? iouThresholds : [...iouThresholds, AP50_IOU];
  const at50 = matchAt.indexOf(AP50_IOU);

  const labels = new Map<string, { gtCount: number; scored: Scored[] }>();
  const labelOf = (label: string) => {
    let entry = labels.get(label);
    if (!entry) labels.set(label, (entry = { gtCount: 0, scored: [] }));
    return entry;
  };
  const perItem: { tp: number; fp: number; fn: number }[] = [];

  items.forEach((item, itemIndex) => {
    const groups = new Map<string, { gt: EvalObject[]; pred: EvalPrediction[] }>();
    const groupOf = (label: string) => {
      let g = groups.get(label);
      if (!g) groups.set(label, (g = { gt: [], pred: [] }));
      return g;
    };
    for (const o of item.groundTruth) groupOf(o.label).gt.push(o);
    for (const p of item.predictions) {
      if (!Number.isFinite(p.score)) throw new RangeError(`a prediction of item ${item.id} has the score ${p.score}`);
      groupOf(p.label).pred.push(p);
    }
    const tally = { tp: 0, fp: 0, fn: 0 };
    for (const [label, { gt, pred }] of groups) {
      const entry = labelOf(label);
      entry.gtCount += gt.length;
      const preds = [...pred].sort(byScoreDesc); // stable: ties keep their order
      const sims = preds.map((p) => gt.map((g) => similarity(g.geometry, p.geometry)));
      const matches = matchAt.map((t) => greedyMatch(sims, gt.length, t));
      let tp = 0, counted = 0;
      preds.forEach((p, i) => {
        const matched = matches.map((m) => m[i] as boolean);
        entry.scored.push({ item: itemIndex, score: p.score, matched });
        if (p.score >= scoreThreshold) {
          counted++;
          if (matched[at50]) tp++;
        }
      });
      tally.tp += tp;
      tally.fp += counted - tp;
      tally.fn += gt.length - tp;
    }
    perItem.push(tally);
  });

  const perLabel: [string, ObjectFigures][] = [];
  const curves: [string, PrPoint[]][] = [];
  const pooled: { score: number; tp: boolean }[] = [];
  let tpAll = 0, fpAll = 0, gtAll = 0;
  const ap50s: number[] = [], ap5095s: number[] = [];
  for (const label of [...labels.keys()].sort()) {
    const { gtCount, scored } = labels.get(label) as { gtCount: number; scored: Scored[] };
    scored.sort(byScoreDesc); // stable over item order, then order in the item (as COCO's mergesort)
    const apAt = (k: number) => averagePrecision(scored.map((d) => d.matched[k] as boolean), gtCount);
    const ap50 = apAt(at50);
    const ap5095 = gtCount > 0 ? (meanOf(iouThresholds.map((_, k) => apAt(k) as number)) as number) : null;
    if (ap50 !== null) ap50s.push(ap50);
    if (ap5095 !== null) ap5095s.push(ap5095);
    let tp = 0, fp = 0;
    for (const d of scored) {
      if (d.score < scoreThreshold) continue;
      if (d.matched[at50]) tp++;
      else fp++;
    }
    perLabel.push([label, figuresOf(tp, fp, gtCount, ap50, ap5095)]);
    const points = scored.map((d) => ({ score: d.score, tp: d.matched[at50] as boolean }));
    curves.push([label, prCurveOf(points, gtCount)]);
    pooled.push(...points);
    tpAll += tp;
    fpAll += fp;
    gtAll += gtCount;
  }
  pooled.sort(byScoreDesc);

  const precisions: number[] = [], recalls: number[] = [];
  let exact = 0;
  for (const { tp, fp, fn } of perItem) {
    if (fp === 0 && fn === 0) exact++;
    const predicted = tp + fp, expected = tp + fn;
    if (predicted > 0) precisions.push(tp / predicted);
    else if (expected === 0) precisions.push(1);
    if (expected > 0) recalls.push(tp / expected);
    else if (predicted === 0) recalls.push(1);
  }

  return {
    iouThresholds,
    scoreThreshold,
    overall: figuresOf(tpAll, fpAll, gtAll, meanOf(ap50s), meanOf(ap5095s)),
    perLabel: Object.fromEntries(perLabel), // fromEntries: a label named "__proto__" stays an own key
    items: {
      itemCount: perItem.length,
      itemsExact: exact,
      itemAccuracy: ratio(exact, perItem.length),
      itemMeanPrecision: meanOf(precisions),
      itemMeanRecall: meanOf(recalls),
    },
    prCurve: { overall: prCurveOf(pooled, gtAll), perLabel: Object.fromEntries(curves) },
  };
}

/** The flat JSON of one level: `object` the overall figures, `item` the item figures, `label` a row per label (sorted by label). */
export function statisticsAtLevel<L extends Level>(stats: ModelStatistics, level: L): LevelFigures[L];
export function statisticsAtLevel(stats: ModelStatistics, level: Level): LevelFigures[Level] {
  switch (level) {
    case 'object':
      return { ...stats.overall };
    case 'item':
      return { ...stats.items };
    case 'label':
      return Object.keys(stats.perLabel)
        .sort()
        .map((label) => ({ label, ...(stats.perLabel[label] as ObjectFigures) }));
    default:
      throw new RangeError(`unknown statistics level ${String(level)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Feedback and thresholds
// ---------------------------------------------------------------------------------------------

/** Whether two geometries are the same: same shape, every number within `tolerance`, everything else equal. */
export function sameGeometry(a: unknown, b: unknown, tolerance = GEOMETRY_TOLERANCE_PX): boolean {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= tolerance || a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameGeometry(v, b[i], tolerance));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = (o: object) => Object.keys(o).filter((k) => (o as Record<string, unknown>)[k] !== undefined);
    const ka = keys(a), kb = keys(b);
    return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && sameGeometry((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], tolerance));
  }
  return a === b;
}

export type FeedbackObject = { id: string; label: string; geometry: unknown };
export type Feedback = { kept: number; edited: number; deleted: number };

/**
 * What annotators did with AI suggestions: each suggested object (once per id) is `kept` when an
 * object of its id still exists with the same label and geometry (every coordinate within 0.5 px),
 * `edited` when it exists with any change, `deleted` when it is gone. `source` is not consulted:
 * accepting a suggestion turns it `manual` without changing it, so it still counts as kept.
 */
export function feedbackOf(predicted: readonly FeedbackObject[], current: readonly (FeedbackObject & { source?: string })[]): Feedback {
  const now = new Map<string, FeedbackObject>();
  for (const o of current) if (!now.has(o.id)) now.set(o.id, o);
  const seen = new Set<string>();
  const out: Feedback = { kept: 0, edited: 0, deleted: 0 };
  for (const p of predicted) {
    if (seen.has(p.id)) continue;
    seen.add(p.id);
    const c = now.get(p.id);
    if (!c) out.deleted++;
    else if (c.label === p.label && sameGeometry(p.geometry, c.geometry)) out.kept++;
    else out.edited++;
  }
  return out;
}

/**
 * The lowest score threshold at which the predictions scoring at least it reach `targetPrecision`
 * (the most recall for that precision), among the scores given; null when none does.
 */
export function thresholdForPrecision(scoredMatches: readonly { score: number; tp: boolean }[], targetPrecision: number): number | null {
  const sorted = scoredMatches.filter((m) => Number.isFinite(m.score)).sort(byScoreDesc);
  let tp = 0, best: number | null = null;
  for (let i = 0; i < sorted.length; i++) {
    const m = sorted[i] as { score: number; tp: boolean };
    if (m.tp) tp++;
    if (sorted[i + 1]?.score === m.score) continue; // a threshold takes every tie
    if (tp / (i + 1) >= targetPrecision - 1e-12) best = m.score;
  }
  return best;
}
