import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { AnnotationObject } from '../../src-shared/model/annotation';
import { withObjectDefaults } from '../../src-shared/model/attributeDefaults';
import { readDefinition, type OntologyAttribute, type OntologyLabel, type Skeleton } from '../../src-shared/model/ontology';

/** A feature of the project's ontology as the AI routes need it: its tool, labels, attributes (for their defaults) and skeleton. */
export interface TargetFeature {
  featureId: number;
  name: string;
  tool: string;
  labels: OntologyLabel[];
  /** the feature's questions, for their defaults (left out by callers that need none) */
  attributes?: OntologyAttribute[];
  skeleton?: Skeleton;
}

/** The project's features of these tools (all drawable ones when none are named), in ontology order. */
export async function projectFeatures(db: Kysely<Database>, projectId: number, tools?: readonly string[]): Promise<TargetFeature[]> {
  let q = db
    .selectFrom('ontology_features as f')
    .innerJoin('ontologies as o', 'o.id', 'f.ontology_id')
    .select(['f.id', 'f.name', 'f.tool', 'f.definition'])
    .where('o.project_id', '=', projectId);
  if (tools?.length) q = q.where('f.tool', 'in', [...tools]);
  const rows = await q.orderBy('f.sort_order').orderBy('f.id').execute();
  return rows.map((r) => {
    const def = readDefinition(JSON.parse(r.definition));
    return { featureId: r.id, name: r.name, tool: r.tool, labels: def.labels ?? [], attributes: def.attributes, ...(def.skeleton ? { skeleton: def.skeleton } : {}) };
  });
}

/** The objects with their features' attribute defaults (src-shared/model/attributeDefaults.ts): what a model suggests starts as a drawn object does. */
export const withFeatureDefaults = <O extends Pick<AnnotationObject, 'featureId' | 'attributes'>>(objects: readonly O[], features: readonly TargetFeature[]): O[] =>
  withObjectDefaults(objects, (featureId) => features.find((f) => f.featureId === featureId)?.attributes);

/** The key a model head maps classes to: one label of one feature. */
export const labelKey = (featureId: number, labelId: string): string => `${featureId}:${labelId}`;

export function parseLabelKey(key: string): { featureId: number; labelId: string } | null {
  const m = /^(\d+):([A-Za-z0-9_-]{1,32})$/.exec(key);
  return m ? { featureId: Number(m[1]), labelId: m[2]! } : null;
}

