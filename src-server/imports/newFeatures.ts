/**
 * The pieces of features an import creates: names that do not clash, colours for new labels,
 * a skeleton from the point names keypoint objects use, and a lossless feature recreated from
 * the file's definition without the hotkeys the target already uses.
 */
import { ELEMENT_NAME_MAX, ONTOLOGY_LIMITS, nameKey, type OntologyFeature, type OntologyLabel, type OntologyTool } from '../../src-shared/model/ontology';
import { normalizeName } from '../../src-shared/model/text';

/** A name from a file as the ontology would store it (the text rule, 1 to 64 characters), or undefined when it would refuse it. */
export function creatableName(name: string): string | undefined {
  const checked = normalizeName(name);
  return checked.ok && checked.value !== '' && [...checked.value].length <= ELEMENT_NAME_MAX ? checked.value : undefined;
}
export const isCreatableName = (name: string): boolean => creatableName(name) !== undefined;

/** A name no feature of the ontology has: the wanted one, else with the tool, else numbered. */
export function freeFeatureName(features: readonly { name: string }[], wanted: string | undefined, tool: OntologyTool): string {
  const taken = new Set(features.map((f) => nameKey(f.name)));
  const title = tool.charAt(0).toUpperCase() + tool.slice(1);
  const base = (wanted !== undefined ? creatableName(wanted) : undefined) ?? title;
  const candidates = [base, `${base} (${tool})`.slice(0, 64)];
  for (let n = 2; ; n++) {
    const found = candidates.find((c) => !taken.has(nameKey(c)));
    if (found) return found;
    candidates.push(`${base.slice(0, 58)} ${n}`);
  }
}

/** Distinct, readable colours; a label's colour follows from its name, so re-imports agree. */
const PALETTE = ['#e6194b', '#3cb44b', '#ffe119', '#4363d8', '#f58231', '#911eb4', '#46f0f0', '#f032e6', '#bcf60c', '#fabebe', '#008080', '#9a6324'];

export function colourOf(name: string): string {
  let h = 0;
  for (const ch of nameKey(name)) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return PALETTE[h % PALETTE.length]!;
}

export function skeletonOf(pointNames: readonly string[], newId: () => string): NonNullable<OntologyFeature['skeleton']> {
  const seen = new Set<string>();
  const points = pointNames
    .filter((n) => isCreatableName(n) && !seen.has(nameKey(n)) && seen.add(nameKey(n)))
    .slice(0, ONTOLOGY_LIMITS.skeletonPoints)
    .map((name) => ({ id: newId(), name: creatableName(name)! }));
  return { points, edges: [] };
}

export const hotkeysOf = (features: readonly OntologyFeature[]): Set<string> =>
  new Set(features.flatMap((f) => f.labels.flatMap((l) => (l.hotkey ? [l.hotkey.toLowerCase()] : []))));

/** A label copied from the file, keeping its id when the feature has no label of that id, its hotkey when free. */
export function copyLabel(l: OntologyLabel, into: OntologyFeature, hotkeys: Set<string>, newId: () => string): OntologyLabel {
  const { hotkey, ...rest } = l;
  const free = hotkey !== undefined && !hotkeys.has(hotkey.toLowerCase());
  if (free) hotkeys.add(hotkey.toLowerCase());
  return { ...rest, id: into.labels.some((x) => x.id === l.id) ? newId() : l.id, ...(free ? { hotkey } : {}) };
}

/** The file's feature as a new feature of the target: same elements and ids, a free name, no clashing hotkeys; sortOrder is the file's (new features are saved in the file's order). */
export function recreateFeature(source: OntologyFeature, features: readonly OntologyFeature[], hotkeys: Set<string>, featureId: number, newId: () => string): OntologyFeature {
  const copy: OntologyFeature = { ...structuredClone(source), featureId, name: freeFeatureName(features, source.name, source.tool), labels: [] };
  copy.labels = source.labels.map((l) => copyLabel(l, copy, hotkeys, newId));
  return copy;
}
