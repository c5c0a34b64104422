import { nextLabelColour } from './labelColours';
import type { FeatureInput, OntologyAttribute, OntologyFeature, OntologyLabel, OntologyOption } from '../../../../src-shared/model/ontology';

/**
 * A feature as the editor holds it: every element already has its id (new ones get a fresh
 * random id here; the server keeps given ids), so list keys stay stable while the user edits
 * and annotations keep pointing at the same label after a rename.
 */
export type DraftFeature = Omit<OntologyFeature, 'featureId' | 'sortOrder'> & { featureId?: number };

export const newId = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 10)}`;

/** A new label in the first colour no label of the ontology has yet (`usedColours`: all of theirs). */
export const newLabel = (name: string, usedColours: readonly string[]): OntologyLabel => ({ id: newId('l'), name, color: nextLabelColour(usedColours) });
export const newOption = (name: string): OntologyOption => ({ id: newId('o'), name });
export const newAttribute = (name: string): OntologyAttribute => ({ id: newId('a'), name, type: 'radio', required: false, options: [newOption(`${name} 1`)] });

/** A feature as the API answers it (its lists may be left out when empty). */
export type StoredFeature = Omit<OntologyFeature, 'labels' | 'attributes' | 'skeleton'> & {
  labels?: OntologyFeature['labels'];
  attributes?: readonly unknown[];
  skeleton?: { points: { id: string; name: string }[]; edges?: { from: number; to: number }[] };
};

export function draftOf(f: StoredFeature): DraftFeature {
  const { sortOrder: _order, skeleton, labels, attributes, ...rest } = structuredClone(f);
  return {
    ...rest,
    labels: labels ?? [],
    attributes: (attributes ?? []) as OntologyAttribute[],
    ...(skeleton ? { skeleton: { points: skeleton.points, edges: skeleton.edges ?? [] } } : {}),
  };
}

/** The body the server takes: empty optional parts left out, settings only where the type has them. */
export function inputOf(d: DraftFeature): FeatureInput {
  const attributes = (list: readonly OntologyAttribute[]): FeatureInput['attributes'] =>
    list.map((a) => ({
      id: a.id,
      name: a.name.trim(),
      type: a.type,
      required: a.required,
      ...(a.type === 'radio' || a.type === 'checkbox' || a.type === 'select'
        ? { options: (a.options ?? []).map((o) => ({ id: o.id, name: o.name.trim(), ...(o.default ? { default: true } : {}), ...(o.attributes?.length ? { attributes: attributes(o.attributes) } : {}) })) }
        : {}),
      ...(a.type === 'number' && a.number ? { number: a.number } : {}),
      ...(a.type === 'text' && a.text ? { text: a.text } : {}),
    }));
  return {
    ...(d.featureId ? { featureId: d.featureId } : {}),
    name: d.name.trim(),
    tool: d.tool,
    ...(d.tool === 'classification' && d.scope ? { scope: d.scope } : {}),
    // Stored only when off: a classification is required unless it says otherwise (answerRequired).
    ...(d.tool === 'classification' && d.required === false ? { required: false } : {}),
    labels: d.labels.map((l) => ({ id: l.id, name: l.name.trim(), color: l.color, ...(l.hotkey ? { hotkey: l.hotkey } : {}), ...(l.description ? { description: l.description } : {}) })),
    attributes: attributes(d.attributes),
    ...(d.tool === 'keypoints' ? { skeleton: { points: d.skeleton?.points ?? [], edges: d.skeleton?.edges ?? [] } } : {}),
  };
}
