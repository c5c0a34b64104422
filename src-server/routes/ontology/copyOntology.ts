import type { Kysely } from 'kysely';
import { readDefinition, storedDefinition } from '../../../src-shared/model/ontology';
import type { OntologyDatabase } from '../../database/ontologySchema';
import { OntologiesRepository, type OntologyRow } from '../../repositories/ontologies';
import { OntologyFeaturesRepository } from '../../repositories/ontologyFeatures';

/**
 * Makes `target` a copy of `source`, inside the caller's transaction: its features are replaced
 * by copies of the source's (new feature ids, the same label, attribute, option and point ids,
 * so annotations exported against the source map onto the copy), and it takes the source's
 * name and description. Copying an ontology onto itself changes nothing.
 */
export async function copyOntology(db: Kysely<OntologyDatabase>, source: OntologyRow, target: OntologyRow, now: number): Promise<void> {
  if (source.id === target.id) return;
  const ontologies = new OntologiesRepository(db);
  const features = new OntologyFeaturesRepository(db);
  await ontologies.lock(target.id);
  const copies = (await features.list(source.id)).map((r) => ({
    name: r.name,
    tool: r.tool,
    sort_order: r.sort_order,
    label_count: r.label_count,
    // Re-stored at the current version, so the copy never carries an old shape forward.
    definition: JSON.stringify(storedDefinition(readDefinition(JSON.parse(r.definition)))),
    updated_at: now,
  }));
  await features.remove(target.id, (await features.list(target.id)).map((r) => r.id));
  await features.insert(target.id, copies, now);
  await ontologies.update(target.id, { name: source.name, description: source.description });
  await ontologies.touch(target, now);
}
