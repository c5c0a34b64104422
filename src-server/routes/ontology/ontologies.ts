import type { FastifyInstance } from 'fastify';
import { ontologyRoutes } from '../../../src-shared/api/ontology';
import { ONTOLOGY_VERSION, asFeatureInputs } from '../../../src-shared/model/ontology';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../repositories/rejectReasons';
import { OntologiesRepository, type OntologyRow } from '../../repositories/ontologies';
import { projectOntology, projectOntologyById, projectIdOf, type OntologyDeps } from './deps';
import { ontologyOf } from './views';
import { writeFeatures } from './writeFeatures';

/** Ontologies as a whole: create, replace, rename, delete. */
export function registerOntologies(app: FastifyInstance, d: OntologyDeps): void {
  const { ctx } = d;
  const answer = async (row: OntologyRow) => ontologyOf((await d.ontologies.byId(row.id))!, await d.features.list(row.id));

  addRoute(app, ontologyRoutes.create, async (req) => {
    const projectId = projectIdOf(req);
    const b = req.body;
    const now = ctx.now();
    try {
      const row = await d.db.transaction().execute(async (trx) => {
        const ontologies = new OntologiesRepository(trx);
        if (await ontologies.byProject(projectId)) throw new AppError('ontology.alreadyExists');
        const project = await trx.selectFrom('projects').select('name').where('id', '=', projectId).executeTakeFirstOrThrow();
        const created = await ontologies.create({
          projectId, name: b.name?.trim() ?? project.name, description: b.description?.trim() ?? '', createdBy: requireUser(req), now,
        });
        await writeFeatures(trx, { ontology: created, inputs: asFeatureInputs(b.features ?? []), mode: 'replace', now });
        return created;
      });
      return answer(row);
    } catch (err) {
      // Two creates at once: the unique project_id decides, the loser gets the same 409.
      if (isUniqueViolation(err)) throw new AppError('ontology.alreadyExists');
      throw err;
    }
  });

  addRoute(app, ontologyRoutes.projectReplace, async (req) => {
    const b = req.body;
    if (b.version !== undefined && b.version > ONTOLOGY_VERSION) throw new AppError('ontology.unsupportedVersion', { version: b.version, supported: ONTOLOGY_VERSION });
    const projectId = projectIdOf(req);
    const row = await d.db.transaction().execute(async (trx) => {
      const ontologies = new OntologiesRepository(trx);
      const ontology = await ontologies.ensure(projectId, requireUser(req), ctx.now());
      await ontologies.update(ontology.id, {
        ...(b.name !== undefined ? { name: b.name.trim() } : {}),
        ...(b.description !== undefined ? { description: b.description.trim() } : {}),
      });
      await writeFeatures(trx, { ontology, inputs: asFeatureInputs(b.features), mode: 'replace', now: ctx.now() });
      return ontology;
    });
    return answer(row);
  });

  addRoute(app, ontologyRoutes.update, async (req) => {
    const b = req.body;
    const row = await d.db.transaction().execute(async (trx) => {
      const ontologies = new OntologiesRepository(trx);
      const ontology = await projectOntologyById(ontologies, projectIdOf(req), req.params.ontologyId);
      await ontologies.update(ontology.id, {
        ...(b.name !== undefined ? { name: b.name.trim() } : {}),
        ...(b.description !== undefined ? { description: b.description.trim() } : {}),
      });
      await ontologies.touch(ontology, ctx.now());
      return ontology;
    });
    return answer(row);
  });

  const remove = async (find: (ontologies: OntologiesRepository) => Promise<OntologyRow>) => {
    await d.db.transaction().execute(async (trx) => {
      const ontologies = new OntologiesRepository(trx);
      const ontology = await find(ontologies);
      // The project records the change; the ontology row and its features then go.
      await ontologies.touch(ontology, ctx.now());
      await ontologies.remove(ontology.id);
    });
    return null;
  };
  addRoute(app, ontologyRoutes.remove, async (req) => remove((o) => projectOntologyById(o, projectIdOf(req), req.params.ontologyId)));
  addRoute(app, ontologyRoutes.projectRemove, async (req) => remove((o) => projectOntology(o, projectIdOf(req))));
}
