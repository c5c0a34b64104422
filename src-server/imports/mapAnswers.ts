/**
 * Attribute answers from a file as the target feature stores them (by attribute id, options by
 * id). An answer's key is taken as the target's attribute id when the feature has it (our own
 * exports, and lossless into an ontology with the same ids); else, for lossless, as the file's
 * attribute, found in the target by name; else as the key our COCO, VOC and YOLO exports write
 * (the attribute's name, or its `parent/option/name` path where a name repeats: attributeKeys.ts);
 * else as any attribute's name (CVAT writes names). An option is its id in the target, else
 * (lossless) the file's option found by name, else an option name, else for a yes or no (a
 * boolean, `true`, `1`, `是`…) the one option that reads so; a multiple choice may be a
 * list or, from VOC, one text of names joined by commas. What fits nowhere is dropped and
 * counted: `unknownAttribute` or `invalidValue`.
 */
import { ANNOTATION_LIMITS } from '../../src-shared/model/annotation';
import { nameKey, type OntologyAttribute, type OntologyFeature } from '../../src-shared/model/ontology';
import { objectKeyIndex } from '../exports/formats/attributeKeys';
import { isNo, isYes } from '../exports/formats/yesAnswer';
import { countInto } from './tally';

type Answers = Record<string, string | number | boolean | string[] | null>;

/** Every attribute of a feature at every depth (ids are unique across a feature), by id and by first name. */
function indexAttributes(feature: OntologyFeature | undefined): { byId: Map<string, OntologyAttribute>; byName: Map<string, OntologyAttribute> } {
  const byId = new Map<string, OntologyAttribute>();
  const byName = new Map<string, OntologyAttribute>();
  const walk = (list: readonly OntologyAttribute[]) => {
    for (const a of list) {
      byId.set(a.id, a);
      if (!byName.has(nameKey(a.name))) byName.set(nameKey(a.name), a);
      for (const o of a.options ?? []) walk(o.attributes ?? []);
    }
  };
  walk(feature?.attributes ?? []);
  return { byId, byName };
}

/** The one option that reads as yes (or no) (`yes`, `true`, `是`…), if the attribute has exactly one. */
function flagOption(target: OntologyAttribute, yes: boolean): string | undefined {
  const matches = (target.options ?? []).filter((o) => (yes ? isYes(o.name) : isNo(o.name)));
  return matches.length === 1 ? matches[0]!.id : undefined;
}

/**
 * An option of the target attribute: by id, else by the file's option's name, else by name;
 * a flag (CVAT's `occluded="1"`, a `true`/`false` checkbox) is the option that reads as yes or no.
 */
function optionId(target: OntologyAttribute, source: OntologyAttribute | undefined, v: unknown): string | undefined {
  if (typeof v === 'boolean') return flagOption(target, v);
  if (typeof v !== 'string') return undefined;
  const options = target.options ?? [];
  if (options.some((o) => o.id === v)) return v;
  const sourceName = source?.options?.find((o) => o.id === v)?.name;
  const name = nameKey(sourceName ?? v);
  const named = options.find((o) => nameKey(o.name) === name)?.id;
  if (named !== undefined || sourceName !== undefined) return named;
  return isYes(v) ? flagOption(target, true) : isNo(v) ? flagOption(target, false) : undefined;
}

/** A multiple choice written as one text (VOC's <value>red, blue</value>): one option's name whole, else names split at commas. */
function choicesInText(target: OntologyAttribute, source: OntologyAttribute | undefined, text: string): string[] {
  if (optionId(target, source, text) !== undefined) return [text];
  return text.trim() === '' ? [] : text.split(',').map((part) => part.trim());
}

/** The answer as the target attribute's type holds it, or undefined when it cannot. */
function convert(target: OntologyAttribute, source: OntologyAttribute | undefined, v: unknown): Answers[string] | undefined {
  if (v === null) return null;
  switch (target.type) {
    case 'radio':
    case 'select':
      return optionId(target, source, v);
    case 'checkbox': {
      const list = Array.isArray(v) ? v : typeof v === 'string' ? choicesInText(target, source, v) : [v];
      const ids = list.map((x) => optionId(target, source, x));
      return ids.every((id) => id !== undefined) && ids.length <= ANNOTATION_LIMITS.choicesPerAnswer ? (ids as string[]) : undefined;
    }
    case 'number': {
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      return typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= 1e15 ? n : undefined;
    }
    case 'text': {
      const text = typeof v === 'number' || typeof v === 'boolean' ? String(v) : v;
      return typeof text === 'string' && text.length <= ANNOTATION_LIMITS.textAnswer ? text : undefined;
    }
  }
}

/** A feature's indexes, made once per feature object: an import asks for them for each of its objects. */
const indexes = new WeakMap<OntologyFeature, { attributes: ReturnType<typeof indexAttributes>; keys: ReturnType<typeof objectKeyIndex>['byKey'] }>();
const NO_FEATURE = indexAttributes(undefined);
function indexesOf(feature: OntologyFeature) {
  let found = indexes.get(feature);
  if (!found) indexes.set(feature, (found = { attributes: indexAttributes(feature), keys: objectKeyIndex(feature).byKey }));
  return found;
}

export function mapAnswers(answers: Readonly<Record<string, unknown>>, target: OntologyFeature, source: OntologyFeature | undefined, dropped: Record<string, number>): Answers {
  const { attributes: into, keys } = indexesOf(target);
  const from = source ? indexesOf(source).attributes : NO_FEATURE;
  const out: Answers = {};
  for (const [key, value] of Object.entries(answers)) {
    const sourceAttribute = from.byId.get(key);
    const keyed = sourceAttribute ? undefined : keys.get(nameKey(key));
    const byKey = keyed && 'attribute' in keyed ? keyed.attribute.attribute : undefined;
    const attribute = into.byId.get(key) ?? byKey ?? into.byName.get(nameKey(sourceAttribute?.name ?? key));
    if (!attribute) {
      countInto(dropped, 'unknownAttribute');
      continue;
    }
    const converted = convert(attribute, sourceAttribute, value);
    if (converted === undefined || attribute.id in out || Object.keys(out).length >= ANNOTATION_LIMITS.attributesPerObject) countInto(dropped, 'invalidValue');
    else out[attribute.id] = converted;
  }
  return out;
}
