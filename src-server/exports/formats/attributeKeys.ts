/**
 * Attribute answers by NAME, for the formats people read (COCO, YOLO's sidecar, VOC): the stored
 * answers are keyed by attribute id with option ids as values (`{"awb56disq":"o87xfbz9n"}`),
 * which no consumer can read. Here each answer becomes `name: value` as CVAT writes them
 * (`{"occluded": "yes", "colour": ["red", "blue"], "count": 3}`).
 *
 * Keys: the attribute's name, as typed. Names are unique only among siblings, so where two
 * attributes of one scope share a name (compared as the ontology compares names: trimmed,
 * ignoring case) each is keyed by its path instead, `parent/option/name`, which is unique. The
 * keys depend on the ontology only, never on the answers, so every object of an export uses the
 * same key for the same attribute.
 *
 * Scopes: an object's answers are named within its feature's attributes. A frame's
 * classification answers are named together, within every classification feature of the
 * ontology: the feature's chosen label under the feature's name, its questions under theirs
 * (qualified as `feature/...` when a name is used twice).
 *
 * The import maps keys back through the same index (`keyIndex`), so what we export re-imports.
 */
import type { AttributeAnswer } from '../../../src-shared/model/annotation';
import { nameKey, type OntologyAttribute, type OntologyFeature } from '../../../src-shared/model/ontology';
import type { Static } from 'typebox';
import { QUALIFIED_NAME_SEPARATOR } from './categories';
import { countSkip } from './geometry';

/** An answer as a consumer reads it: an option's name, several names, text, a number. */
export type NamedAnswer = string | number | boolean | string[];
export type NamedAnswers = Record<string, NamedAnswer>;

interface KeyedAttribute {
  key: string;
  attribute: OntologyAttribute;
  /** the classification feature the attribute belongs to (frame scope only) */
  feature?: OntologyFeature;
}

/** One scope's keys: attributes in ontology order, and classification features' label keys. */
export interface KeyIndex {
  attributes: KeyedAttribute[];
  byId: Map<string, KeyedAttribute>;
  /** frame scope: the key of each classification feature's label answer, by feature id */
  featureKeys: Map<number, string>;
  /** every key, as nameKey compares them, to what it names */
  byKey: Map<string, { attribute: KeyedAttribute } | { feature: OntologyFeature }>;
}

interface Candidate {
  short: string;
  path: string[];
  attribute?: OntologyAttribute;
  feature: OntologyFeature;
}

function walk(list: readonly OntologyAttribute[], prefix: string[], feature: OntologyFeature, out: Candidate[]): void {
  for (const a of list) {
    out.push({ short: a.name, path: [...prefix, a.name], attribute: a, feature });
    for (const o of a.options ?? []) walk(o.attributes ?? [], [...prefix, a.name, o.name], feature, out);
  }
}

/** Short names where unique in the scope, paths where not. */
function build(candidates: Candidate[]): KeyIndex {
  const uses = new Map<string, number>();
  for (const c of candidates) uses.set(nameKey(c.short), (uses.get(nameKey(c.short)) ?? 0) + 1);
  const index: KeyIndex = { attributes: [], byId: new Map(), featureKeys: new Map(), byKey: new Map() };
  for (const c of candidates) {
    const key = (uses.get(nameKey(c.short)) ?? 0) > 1 ? c.path.join(QUALIFIED_NAME_SEPARATOR) : c.short;
    if (!c.attribute) {
      index.featureKeys.set(c.feature.featureId, key);
      index.byKey.set(nameKey(key), { feature: c.feature });
      continue;
    }
    const keyed: KeyedAttribute = { key, attribute: c.attribute, ...(c.feature.tool === 'classification' ? { feature: c.feature } : {}) };
    index.attributes.push(keyed);
    index.byId.set(c.attribute.id, keyed);
    index.byKey.set(nameKey(key), { attribute: keyed });
  }
  return index;
}

/** The keys of one drawing feature's attributes. */
export function objectKeyIndex(feature: OntologyFeature): KeyIndex {
  const candidates: Candidate[] = [];
  walk(feature.attributes, [], feature, candidates);
  return build(candidates);
}

/** The keys of a frame's classification answers: every classification feature of the ontology together. */
export function frameKeyIndex(features: readonly OntologyFeature[]): KeyIndex {
  const candidates: Candidate[] = [];
  for (const f of features) {
    if (f.tool !== 'classification') continue;
    if (f.labels.length > 0) candidates.push({ short: f.name, path: [f.name], feature: f });
    walk(f.attributes, [f.name], f, candidates);
  }
  return build(candidates);
}

type Answer = Static<typeof AttributeAnswer>;

/** An answer by names, or undefined (counted in `skipped`) when the ontology no longer knows it. */
function named(a: OntologyAttribute, v: Answer, skipped: Record<string, number>): NamedAnswer | undefined {
  if (v === null || v === undefined) return undefined;
  if (a.type === 'radio' || a.type === 'select' || a.type === 'checkbox') {
    const nameOf = (id: unknown) => a.options?.find((o) => o.id === id)?.name;
    if (a.type !== 'checkbox') {
      const name = nameOf(v);
      if (name === undefined) countSkip(skipped, 'unknownOption');
      return name;
    }
    const names = (Array.isArray(v) ? v : [v]).map(nameOf);
    if (names.some((n) => n === undefined)) countSkip(skipped, 'unknownOption');
    return names.filter((n): n is string => n !== undefined);
  }
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : undefined;
}

/**
 * Stored answers (by id) as `key: value` by names, in ontology order. Answers to attributes the
 * ontology no longer has (deleted after answering) are left out and counted as
 * `unknownAttribute`, options it no longer has as `unknownOption`.
 */
export function namedAnswers(index: KeyIndex, answers: Readonly<Record<string, Answer>>, skipped: Record<string, number>): NamedAnswers {
  const out: NamedAnswers = {};
  for (const id of Object.keys(answers)) if (!index.byId.has(id)) countSkip(skipped, 'unknownAttribute');
  for (const { key, attribute } of index.attributes) {
    if (!(attribute.id in answers)) continue;
    const value = named(attribute, answers[attribute.id]!, skipped);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** A frame's classification answers, as one `key: value` map (see frameKeyIndex). */
export function namedClassifications(
  index: KeyIndex,
  features: readonly OntologyFeature[],
  classifications: readonly { featureId: number; labelId?: string | undefined; attributes: Readonly<Record<string, Answer>> }[],
  skipped: Record<string, number>,
): NamedAnswers {
  const out: NamedAnswers = {};
  for (const c of classifications) {
    const feature = features.find((f) => f.featureId === c.featureId && f.tool === 'classification');
    if (!feature) {
      countSkip(skipped, 'unknownLabel');
      continue;
    }
    const labelKey = index.featureKeys.get(feature.featureId);
    const label = c.labelId === undefined ? undefined : feature.labels.find((l) => l.id === c.labelId)?.name;
    if (c.labelId !== undefined && label === undefined) countSkip(skipped, 'unknownLabel');
    if (labelKey !== undefined && label !== undefined) out[labelKey] = label;
    const own = index.attributes.filter((k) => k.feature?.featureId === feature.featureId);
    Object.assign(out, namedAnswers({ ...index, attributes: own, byId: new Map(own.map((k) => [k.attribute.id, k])) }, c.attributes, skipped));
  }
  return out;
}

/** What a writer asks of one export: objects' and frames' answers by name, keys built once per feature. */
export interface AnswerNamer {
  object(o: { featureId: number; attributes: Readonly<Record<string, Answer>> }, skipped: Record<string, number>): NamedAnswers;
  frame(classifications: Parameters<typeof namedClassifications>[2], skipped: Record<string, number>): NamedAnswers;
}

export function answerNamer(features: readonly OntologyFeature[]): AnswerNamer {
  const objects = new Map(features.filter((f) => f.tool !== 'classification').map((f) => [f.featureId, objectKeyIndex(f)]));
  const frame = frameKeyIndex(features);
  const none = build([]);
  return {
    object: (o, skipped) => namedAnswers(objects.get(o.featureId) ?? none, o.attributes, skipped),
    frame: (classifications, skipped) => namedClassifications(frame, features, classifications, skipped),
  };
}
