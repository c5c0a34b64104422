/**
 * Learning a head from reviewed examples, given what the base detector saw in each of them.
 * Pure: the training job runs the detector and hands the predictions here.
 *
 * 1. Matching: in each example, predictions (best score first) take the unmatched reviewed box
 *    they overlap most, if that overlap is IoU >= 0.5 (the usual detection-evaluation greedy
 *    match). A prediction matched nowhere is a false positive; so is a second prediction on an
 *    already matched box.
 * 2. Mapping: for each base class, the label its matched predictions hit most, if that happened
 *    at least twice and for at least half of the class's matched predictions, and the label is
 *    one the head may map to.
 * 3. Thresholds: for each mapped-to label, all predictions of the classes mapped to it, best
 *    first; the threshold is the lowest score at which precision (matched to a box of that label /
 *    kept) is still >= targetPrecision. A label whose precision never reaches the target gets no
 *    threshold of its own, so `defaultThreshold` (0.5) applies to it: the model keeps proposing
 *    it, at the same bar as an untrained detector, rather than going silent. The report lists
 *    only the learnt thresholds, so the server can tell which labels fell back.
 */
import type { ModelHead } from '../../src-shared/ai/protocol';
import { iou, type Box } from '../geometry';

export interface SeenPrediction {
  className: string;
  score: number;
  box: Box;
}
export interface TrainingSample {
  predictions: readonly SeenPrediction[];
  objects: readonly { label: string; box: Box }[];
}
export interface LearnOptions {
  /** the label keys the head may map to; empty = any label of the examples */
  labels: readonly string[];
  targetPrecision: number;
  iouThreshold?: number;
  minMatches?: number;
  defaultThreshold?: number;
}
export interface LearnedHead {
  head: ModelHead;
  report: { examples: number; matched: number; mapping: Record<string, string>; thresholds: Record<string, number> };
}

export const TRAIN_IOU = 0.5;
export const TRAIN_MIN_MATCHES = 2;
export const TRAIN_DEFAULT_THRESHOLD = 0.5;

interface Matched {
  className: string;
  score: number;
  /** label of the reviewed box it matched, or null */
  label: string | null;
}

/** Greedy one-to-one matching of one example's predictions to its reviewed boxes. */
export function matchExample(sample: TrainingSample, iouThreshold = TRAIN_IOU): Matched[] {
  const taken = new Uint8Array(sample.objects.length);
  const order = sample.predictions.map((p, i) => ({ p, i })).sort((a, b) => b.p.score - a.p.score || a.i - b.i);
  return order.map(({ p }) => {
    let best = -1;
    let bestIou = iouThreshold;
    sample.objects.forEach((o, j) => {
      if (taken[j]) return;
      const v = iou(p.box, o.box);
      if (v >= bestIou) {
        bestIou = v;
        best = j;
      }
    });
    if (best >= 0) taken[best] = 1;
    return { className: p.className, score: p.score, label: best >= 0 ? sample.objects[best]!.label : null };
  });
}

const floor4 = (v: number) => Math.floor(v * 1e4) / 1e4;

/** The lowest score threshold keeping precision >= target over `(score, hit)` pairs, or undefined. */
export function lowestThreshold(scored: readonly { score: number; hit: boolean }[], target: number): number | undefined {
  const sorted = [...scored].sort((a, b) => b.score - a.score);
  let tp = 0;
  let found: number | undefined;
  for (let i = 0; i < sorted.length; i++) {
    if (sorted[i]!.hit) tp++;
    // a threshold keeps every prediction of the same score: judge only after the last of a tie
    if (i + 1 < sorted.length && sorted[i + 1]!.score === sorted[i]!.score) continue;
    if (tp / (i + 1) >= target) found = sorted[i]!.score;
  }
  return found === undefined ? undefined : floor4(found);
}

/**
 * Collects the evidence example by example (a training run may have 100,000 of them): each
 * example is matched as it comes and only (class, score, matched label) is kept, in compact
 * per-class arrays.
 */
export class HeadLearner {
  private readonly labelIds = new Map<string, number>();
  private readonly labelNames: string[] = [];
  private readonly byClass = new Map<string, { scores: number[]; labels: number[] }>();
  private examples = 0;

  constructor(private readonly iouThreshold = TRAIN_IOU) {}

  private labelId(label: string | null): number {
    if (label === null) return -1;
    let id = this.labelIds.get(label);
    if (id === undefined) {
      id = this.labelNames.length;
      this.labelNames.push(label);
      this.labelIds.set(label, id);
    }
    return id;
  }

  add(sample: TrainingSample): void {
    this.examples++;
    for (const m of matchExample(sample, this.iouThreshold)) {
      let row = this.byClass.get(m.className);
      if (!row) this.byClass.set(m.className, (row = { scores: [], labels: [] }));
      row.scores.push(m.score);
      row.labels.push(this.labelId(m.label));
    }
  }

  result(options: LearnOptions): LearnedHead {
    const minMatches = options.minMatches ?? TRAIN_MIN_MATCHES;
    const allowed = new Set(options.labels);

    // 1-2. class -> label counts, then the mapping
    let matched = 0;
    const mapping: Record<string, string> = {};
    for (const className of [...this.byClass.keys()].sort()) {
      const counts = new Map<number, number>();
      for (const id of this.byClass.get(className)!.labels) if (id >= 0) counts.set(id, (counts.get(id) ?? 0) + 1);
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      matched += total;
      if (total === 0) continue;
      const [id, n] = [...counts.entries()].sort((a, b) => b[1] - a[1] || (this.labelNames[a[0]]! < this.labelNames[b[0]]! ? -1 : 1))[0]!;
      const label = this.labelNames[id]!;
      if (n >= minMatches && 2 * n >= total && (allowed.size === 0 || allowed.has(label))) mapping[className] = label;
    }

    // 3. per label threshold at the target precision
    const thresholds: Record<string, number> = {};
    for (const label of [...new Set(Object.values(mapping))].sort()) {
      const id = this.labelIds.get(label)!;
      const scored: { score: number; hit: boolean }[] = [];
      for (const [className, row] of this.byClass) {
        if (mapping[className] !== label) continue;
        row.scores.forEach((score, i) => scored.push({ score, hit: row.labels[i] === id }));
      }
      const t = lowestThreshold(scored, options.targetPrecision);
      if (t !== undefined) thresholds[label] = t;
    }

    const head: ModelHead = { mapping, thresholds, defaultThreshold: options.defaultThreshold ?? TRAIN_DEFAULT_THRESHOLD };
    return { head, report: { examples: this.examples, matched, mapping: { ...mapping }, thresholds: { ...thresholds } } };
  }
}

export function learnHead(samples: readonly TrainingSample[], options: LearnOptions): LearnedHead {
  const learner = new HeadLearner(options.iouThreshold);
  for (const s of samples) learner.add(s);
  return learner.result(options);
}
