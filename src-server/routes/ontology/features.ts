import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ontologyRoutes } from '../../../src-shared/api/ontology';
import { asFeatureInputs, type FeatureInput } from '../../../src-shared/model/ontology';
import type { OntologyDatabase } from '../../database/ontologySchema';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { OntologiesRepository, type OntologyRow } from '../../repositories/ontologies';
import { OntologyFeaturesRepository } from '../../repositories/ontologyFeatures';
import { projectOntologyById, projectIdOf, type OntologyDeps } from './deps';
import { featureOf } from './views';
import { writeFeatures } from './writeFeatures';

/** Creating, updating and deleting features, by project or by ontology id. */
export function registerOntologyFeatures(app: FastifyInstance, d: OntologyDeps): void {
  const { ctx } = d;

  /** Saves the features into the ontology `find` picks in the transaction; answers them as saved, in the order given. */
  const manage = async (find: (trx: Kysely<OntologyDatabase>) => Promise<OntologyRow>, inputs: FeatureInput[]) => {
    const { ontologyId, ids } = await d.db.transaction().execute(async (trx) => {
      const ontology = await find(trx);
      return { ontologyId: ontology.id, ids: await writeFeatures(trx, { ontology, inputs, mode: 'merge', now: ctx.now() }) };
    });
    const byId = new Map((await d.features.list(ontologyId, { featureIds: ids })).map((r) => [r.id, r]));
    return ids.flatMap((id) => (byId.has(id) ? [featureOf(byId.get(id)!)] : []));
  };

  // The project's ontology is created by its first feature.
  addRoute(app, ontologyRoutes.manageFeatures, async (req) =>
    manage((trx) => new OntologiesRepository(trx).ensure(projectIdOf(req), requireUser(req), ctx.now()), asFeatureInputs(req.body.features)),
  );
  addRoute(app, ontologyRoutes.manageFeaturesOf, async (req) =>
    manage((trx) => projectOntologyById(new OntologiesRepository(trx), projectIdOf(req), req.params.ontologyId), asFeatureInputs(req.body.features)),
  );

  /** Deletes features of the ontology, all or none: one id not in it answers 404 with the missing ids. */
  const remove = async (ontology: OntologyRow | undefined, featureIds: number[]) => {
    const wanted = [...new Set(featureIds)];
    await d.db.transaction().execute(async (trx) => {
      const features = new OntologyFeaturesRepository(trx);
      const found = new Set(ontology ? (await features.list(ontology.id, { featureIds: wanted })).map((r) => r.id) : []);
      const missing = wanted.filter((id) => !found.has(id));
      if (!ontology || missing.length > 0) throw new AppError('ontology.featureNotFound', { featureIds: missing });
      await features.remove(ontology.id, wanted);
      await new OntologiesRepository(trx).touch(ontology, ctx.now());
    });
    return null;
  };

  addRoute(app, ontologyRoutes.deleteFeatures, async (req) => remove(await d.ontologies.byProject(projectIdOf(req)), req.query.featureIds));
  addRoute(app, ontologyRoutes.deleteFeaturesOf, async (req) =>
    remove(await projectOntologyById(d.ontologies, projectIdOf(req), req.params.ontologyId), req.query.featureIds),
  );
}
