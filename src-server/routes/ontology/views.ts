import type { LabelEntry, LabelsOfTool, LabelView, Ontology, OntologyDocument } from '../../../src-shared/api/ontology';
import {
  ONTOLOGY_TOOLS, ONTOLOGY_VERSION, readDefinition, type OntologyAttribute, type OntologyFeature, type OntologyTool,
} from '../../../src-shared/model/ontology';
import { defaultOf } from '../../../src-shared/model/attributeDefaults';
import type { OntologyRow } from '../../repositories/ontologies';
import type { FeatureRow } from '../../repositories/ontologyFeatures';

/** A feature row as answered; its definition upgraded to the current version on the way. */
export function featureOf(row: FeatureRow): OntologyFeature {
  return { featureId: row.id, sortOrder: row.sort_order, name: row.name, tool: row.tool as OntologyTool, ...readDefinition(JSON.parse(row.definition)) };
}

export function ontologyOf(row: OntologyRow, features: readonly FeatureRow[]): Ontology {
  return {
    ontologyId: row.id,
    projectId: row.project_id,
    name: row.name,
    description: row.description,
    features: features.map(featureOf),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The export document: what the features are, without the row ids that mean nothing elsewhere. */
export function documentOf(row: OntologyRow, features: readonly FeatureRow[]): OntologyDocument {
  return {
    version: ONTOLOGY_VERSION,
    name: row.name,
    description: row.description,
    features: features.map(featureOf).map(({ featureId: _id, sortOrder: _order, ...f }) => f),
  };
}

/**
 * Every attribute's own default, by attribute id at every level (under any option, picked by
 * default or not), for a client that builds its form one question at a time. The answers a new
 * object starts with are attributeDefaults (src-shared/model/attributeDefaults.ts).
 */
export function defaultsOf(attributes: readonly OntologyAttribute[], out: LabelView['defaults'] = {}): LabelView['defaults'] {
  for (const a of attributes) {
    const value = defaultOf(a);
    if (value !== undefined) out[a.id] = value;
    for (const o of a.options ?? []) defaultsOf(o.attributes ?? [], out);
  }
  return out;
}

/** Every label of the features, flat, in feature order. */
export function labelEntries(features: readonly OntologyFeature[]): LabelEntry[] {
  return features.flatMap((f) =>
    f.labels.map((l) => ({
      featureId: f.featureId,
      featureName: f.name,
      tool: f.tool,
      labelId: l.id,
      name: l.name,
      color: l.color,
      ...(l.hotkey !== undefined ? { hotkey: l.hotkey } : {}),
      ...(l.description !== undefined ? { description: l.description } : {}),
    })),
  );
}

/** Labels grouped by tool (in ONTOLOGY_TOOLS order), then by feature. */
export function labelsByTool(features: readonly OntologyFeature[]): LabelsOfTool[] {
  return ONTOLOGY_TOOLS.flatMap((tool) => {
    const of = features.filter((f) => f.tool === tool);
    if (of.length === 0) return [];
    return [{ tool, features: of.map((f) => ({ featureId: f.featureId, name: f.name, ...(f.scope ? { scope: f.scope } : {}), labels: f.labels })) }];
  });
}

/** `tool` and `types` as one list (both given: the tools in both), or undefined for no filter. */
export function toolsOf(q: { tool?: OntologyTool; types?: OntologyTool[] }): OntologyTool[] | undefined {
  if (q.tool === undefined) return q.types;
  return q.types === undefined || q.types.includes(q.tool) ? [q.tool] : [];
}
