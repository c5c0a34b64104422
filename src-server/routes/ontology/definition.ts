import {
  isChoice, nameKey, type AttributeInput, type FeatureDefinition, type FeatureInput, type OntologyAttribute, type OntologyOption,
} from '../../../src-shared/model/ontology';

/** Ids already taken in one scope, and a way to draw a fresh one. */
class IdScope {
  private readonly used: Set<string>;
  constructor(given: Iterable<string>, private readonly newId: () => string) {
    this.used = new Set(given);
  }
  /**
   * The id an element keeps: the one given; else the id of the previous element of the same
   * name at the same place, unless something else holds it; else a fresh one.
   */
  pick(given: string | undefined, inherited: string | undefined): string {
    if (given !== undefined) return given;
    if (inherited !== undefined && !this.used.has(inherited)) {
      this.used.add(inherited);
      return inherited;
    }
    let id = this.newId();
    while (this.used.has(id)) id = this.newId();
    this.used.add(id);
    return id;
  }
}

const givenIds = (items: readonly { id?: string }[] | undefined) => (items ?? []).flatMap((i) => (i.id !== undefined ? [i.id] : []));
const byName = <T extends { id: string; name: string }>(items: readonly T[] | undefined) => new Map((items ?? []).map((i) => [nameKey(i.name), i]));

/** Every attribute id given anywhere in the tree (attribute ids are unique per feature). */
function givenAttributeIds(list: readonly AttributeInput[]): string[] {
  return list.flatMap((a) => [...givenIds([a]), ...(a.options ?? []).flatMap((o) => givenAttributeIds(o.attributes ?? []))]);
}

/**
 * A validated feature as stored: names trimmed, colours and hotkeys lower-case, absent settings
 * left out, and every label, attribute, option and skeleton point with an id. Given ids are
 * kept; an element sent without one keeps the id its namesake had in `previous`, so a client
 * that re-sends a feature without ids does not orphan the annotations that point into it.
 */
export function toDefinition(input: FeatureInput, previous: FeatureDefinition | undefined, newId: () => string): FeatureDefinition {
  const labels = new IdScope(givenIds(input.labels), newId);
  const previousLabels = byName(previous?.labels);
  const attributeIds = new IdScope(givenAttributeIds(input.attributes ?? []), newId);
  const previousAttributes = new Map<string, OntologyAttribute>();
  const previousById = new Map<string, OntologyAttribute>();
  const index = (list: readonly OntologyAttribute[], parent: string) => {
    for (const a of list) {
      previousAttributes.set(`${parent}\u0000${nameKey(a.name)}`, a);
      previousById.set(a.id, a);
      for (const o of a.options ?? []) index(o.attributes ?? [], o.id);
    }
  };
  index(previous?.attributes ?? [], '');

  const attribute = (a: AttributeInput, parent: string): OntologyAttribute => {
    const before = previousAttributes.get(`${parent}\u0000${nameKey(a.name)}`);
    const id = attributeIds.pick(a.id, before?.id);
    // Options inherit from the attribute that had this id before, renamed or not.
    const beforeSelf = a.id !== undefined ? previousById.get(id) : before;
    const optionIds = new IdScope(givenIds(a.options), newId);
    const previousOptions = byName(beforeSelf?.options);
    const option = (o: NonNullable<AttributeInput['options']>[number]): OntologyOption => {
      const oid = optionIds.pick(o.id, previousOptions.get(nameKey(o.name))?.id);
      const nested = (o.attributes ?? []).map((n) => attribute(n, oid));
      return { id: oid, name: o.name.trim(), ...(o.default ? { default: true } : {}), ...(nested.length > 0 ? { attributes: nested } : {}) };
    };
    return {
      id,
      name: a.name.trim(),
      type: a.type,
      required: a.required ?? false,
      ...(isChoice(a.type) ? { options: (a.options ?? []).map(option) } : {}),
      ...(a.type === 'number' && a.number ? { number: { ...a.number } } : {}),
      ...(a.type === 'text' && a.text ? { text: { ...a.text } } : {}),
    };
  };

  const points = new IdScope(givenIds(input.skeleton?.points), newId);
  const previousPoints = byName(previous?.skeleton?.points);
  return {
    ...(input.tool === 'classification' ? { scope: input.scope ?? 'subject', ...(input.required === false ? { required: false } : {}) } : {}),
    labels: (input.labels ?? []).map((l) => ({
      id: labels.pick(l.id, previousLabels.get(nameKey(l.name))?.id),
      name: l.name.trim(),
      color: l.color.toLowerCase(),
      ...(l.hotkey !== undefined ? { hotkey: l.hotkey.toLowerCase() } : {}),
      ...(l.description?.trim() ? { description: l.description.trim() } : {}),
      ...aliasesOf(l.aliases),
    })),
    attributes: (input.attributes ?? []).map((a) => attribute(a, '')),
    ...(input.tool === 'keypoints' && input.skeleton
      ? {
          skeleton: {
            points: input.skeleton.points.map((p) => ({ id: points.pick(p.id, previousPoints.get(nameKey(p.name))?.id), name: p.name.trim() })),
            edges: (input.skeleton.edges ?? []).map((e) => ({ from: e.from, to: e.to })),
          },
        }
      : {}),
  };
}

/** A label's aliases as stored: trimmed, each once (as names compare), none empty; left out when there are none. */
function aliasesOf(aliases: readonly string[] | undefined): { aliases?: string[] } {
  const seen = new Set<string>();
  const kept = (aliases ?? []).map((a) => a.trim()).filter((a) => a !== '' && !seen.has(nameKey(a)) && seen.add(nameKey(a)));
  return kept.length ? { aliases: kept } : {};
}
