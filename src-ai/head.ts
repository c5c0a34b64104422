/**
 * What the service does with a model's raw predictions before answering: the trained head of a
 * model version (class -> project label, per-label thresholds), or without a head the request's
 * `minScore`; then `maxObjects`, best first.
 */
import type { InferParams, ModelHead, Prediction } from '../src-shared/ai/protocol';

/** Score floor without a head. */
export const DEFAULT_MIN_SCORE = 0.3;
/**
 * Score floor the base model runs at when a head decides: low, so the head's thresholds (learnt
 * down to training's 0.05) are what filters.
 */
export const HEAD_BASE_MIN_SCORE = 0.05;
export const DEFAULT_MAX_OBJECTS = 100;

/** The score the base model itself must reach before the head or maxObjects look at a prediction. */
export function baseMinScore(head: ModelHead | undefined, params: InferParams | undefined): number {
  if (params?.minScore !== undefined) return params.minScore;
  return head ? HEAD_BASE_MIN_SCORE : DEFAULT_MIN_SCORE;
}

/**
 * Applies the head: maps `className` to `label` through `head.mapping` (unmapped classes are
 * dropped) and keeps a prediction only when its score reaches the label's threshold (or
 * `defaultThreshold`). An explicit `params.minScore` still applies on top. Then best first,
 * at most `maxObjects`.
 */
export function finishPredictions(predictions: Prediction[], head: ModelHead | undefined, params: InferParams | undefined): Prediction[] {
  const minScore = baseMinScore(head, params);
  let out = predictions.filter((p) => p.score >= minScore);
  if (head) {
    out = out.flatMap((p) => {
      const label = Object.hasOwn(head.mapping, p.className) ? head.mapping[p.className] : undefined;
      if (label === undefined) return [];
      const threshold = Object.hasOwn(head.thresholds, label) ? head.thresholds[label]! : head.defaultThreshold;
      return p.score >= threshold ? [{ ...p, label }] : [];
    });
  }
  out.sort((a, b) => b.score - a.score);
  return out.slice(0, params?.maxObjects ?? DEFAULT_MAX_OBJECTS);
}
