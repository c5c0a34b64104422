import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  ONTOLOGY_LIMITS, nameKey, readDefinition, storedDefinition, validateFeatures, type FeatureInput, type OntologyIssue, type OntologyIssueReason,
} from '../../../src-shared/model/ontology';
import type { OntologyDatabase } from '../../database/ontologySchema';
import { AppError } from '../../errors';
import { OntologiesRepository, type OntologyRow } from '../../repositories/ontologies';
import { OntologyFeaturesRepository, type FeatureRow } from '../../repositories/ontologyFeatures';
import { toDefinition } from './definition';

/** A new element id: 64 random bits, URL-safe, within the ElementId pattern. */
/** Random bytes drawn 4 KiB at a time: an import makes an id for each of 200,000 objects, and one system call each cost 0.5 s. */
let idBytes = Buffer.alloc(0);
let idAt = 0;
export const newElementId = (): string => {
  if (idAt + 8 > idBytes.length) {
    idBytes = randomBytes(4096);
    idAt = 0;
  }
  const id = idBytes.subarray(idAt, idAt + 8).toString('base64url');
  idAt += 8;
  return id;
};

const issueKey = (reason: OntologyIssueReason) => `ontology.${reason}` as const;
/** A broken definition rule as the client sees it: its own key, the path in data. */
export const issueError = (issue: OntologyIssue): AppError =>
  new AppError(issueKey(issue.reason), { path: issue.path, ...(issue.conflictsWith ? { conflictsWith: issue.conflictsWith } : {}) });

/**
 * The existing feature each input saves over: the one its featureId names (404 for ids not in
 * the ontology), else an unclaimed one of the same name and tool, else none (a new feature).
 */
function matchTargets(existing: readonly FeatureRow[], inputs: readonly FeatureInput[]): (FeatureRow | undefined)[] {
  const byId = new Map(existing.map((r) => [r.id, r]));
  const missing = [...new Set(inputs.flatMap((i) => (i.featureId !== undefined && !byId.has(i.featureId) ? [i.featureId] : [])))];
  if (missing.length > 0) throw new AppError('ontology.featureNotFound', { featureIds: missing });
  const claimed = new Set(inputs.flatMap((i) => (i.featureId !== undefined ? [i.featureId] : [])));
  const byName = new Map(existing.filter((r) => !claimed.has(r.id)).map((r) => [nameKey(r.name), r]));
  return inputs.map((i) => {
    if (i.featureId !== undefined) return byId.get(i.featureId);
    const namesake = byName.get(nameKey(i.name));
    if (!namesake || namesake.tool !== i.tool) return undefined;
    byName.delete(nameKey(i.name));
    return namesake;
  });
}

const definitionOf = (row: FeatureRow) => readDefinition(JSON.parse(row.definition));

export interface FeatureWrite {
  ontology: OntologyRow;
  inputs: readonly FeatureInput[];
  /** merge: features not listed stay as they are; replace: they are deleted. */
  mode: 'merge' | 'replace';
  now: number;
}

/**
 * Saves features into an ontology, inside the caller's transaction, all or nothing: checks the
 * definitions against each other and against the features left alone, assigns element ids,
 * and orders them: when replacing, as listed (a whole ontology is sent in its order, sortOrder
 * as read back is ignored); when merging, by a given sortOrder, else an updated feature keeps its
 * place and a new one goes last. Answers the saved features' ids in the order given.
 */
export async function writeFeatures(db: Kysely<OntologyDatabase>, w: FeatureWrite): Promise<number[]> {
  const ontologies = new OntologiesRepository(db);
  const features = new OntologyFeaturesRepository(db);
  await ontologies.lock(w.ontology.id);
  const existing = await features.list(w.ontology.id);
  const targets = matchTargets(existing, w.inputs);
  const claimed = new Set(targets.flatMap((t) => (t ? [t.id] : [])));
  const untouched = existing.filter((r) => !claimed.has(r.id));
  const kept = w.mode === 'merge' ? untouched : [];

  const issue = validateFeatures(w.inputs, kept.map((r) => ({ featureId: r.id, name: r.name, labels: definitionOf(r).labels })));
  if (issue) throw issueError(issue);
  if (kept.length + w.inputs.length > ONTOLOGY_LIMITS.features) throw new AppError('ontology.limitReached', { limit: 'features', max: ONTOLOGY_LIMITS.features });
  const labels = kept.reduce((n, r) => n + r.label_count, 0) + w.inputs.reduce((n, i) => n + (i.labels?.length ?? 0), 0);
  if (labels > ONTOLOGY_LIMITS.labelsPerOntology) throw new AppError('ontology.limitReached', { limit: 'labels', max: ONTOLOGY_LIMITS.labelsPerOntology });

  let next = Math.max(-1, ...kept.map((r) => r.sort_order), ...w.inputs.map((i) => i.sortOrder ?? -1)) + 1;
  const ids: number[] = [];
  for (const [i, input] of w.inputs.entries()) {
    const target = targets[i];
    const definition = toDefinition(input, target && definitionOf(target), newElementId);
    const values = {
      name: input.name.trim(),
      tool: input.tool,
      sort_order: w.mode === 'replace' ? i : (input.sortOrder ?? target?.sort_order ?? next++),
      label_count: definition.labels.length,
      definition: JSON.stringify(storedDefinition(definition)),
      updated_at: w.now,
    };
    if (target) {
      await features.update(target.id, values);
      ids.push(target.id);
    } else {
      ids.push(...(await features.insert(w.ontology.id, [values], w.now)));
    }
  }
  if (w.mode === 'replace') await features.remove(w.ontology.id, untouched.map((r) => r.id));
  await ontologies.touch(w.ontology, w.now);
  return ids;
}
