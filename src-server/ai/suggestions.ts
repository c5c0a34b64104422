import crypto from 'node:crypto';
import type { ModelHead, Prediction } from '../../src-shared/ai/protocol';
import type { AnnotationObject, MaskGeometry } from '../../src-shared/model/annotation';
import { clipToPicture } from '../../src-shared/mask/frameRuns';
import { matchPointNames } from '../../src-shared/ai/classMatch';
import { labelKey, parseLabelKey, type TargetFeature } from './projectFeatures';

/** A fresh object id, short and in the annotation model's alphabet. */
export const suggestionId = (): string => `ai-${crypto.randomBytes(9).toString('base64url')}`;

/** A trained head, with the caller's minimum score as the floor of every threshold. */
export const withFloor = (head: ModelHead, minScore: number): ModelHead => ({
  mapping: head.mapping,
  thresholds: Object.fromEntries(Object.entries(head.thresholds).map(([k, v]) => [k, Math.max(v, minScore)])),
  defaultThreshold: Math.max(head.defaultThreshold, minScore),
});

/**
 * A head applied to a model's raw predictions: each class gets its label, and a mapped
 * prediction needs its label's threshold. Unmapped ones stay, without a label and at the
 * caller's minimum score, for predictionsToObjects to count or to give to a chosen label.
 */
export function applyHead(predictions: readonly Prediction[], head: ModelHead, minScore: number): Prediction[] {
  return predictions.flatMap((p): Prediction[] => {
    const label = head.mapping[p.className];
    if (label === undefined) {
      if (p.score < minScore) return [];
      const { label: _dropped, ...rest } = p;
      return [rest];
    }
    return p.score >= (head.thresholds[label] ?? head.defaultThreshold) ? [{ ...p, label }] : [];
  });
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
const round = (v: number) => Math.round(v * 100) / 100;

/** Skeleton point ids by the model's keypoint names, matched by name in either language (classMatch.ts). */
function skeletonMatch(feature: TargetFeature, names: readonly string[]): Map<string, string> {
  const points = feature.skeleton?.points ?? [];
  const out = matchPointNames(names, points);
  // A skeleton of COCO's 17 points under other names (点1, p1 ...): take them in order.
  if (out.size < 3 && points.length === names.length) names.forEach((n, i) => out.set(n, points[i]!.id));
  return out;
}

/** A picture's own size, when the server knows it. */
export interface Picture {
  width: number;
  height: number;
}

/** An outline's points kept on the picture (a model's may stray past its edge); null when fewer than 3 distinct are left. */
function outlineOnPicture(points: readonly { x: number; y: number }[], picture: Picture | undefined): { x: number; y: number }[] | null {
  const on = picture ? points.map((q) => ({ x: Math.min(Math.max(q.x, 0), picture.width), y: Math.min(Math.max(q.y, 0), picture.height) })) : points.map((q) => ({ x: q.x, y: q.y }));
  return new Set(on.map((q) => `${q.x},${q.y}`)).size >= 3 ? on : null;
}

/** A mask kept on the picture: cropped to the part of it there (frameRuns.ts), null when none is. */
const maskOnPicture = (m: MaskGeometry, picture: Picture | undefined): MaskGeometry | null => {
  const g = { x: m.x, y: m.y, width: m.width, height: m.height, rle: m.rle };
  return picture ? clipToPicture(g, picture.width, picture.height) : g;
};

interface Target {
  featureId: number;
  labelId: string;
}

/**
 * Turns a model's predictions into objects the workspace can add: each goes to the label its
 * head mapped it to, or, when the caller named a label, to that one. Predictions that no
 * label takes are counted by class in `unmapped` and left out.
 *
 * A detector's box into an outline label (docs/ai-models.md, "Pre-annotation with masks"): a
 * polygon label takes the segmenter's outline of it, a mask label its mask, each kept on
 * `picture` when its size is known. A box the segmenter did not outline is counted in
 * `notOutlined`: a polygon label gets the box's four corners (as before masks), a mask label
 * nothing (a box-shaped mask is mostly wrong pixels to erase).
 */
export function predictionsToObjects(
  predictions: readonly Prediction[],
  p: { features: readonly TargetFeature[]; chosen?: Target; zIndexFrom?: number; keypointNames?: readonly string[]; picture?: Picture },
): { objects: AnnotationObject[]; unmapped: Map<string, number>; pointsUnmatched: Set<number>; notOutlined: number } {
  const objects: AnnotationObject[] = [];
  let notOutlined = 0;
  /** skeleton features a found pose could not go into, because no point is named like the model's */
  const pointsUnmatched = new Set<number>();
  const unmapped = new Map<string, number>();
  const features = new Map(p.features.map((f) => [f.featureId, f]));
  // With a label chosen and no class mapped to it, the model's finds are taken as that label (class-agnostic).
  const chosenKey = p.chosen ? labelKey(p.chosen.featureId, p.chosen.labelId) : null;
  const anyMapsToChosen = chosenKey !== null && predictions.some((x) => x.label === chosenKey);
  let z = p.zIndexFrom ?? 0;
  for (const pred of predictions) {
    let target: Target | null = null;
    if (chosenKey && p.chosen) {
      if (pred.label === chosenKey || !anyMapsToChosen || pred.tool !== 'box') target = p.chosen;
    } else if (pred.label) target = parseLabelKey(pred.label);
    const feature = target ? features.get(target.featureId) : undefined;
    if (!target || !feature || !feature.labels.some((l) => l.id === target.labelId)) {
      // Another label's find, with a label chosen, is simply not asked for; a class no label takes is said.
      if (pred.label === undefined || !parseLabelKey(pred.label)) unmapped.set(pred.className, (unmapped.get(pred.className) ?? 0) + 1);
      continue;
    }
    const common = { id: suggestionId(), featureId: feature.featureId, labelId: target.labelId, attributes: {}, zIndex: z++, source: 'ai' as const, score: round(clamp01(pred.score)) };
    if (pred.tool === 'box' && pred.box && feature.tool === 'box' && pred.box.width > 0 && pred.box.height > 0) {
      objects.push({ ...common, tool: 'box', geometry: { x: pred.box.x, y: pred.box.y, width: pred.box.width, height: pred.box.height } });
    } else if (pred.tool === 'polygon' && pred.points && pred.points.length >= 3 && feature.tool === 'polygon') {
      objects.push({ ...common, tool: 'polygon', geometry: { points: pred.points.map((q) => ({ x: q.x, y: q.y })) } });
    } else if (pred.tool === 'polygon' && pred.mask && feature.tool === 'mask') {
      // a segmenter's mask (its runs checked to cover its box by the service client)
      const { x, y, width, height, rle } = pred.mask;
      objects.push({ ...common, tool: 'mask', geometry: { x, y, width, height, rle } });
    } else if (pred.tool === 'box' && pred.box && feature.tool === 'polygon') {
      const outline = pred.points && outlineOnPicture(pred.points, p.picture);
      if (!outline) notOutlined++;
      const b = pred.box;
      objects.push({ ...common, tool: 'polygon', geometry: { points: outline ?? [{ x: b.x, y: b.y }, { x: b.x + b.width, y: b.y }, { x: b.x + b.width, y: b.y + b.height }, { x: b.x, y: b.y + b.height }] } });
    } else if (pred.tool === 'box' && pred.box && feature.tool === 'mask') {
      const mask = pred.mask && maskOnPicture(pred.mask, p.picture);
      if (mask) objects.push({ ...common, tool: 'mask', geometry: mask });
      else notOutlined++;
    } else if (pred.tool === 'keypoints' && pred.keypoints && feature.tool === 'keypoints') {
      const ids = skeletonMatch(feature, p.keypointNames ?? pred.keypoints.map((k) => k.name));
      const points = pred.keypoints.flatMap((k) => {
        const pointId = ids.get(k.name);
        if (!pointId) return [];
        const visibility = k.score >= 0.3 ? ('visible' as const) : ('occluded' as const);
        return [{ pointId, x: k.x, y: k.y, visibility }];
      });
      if (points.length) objects.push({ ...common, tool: 'keypoints', geometry: { points } });
      else pointsUnmatched.add(feature.featureId);
    } else unmapped.set(pred.className, (unmapped.get(pred.className) ?? 0) + 1);
  }
  return { objects, unmapped, pointsUnmatched, notOutlined };
}
