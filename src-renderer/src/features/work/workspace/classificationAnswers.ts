/**
 * Answers to classification features, as lists of FrameClassification per frame. Pure: the
 * panel shows them and the workspace checks them before submit; the journal stores each frame's
 * whole list after a change. One answer per feature per frame, with a stable id, so choosing
 * again replaces it instead of piling up.
 */
import type { FrameClassification } from '../../../../../src-shared/model/annotation';
import { answerRequired, type OntologyAttribute, type OntologyFeature } from '../../../../../src-shared/model/ontology';
import { attributeDefaults } from '../../../../../src-shared/model/attributeDefaults';

type Answers = FrameClassification['attributes'];

/** The id of a feature's answer on any frame: stable, so a new choice replaces the old one. */
export const classificationId = (featureId: number): string => `cls-${featureId}`;

/** The frame a feature's answer lives on: the item's first frame for scope subject (the default), the current one for scope frame. */
export function answerFrameOf(feature: Pick<OntologyFeature, 'scope'>, frames: readonly { frameId: number }[], currentFrameId: number): number | undefined {
  return feature.scope === 'frame' ? currentFrameId : frames[0]?.frameId;
}

/** The frames a feature must be answered on: the first for scope subject, every frame for scope frame. */
const framesToAnswer = (feature: Pick<OntologyFeature, 'scope'>, frames: readonly { frameId: number }[]): number[] =>
  feature.scope === 'frame' ? frames.map((f) => f.frameId) : frames.slice(0, 1).map((f) => f.frameId);

/** The feature's answer in a frame's list, if any. */
export const answerOf = (list: readonly FrameClassification[], featureId: number): FrameClassification | undefined => list.find((c) => c.featureId === featureId);

const isEmpty = (v: Answers[string] | undefined): boolean => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * The list with the feature's answer replaced by one with this label and these attributes, or
 * removed when nothing is left in it (no label, every attribute empty). Other features' answers
 * keep their place.
 */
export function withAnswer(list: readonly FrameClassification[], featureId: number, answer: { labelId?: string; attributes: Answers } | null): FrameClassification[] {
  const others = list.filter((c) => c.featureId !== featureId);
  const attributes = answer ? Object.fromEntries(Object.entries(answer.attributes).filter(([, v]) => !isEmpty(v))) : {};
  if (!answer || (answer.labelId === undefined && Object.keys(attributes).length === 0)) return others;
  const next: FrameClassification = { id: classificationId(featureId), featureId, ...(answer.labelId !== undefined ? { labelId: answer.labelId } : {}), attributes, source: 'manual' };
  const at = list.findIndex((c) => c.featureId === featureId);
  if (at < 0) return [...others, next];
  // In the old answer's place; any further answer of the feature (written elsewhere) goes.
  return list.flatMap((c, i) => (i === at ? [next] : c.featureId === featureId ? [] : [c]));
}

/** A new answer starts with the attributes' defaults; an existing one keeps its attribute answers. */
const currentOrDefaults = (list: readonly FrameClassification[], feature: OntologyFeature): { labelId?: string; attributes: Answers } => {
  const current = answerOf(list, feature.featureId);
  if (current) return { ...(current.labelId !== undefined ? { labelId: current.labelId } : {}), attributes: current.attributes };
  return { attributes: attributeDefaults(feature.attributes) };
};

/** Chooses a label (undefined: clears the label, keeping attribute answers). */
export function chooseLabel(list: readonly FrameClassification[], feature: OntologyFeature, labelId: string | undefined): FrameClassification[] {
  const { attributes } = currentOrDefaults(list, feature);
  return withAnswer(list, feature.featureId, { ...(labelId !== undefined ? { labelId } : {}), attributes });
}

/** Sets the attribute answers, keeping the label chosen. */
export function setAttributes(list: readonly FrameClassification[], feature: OntologyFeature, attributes: Answers): FrameClassification[] {
  const { labelId } = currentOrDefaults(list, feature);
  return withAnswer(list, feature.featureId, { ...(labelId !== undefined ? { labelId } : {}), attributes });
}

/** Ids of required attributes left empty, nested ones included only under the options chosen. */
export function missingRequired(attributes: readonly OntologyAttribute[], answers: Answers): string[] {
  return attributes.flatMap((a) => {
    const value = answers[a.id];
    const own = a.required && isEmpty(value) ? [a.id] : [];
    const chosen = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
    const nested = (a.options ?? []).filter((o) => chosen.includes(o.id)).flatMap((o) => missingRequired(o.attributes ?? [], answers));
    return [...own, ...nested];
  });
}

/** Why a feature's answer on a frame is not complete. */
export interface MissingAnswer {
  featureId: number;
  frameId: number;
  /** unanswered: no answer (or, for a feature with labels, no label chosen); attributes: required attributes left empty */
  reason: 'unanswered' | 'attributes';
  /** the required attributes left empty (reason attributes) */
  attributeIds: string[];
}

/**
 * What is missing in one frame's answer to one feature; null when it is complete. A feature
 * that is not required (the ontology's switch) may stay unanswered; once answered, its
 * required attributes still are.
 */
export function missingIn(feature: OntologyFeature, frameId: number, list: readonly FrameClassification[]): MissingAnswer | null {
  const answer = answerOf(list, feature.featureId);
  if (!answerRequired(feature) && !answer) return null;
  if (answerRequired(feature) && (!answer || (feature.labels.length > 0 && answer.labelId === undefined))) {
    return { featureId: feature.featureId, frameId, reason: 'unanswered', attributeIds: missingRequired(feature.attributes, answer?.attributes ?? {}) };
  }
  const attributeIds = missingRequired(feature.attributes, answer?.attributes ?? {});
  return attributeIds.length > 0 ? { featureId: feature.featureId, frameId, reason: 'attributes', attributeIds } : null;
}

/**
 * Every classification answer still missing in the item, in the features' order: scope subject
 * features on the first frame, scope frame features on every frame. Empty when all is answered.
 */
export function missingAnswers(features: readonly OntologyFeature[], frames: readonly { frameId: number }[], answersOf: (frameId: number) => readonly FrameClassification[]): MissingAnswer[] {
  return [...features]
    .filter((f) => f.tool === 'classification')
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .flatMap((f) => framesToAnswer(f, frames).map((frameId) => missingIn(f, frameId, answersOf(frameId))))
    .filter((m): m is MissingAnswer => m !== null);
}
