/**
 * The ontology model: what annotators draw and answer with. A project has one ontology; an
 * ontology has features; a feature is a tool with labels (the classes), attributes (questions,
 * nested under the options of choice attributes) and, for keypoints, a skeleton. The server
 * validates and stores with it, the renderer builds its forms and checks input with it.
 */
import { Type, type TSchema } from 'typebox';
import { Id } from '../api/envelope';
import { literals } from './literals';
import { FreeText, NameText } from './textFields';
import { normalizeName } from './text';

export const ONTOLOGY_TOOLS = ['box', 'polygon', 'polyline', 'point', 'keypoints', 'cuboid', 'mask', 'classification'] as const;
export type OntologyTool = (typeof ONTOLOGY_TOOLS)[number];
export const ATTRIBUTE_TYPES = ['radio', 'checkbox', 'select', 'text', 'number'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];
/** Attribute types answered by picking options; only their options carry nested attributes. */
export const CHOICE_TYPES: readonly AttributeType[] = ['radio', 'checkbox', 'select'];
/** What a classification feature classifies: the whole subject, or each of its frames. */
export const CLASSIFICATION_SCOPES = ['subject', 'frame'] as const;
export type ClassificationScope = (typeof CLASSIFICATION_SCOPES)[number];

/** Version of stored feature definitions and of the export document (GET /project/{projectId}/ontologyV2). */
export const ONTOLOGY_VERSION = 1;

export const ONTOLOGY_LIMITS = {
  /** Attribute levels: a feature's attributes are level 1, those under their options level 2, and so on. */
  attributeDepth: 3,
  features: 100,
  labelsPerOntology: 1000,
  labelsPerFeature: 200,
  aliasesPerLabel: 16,
  attributesPerLevel: 50,
  optionsPerAttribute: 100,
  skeletonPoints: 100,
  skeletonEdges: 300,
} as const;

const closed = { additionalProperties: false } as const;
/** Numbers stay well inside what JSON round-trips (a body's 1e309 parses as Infinity). */
const Finite = (options: object = {}) => Type.Number({ minimum: -1e15, maximum: 1e15, ...options });

export const OntologyTool = literals(ONTOLOGY_TOOLS);
export const AttributeType = literals(ATTRIBUTE_TYPES);
export const ClassificationScope = literals(CLASSIFICATION_SCOPES);

/** A label, attribute, option or skeleton point id: stable across renames, so annotations keep pointing at it. */
export const ElementId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,32}$' });
/** A name as people type it; compared trimmed and ignoring case. */
/** Longest element name (feature, label, attribute, option, point), in characters. */
export const ELEMENT_NAME_MAX = 64;
export const ElementName = NameText(ELEMENT_NAME_MAX);
const Color = Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', description: '#rrggbb' });
const Hotkey = Type.String({ pattern: '^[0-9A-Za-z]$', description: 'one letter or digit, unique within the ontology (letters ignore case)' });

const NumberSettings = Type.Object(
  { min: Type.Optional(Finite()), max: Type.Optional(Finite()), step: Type.Optional(Finite({ exclusiveMinimum: 0 })), default: Type.Optional(Finite()) },
  closed,
);
const TextSettings = Type.Object(
  { maxLength: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })), default: Type.Optional(FreeText(100_000)) },
  closed,
);

// One builder for what clients send (ids optional) and what the server answers (ids present).
const labelOf = <I extends TSchema>(id: I) =>
  Type.Object(
    {
      id, name: ElementName, color: Color, hotkey: Type.Optional(Hotkey), description: Type.Optional(FreeText(512)),
      /** other names the label answers to when a model's classes are matched to labels (src-shared/ai/classMatch.ts) */
      aliases: Type.Optional(Type.Array(ElementName, { maxItems: ONTOLOGY_LIMITS.aliasesPerLabel })),
    },
    closed,
  );
const optionOf = <I extends TSchema, A extends TSchema>(id: I, attributes: A) =>
  Type.Object({ id, name: ElementName, default: Type.Optional(Type.Boolean()), attributes: Type.Optional(attributes) }, closed);
const attributeOf = <I extends TSchema, A extends TSchema>(id: I, nested: A) =>
  Type.Object(
    {
      id,
      name: ElementName,
      type: AttributeType,
      required: Type.Optional(Type.Boolean()),
      /** radio, checkbox and select only */
      options: Type.Optional(Type.Array(optionOf(id, nested), { maxItems: ONTOLOGY_LIMITS.optionsPerAttribute })),
      /** number only */
      number: Type.Optional(NumberSettings),
      /** text only */
      text: Type.Optional(TextSettings),
    },
    closed,
  );
/**
 * Three levels of attributes (ONTOLOGY_LIMITS.attributeDepth). Below the last one the schema
 * takes any list unread, so validateFeatures can refuse it as nestingTooDeep with its path
 * instead of a bare schema failure, and a deeply nested body never makes the validator recurse.
 */
const attributesOf = <I extends TSchema>(id: I) => {
  const level = <A extends TSchema>(nested: A) => Type.Array(attributeOf(id, nested), { maxItems: ONTOLOGY_LIMITS.attributesPerLevel });
  return level(level(level(Type.Array(Type.Unknown(), { maxItems: ONTOLOGY_LIMITS.attributesPerLevel }))));
};
const PointIndex = Type.Integer({ minimum: 0, maximum: ONTOLOGY_LIMITS.skeletonPoints });
const skeletonOf = <I extends TSchema>(id: I) =>
  Type.Object(
    {
      points: Type.Array(Type.Object({ id, name: ElementName }, closed), { maxItems: ONTOLOGY_LIMITS.skeletonPoints }),
      /** lines drawn between points, by their index in `points` */
      edges: Type.Optional(Type.Array(Type.Object({ from: PointIndex, to: PointIndex }, closed), { maxItems: ONTOLOGY_LIMITS.skeletonEdges })),
    },
    closed,
  );
const featureFields = <I extends TSchema>(id: I) => ({
  name: ElementName,
  tool: OntologyTool,
  /** classification only (default subject) */
  scope: Type.Optional(ClassificationScope),
  /** classification only: answered before a submit (absent: true, as every classification was before the switch) */
  required: Type.Optional(Type.Boolean()),
  labels: Type.Optional(Type.Array(labelOf(id), { maxItems: ONTOLOGY_LIMITS.labelsPerFeature })),
  attributes: Type.Optional(attributesOf(id)),
  /** keypoints only, and required there */
  skeleton: Type.Optional(skeletonOf(id)),
});

/** A label as answered. */
export const OntologyLabel = labelOf(ElementId);
/** A feature as clients send it: ids optional (the server assigns new ones and keeps given ones). */
export const FeatureInput = Type.Object(
  { featureId: Type.Optional(Id), sortOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })), ...featureFields(Type.Optional(ElementId)) },
  closed,
);
/** A feature as stored and answered: every element has its id; it can be sent back as it is. */
export const OntologyFeature = Type.Object({ featureId: Type.Integer(), sortOrder: Type.Integer(), ...featureFields(ElementId) }, closed);
/** A feature in the export document: no row ids (they mean nothing elsewhere), order is the list's. */
export const ExportedFeature = Type.Object(featureFields(ElementId), closed);

export interface OntologyLabel { id: string; name: string; color: string; hotkey?: string; description?: string; aliases?: string[] }
export interface NumberSettings { min?: number; max?: number; step?: number; default?: number }
export interface TextSettings { maxLength?: number; default?: string }
export interface OntologyOption { id: string; name: string; default?: boolean; attributes?: OntologyAttribute[] }
export interface OntologyAttribute {
  id: string;
  name: string;
  type: AttributeType;
  required: boolean;
  options?: OntologyOption[];
  number?: NumberSettings;
  text?: TextSettings;
}
export interface SkeletonEdge { from: number; to: number }
export interface Skeleton { points: { id: string; name: string }[]; edges: SkeletonEdge[] }
/** What a feature row stores besides its name and tool (with ONTOLOGY_VERSION). */
export interface FeatureDefinition { scope?: ClassificationScope; required?: boolean; labels: OntologyLabel[]; attributes: OntologyAttribute[]; skeleton?: Skeleton }
export type OntologyFeature = FeatureDefinition & { featureId: number; sortOrder: number; name: string; tool: OntologyTool };

type Loose<T extends { id: string }> = Omit<T, 'id'> & { id?: string };
export type LabelInput = Loose<OntologyLabel>;
export type OptionInput = Loose<Omit<OntologyOption, 'attributes'>> & { attributes?: AttributeInput[] };
export type AttributeInput = Loose<Omit<OntologyAttribute, 'options' | 'required'>> & { required?: boolean; options?: OptionInput[] };
export interface SkeletonInput { points: { id?: string; name: string }[]; edges?: SkeletonEdge[] }
export interface FeatureInput {
  featureId?: number;
  sortOrder?: number;
  name: string;
  tool: OntologyTool;
  scope?: ClassificationScope;
  required?: boolean;
  labels?: LabelInput[];
  attributes?: AttributeInput[];
  skeleton?: SkeletonInput;
}

/**
 * A body's features as the model types them. The schema leaves the level below the depth limit
 * unread (unknown[]); validateFeatures refuses it when it is not empty.
 */
export const asFeatureInputs = (features: readonly object[]): FeatureInput[] => features as FeatureInput[];

/** How names and hotkeys compare: "Car " and "car" are the same label to an annotator. */
export const nameKey = (name: string): string => name.normalize('NFC').trim().toLowerCase();
export const isChoice = (type: AttributeType): boolean => CHOICE_TYPES.includes(type);
/**
 * Whether a classification feature must be answered before a submit. Stored only when it is
 * not (`required: false`): every classification was required before the ontology editor had
 * the switch, and a project made then keeps its rule.
 */
export const answerRequired = (feature: { required?: boolean }): boolean => feature.required !== false;

/** The rules a definition can break; each is an error key `ontology.<reason>` (400). */
export const ONTOLOGY_ISSUES = [
  'duplicateFeatureName', 'duplicateLabelName', 'duplicateAttributeName', 'duplicateOptionName', 'duplicateHotkey', 'duplicateId',
  'labelsRequired', 'optionsRequired', 'optionsNotAllowed', 'fieldNotAllowed', 'invalidRange', 'invalidDefault',
  'nestingTooDeep', 'skeletonRequired', 'invalidSkeleton', 'nameNotAllowed',
] as const;
export type OntologyIssueReason = (typeof ONTOLOGY_ISSUES)[number];
/** The element a clash is with: another place in the request, or a feature the request leaves alone. */
export type OntologyConflict = { path: string } | { featureId: number; labelId?: string };
/** The first rule a definition breaks, at a JSON pointer into the request (`/features/0/labels/2/hotkey`). */
export interface OntologyIssue { reason: OntologyIssueReason; path: string; conflictsWith?: OntologyConflict }
/** A feature of the ontology the request does not change: names and hotkeys must not clash with it. */
export interface OtherFeature { featureId: number; name: string; labels: readonly { id: string; hotkey?: string }[] }

class IssueFound {
  constructor(readonly issue: OntologyIssue) {}
}
function fail(reason: OntologyIssueReason, path: string, conflictsWith?: OntologyConflict): never {
  throw new IssueFound({ reason, path, ...(conflictsWith ? { conflictsWith } : {}) });
}
/** Claims a key in a scope; the second claimant fails, naming the first. */
function claim<K>(seen: Map<K, OntologyConflict>, key: K, path: string, reason: OntologyIssueReason): void {
  const first = seen.get(key);
  if (first) fail(reason, path, first);
  seen.set(key, { path });
}

/**
 * The first rule the features break, or null. Pure and deterministic (features in order, each
 * fully), so the client and the server report the same path. Scopes of uniqueness: feature
 * names and hotkeys in the whole ontology (with `others`); label names and ids, and attribute
 * ids at every level, in a feature (annotations store attribute values by id per feature);
 * attribute names among siblings; option names and ids in their attribute.
 */
export function validateFeatures(features: readonly FeatureInput[], others: readonly OtherFeature[] = []): OntologyIssue | null {
  const names = new Map<string, OntologyConflict>(others.map((o) => [nameKey(o.name), { featureId: o.featureId }]));
  const hotkeys = new Map<string, OntologyConflict>(
    others.flatMap((o) => o.labels.flatMap((l) => (l.hotkey ? [[l.hotkey.toLowerCase(), { featureId: o.featureId, labelId: l.id }] as const] : []))),
  );
  const featureIds = new Map<number, OntologyConflict>();
  try {
    features.forEach((f, i) => {
      const at = `/features/${i}`;
      if (f.featureId !== undefined) claim(featureIds, f.featureId, `${at}/featureId`, 'duplicateId');
      checkName(f.name, `${at}/name`);
      claim(names, nameKey(f.name), `${at}/name`, 'duplicateFeatureName');
      checkFeature(f, at, hotkeys);
    });
    return null;
  } catch (err) {
    if (err instanceof IssueFound) return err.issue;
    throw err;
  }
}

/**
 * The text rule (text.ts) for every element name, as stored: definitions that did not come
 * through the API's validator (an imported lossless ontology, a label named in a COCO file) are
 * held to it here.
 */
function checkName(name: string, path: string): void {
  const checked = normalizeName(name);
  if (!checked.ok || checked.value === '' || [...checked.value].length > ELEMENT_NAME_MAX) fail('nameNotAllowed', path);
}

function checkFeature(f: FeatureInput, at: string, hotkeys: Map<string, OntologyConflict>): void {
  if (f.scope !== undefined && f.tool !== 'classification') fail('fieldNotAllowed', `${at}/scope`);
  if (f.required !== undefined && f.tool !== 'classification') fail('fieldNotAllowed', `${at}/required`);
  if (f.skeleton !== undefined && f.tool !== 'keypoints') fail('fieldNotAllowed', `${at}/skeleton`);
  const labels = f.labels ?? [];
  const attributes = f.attributes ?? [];
  // A classification may be questions only; a drawn object always needs a class.
  if (labels.length === 0 && !(f.tool === 'classification' && attributes.length > 0)) fail('labelsRequired', `${at}/labels`);
  const labelNames = new Map<string, OntologyConflict>();
  const labelIds = new Map<string, OntologyConflict>();
  labels.forEach((l, j) => {
    const p = `${at}/labels/${j}`;
    if (l.id !== undefined) claim(labelIds, l.id, `${p}/id`, 'duplicateId');
    checkName(l.name, `${p}/name`);
    claim(labelNames, nameKey(l.name), `${p}/name`, 'duplicateLabelName');
    l.aliases?.forEach((a, k) => checkName(a, `${p}/aliases/${k}`));
    if (l.hotkey !== undefined) claim(hotkeys, l.hotkey.toLowerCase(), `${p}/hotkey`, 'duplicateHotkey');
  });
  checkAttributes(attributes, `${at}/attributes`, 1, new Map());
  if (f.tool === 'keypoints') checkSkeleton(f.skeleton, `${at}/skeleton`);
}

function checkAttributes(list: readonly AttributeInput[], at: string, depth: number, ids: Map<string, OntologyConflict>): void {
  if (depth > ONTOLOGY_LIMITS.attributeDepth) {
    if (list.length > 0) fail('nestingTooDeep', `${at}/0`);
    return;
  }
  const names = new Map<string, OntologyConflict>();
  list.forEach((a, k) => {
    const p = `${at}/${k}`;
    if (a.id !== undefined) claim(ids, a.id, `${p}/id`, 'duplicateId');
    checkName(a.name, `${p}/name`);
    claim(names, nameKey(a.name), `${p}/name`, 'duplicateAttributeName');
    if (isChoice(a.type)) checkChoice(a, p, depth, ids);
    else checkValue(a, p);
  });
}

function checkChoice(a: AttributeInput, p: string, depth: number, attributeIds: Map<string, OntologyConflict>): void {
  if (a.number) fail('fieldNotAllowed', `${p}/number`);
  if (a.text) fail('fieldNotAllowed', `${p}/text`);
  const options = a.options ?? [];
  if (options.length === 0) fail('optionsRequired', `${p}/options`);
  const names = new Map<string, OntologyConflict>();
  const ids = new Map<string, OntologyConflict>();
  let defaults = 0;
  options.forEach((o, n) => {
    const op = `${p}/options/${n}`;
    if (o.id !== undefined) claim(ids, o.id, `${op}/id`, 'duplicateId');
    checkName(o.name, `${op}/name`);
    claim(names, nameKey(o.name), `${op}/name`, 'duplicateOptionName');
    // Radio and select hold one answer, so at most one option can be preselected.
    if (o.default === true && a.type !== 'checkbox' && ++defaults > 1) fail('invalidDefault', `${op}/default`);
    checkAttributes(o.attributes ?? [], `${op}/attributes`, depth + 1, attributeIds);
  });
}

function checkValue(a: AttributeInput, p: string): void {
  if (a.options !== undefined) fail('optionsNotAllowed', `${p}/options`);
  if (a.type === 'text') {
    if (a.number) fail('fieldNotAllowed', `${p}/number`);
    const t = a.text;
    // Counted in code points, as the schema's maxLength counts.
    if (t?.default !== undefined && t.maxLength !== undefined && [...t.default].length > t.maxLength) fail('invalidDefault', `${p}/text/default`);
    return;
  }
  if (a.text) fail('fieldNotAllowed', `${p}/text`);
  const { min, max, default: value } = a.number ?? {};
  if (min !== undefined && max !== undefined && min > max) fail('invalidRange', `${p}/number/max`);
  if (value !== undefined && ((min !== undefined && value < min) || (max !== undefined && value > max))) fail('invalidDefault', `${p}/number/default`);
}

function checkSkeleton(s: SkeletonInput | undefined, at: string): void {
  if (!s || s.points.length === 0) fail('skeletonRequired', at);
  const names = new Map<string, OntologyConflict>();
  const ids = new Map<string, OntologyConflict>();
  s.points.forEach((pt, i) => {
    if (pt.id !== undefined) claim(ids, pt.id, `${at}/points/${i}/id`, 'duplicateId');
    checkName(pt.name, `${at}/points/${i}/name`);
    claim(names, nameKey(pt.name), `${at}/points/${i}/name`, 'invalidSkeleton');
  });
  const edges = new Map<string, OntologyConflict>();
  (s.edges ?? []).forEach((e, i) => {
    const p = `${at}/edges/${i}`;
    if (e.from >= s.points.length) fail('invalidSkeleton', `${p}/from`);
    if (e.to >= s.points.length) fail('invalidSkeleton', `${p}/to`);
    if (e.from === e.to) fail('invalidSkeleton', p);
    // A line between two points is the same line either way round.
    claim(edges, `${Math.min(e.from, e.to)}-${Math.max(e.from, e.to)}`, p, 'invalidSkeleton');
  });
}

/** Turns a stored definition of version n into version n + 1. */
export type DefinitionUpgrade = (definition: Record<string, unknown>) => Record<string, unknown>;
/** UPGRADES[n] upgrades version n. Version 1 is the first stored shape, so none exist yet. */
export const DEFINITION_UPGRADES: Readonly<Record<number, DefinitionUpgrade>> = {};

/** A stored definition whose version this code cannot read. */
export class DefinitionVersionError extends Error {
  constructor(readonly version: unknown) {
    super(`unreadable ontology definition version ${String(version)}`);
    this.name = 'DefinitionVersionError';
  }
}

/**
 * Brings a stored definition (`{ version, ... }`) up to `target` by applying each upgrade in
 * turn. Pure. A version it cannot get from (newer than `target`, missing, or with a gap in the
 * upgrades) throws DefinitionVersionError: guessing would silently corrupt annotations.
 */
export function upgradeDefinition(
  stored: unknown,
  upgrades: Readonly<Record<number, DefinitionUpgrade>> = DEFINITION_UPGRADES,
  target: number = ONTOLOGY_VERSION,
): Record<string, unknown> & { version: number } {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) throw new DefinitionVersionError(undefined);
  let d = stored as Record<string, unknown>;
  const start = d.version;
  if (typeof start !== 'number' || !Number.isInteger(start) || start < 1 || start > target) throw new DefinitionVersionError(start);
  for (let v = start; v < target; v++) {
    const step = upgrades[v];
    if (!step) throw new DefinitionVersionError(v);
    d = { ...step(d), version: v + 1 };
  }
  return d as Record<string, unknown> & { version: number };
}

/** A stored definition as the current code reads it: upgraded, with absent lists empty. */
export function readDefinition(stored: unknown): FeatureDefinition {
  const d = upgradeDefinition(stored);
  return {
    ...(d.scope !== undefined ? { scope: d.scope as ClassificationScope } : {}),
    ...(d.required === false ? { required: false } : {}),
    labels: (d.labels as OntologyLabel[] | undefined) ?? [],
    attributes: (d.attributes as OntologyAttribute[] | undefined) ?? [],
    ...(d.skeleton !== undefined ? { skeleton: d.skeleton as Skeleton } : {}),
  };
}

/** What a feature row's definition column holds: the definition with the current version. */
export const storedDefinition = (d: FeatureDefinition): FeatureDefinition & { version: number } => ({ version: ONTOLOGY_VERSION, ...d });
