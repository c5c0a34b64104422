/**
 * The target ontology, read and extended through the ontology routes' own code: writeFeatures
 * validates the definitions, keeps given element ids, enforces the limits and touches the
 * ontology, so labels an import creates are held to the same rules as labels made by hand.
 */
import type { Kysely } from 'kysely';
import type { FeatureInput, OntologyFeature } from '../../src-shared/model/ontology';
import type { Database } from '../database/schema';
import { OntologiesRepository } from '../repositories/ontologies';
import { OntologyFeaturesRepository } from '../repositories/ontologyFeatures';
import { featureOf } from '../routes/ontology/views';
import { writeFeatures } from '../routes/ontology/writeFeatures';

export async function readFeatures(db: Kysely<Database>, projectId: number): Promise<OntologyFeature[]> {
  const ontology = await new OntologiesRepository(db).byProject(projectId);
  return ontology ? (await new OntologyFeaturesRepository(db).list(ontology.id)).map(featureOf) : [];
}

/**
 * Saves what `plan` asks of the ontology as it is inside the transaction, locked (merge: other
 * features stay as they are), so an edit made since the import first read it is built on, not
 * overwritten. Answers what plan answered and the ontology as it now is.
 */
export async function saveFeatures<P extends { inputs: FeatureInput[] }>(
  db: Kysely<Database>,
  p: { projectId: number; userId: number; now: number; plan: (features: OntologyFeature[]) => P },
): Promise<{ plan: P; features: OntologyFeature[] }> {
  const plan = await db.transaction().execute(async (trx) => {
    const ontologies = new OntologiesRepository(trx);
    // The project's ontology is created by its first feature, as the feature routes do.
    const ontology = await ontologies.ensure(p.projectId, p.userId, p.now);
    await ontologies.lock(ontology.id);
    const planned = p.plan((await new OntologyFeaturesRepository(trx).list(ontology.id)).map(featureOf));
    if (planned.inputs.length > 0) await writeFeatures(trx, { ontology, inputs: planned.inputs, mode: 'merge', now: p.now });
    return planned;
  });
  return { plan, features: await readFeatures(db, p.projectId) };
}
