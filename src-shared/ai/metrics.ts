/**
 * How good a model is against reviewed (ground-truth) annotations, measured the way COCO's
 * evaluation (pycocotools `COCOeval.evaluateImg` + `accumulate`) does it, and what annotators did
 * with a model's suggestions. Pure: no I/O, usable on the server, in the workstation and in tests.
 *
 * - Matching, per item and label: predictions by descending score (stable for ties), each taken
 *   by the still-unmatched ground truth of highest similarity ≥ the threshold (on equal similarity
 *   the later ground truth, as COCO). Similarity (evalGeometry.ts) is box IoU for boxes, mask IoU
 *   (pixels, as COCO's `iouType='segm'`) where the reviewed objects are outlines, OKS for keypoints;
 *   each label says which (`measure`). No cross-label matching: a prediction of the wrong label is a
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
import { AP50_IOU, DEFAULT_IOU_THRESHOLDS, GEOMETRY_TOLERANCE_PX, PR_CURVE_MAX_POINTS, RECALL_THRESHOLDS } from './metricsTypes';
import type { EvalGeometry, EvalItem, EvalObject, EvalPrediction, EvaluateOptions, Level, LevelFigures, MatchMeasure, ModelStatistics, ObjectFigures, PrPoint } from './metricsTypes';
import { measureOf, similarity } from './evalGeometry';
import { outlineMeasure } from './outlineIou';

// Importers take everything of model evaluation from here.
export * from './metricsTypes';
export * from './evalGeometry';
export * from './outlineIou';

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
  // below its lowest threshold a similarity matches nothing: outlines that cannot reach it are not compared pixel by pixel
  const lowest = Math.min(...matchAt);

  // `seen`: a reviewed object of the label (else a prediction), to say what the label is measured by
  const labels = new Map<string, { gtCount: number; scored: Scored[]; seen: { geometry: EvalGeometry; truth: boolean } | null }>();
  const labelOf = (label: string) => {
    let entry = labels.get(label);
    if (!entry) labels.set(label, (entry = { gtCount: 0, scored: [], seen: null }));
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
    const outline = outlineMeasure(item.frame, lowest);
    for (const [label, { gt, pred }] of groups) {
      const entry = labelOf(label);
      entry.gtCount += gt.length;
      // a label is one feature's, drawn with one tool: its first reviewed object tells the tool
      if (gt[0] && !entry.seen?.truth) entry.seen = { geometry: gt[0].geometry, truth: true };
      else if (pred[0] && !entry.seen) entry.seen = { geometry: pred[0].geometry, truth: false };
      const preds = [...pred].sort(byScoreDesc); // stable: ties keep their order
      const sims = preds.map((p) => gt.map((g) => similarity(g.geometry, p.geometry, outline)));
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
    const { gtCount, scored, seen } = labels.get(label)!;
    const measure: MatchMeasure = seen ? measureOf(seen.geometry) : 'box';
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
    perLabel.push([label, { ...figuresOf(tp, fp, gtCount, ap50, ap5095), measure }]);
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

/**
 * Measures every pair of an item that evaluateDetections would compare (a ground truth and a
 * prediction of the same label) and keeps the outlines' IoUs (outlineIou.ts), so that a later
 * evaluateDetections of the item with the same thresholds compares no pixels. A caller with many
 * large outlines primes item by item and lets other work run in between.
 */
export function primeSimilarities(item: EvalItem, options: Pick<EvaluateOptions, 'iouThresholds'> = {}): void {
  const outline = outlineMeasure(item.frame, Math.min(AP50_IOU, ...checkedThresholds(options.iouThresholds)));
  for (const p of item.predictions) for (const g of item.groundTruth) if (g.label === p.label) similarity(g.geometry, p.geometry, outline);
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
