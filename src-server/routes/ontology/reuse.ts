import type { FastifyInstance } from 'fastify';
import { ontologyRoutes } from '../../../src-shared/api/ontology';
import { projectRoleMay } from '../../../src-shared/model/permissions';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { OntologiesRepository } from '../../repositories/ontologies';
import { projectIdOf, type OntologyDeps } from './deps';
import { copyOntology } from './copyOntology';
import { ontologyOf } from './views';

/** Reusing ontologies: which ones the caller may copy, and copying one into a project. */
export function registerOntologyReuse(app: FastifyInstance, d: OntologyDeps): void {
  const { ctx } = d;

  // Like the project list: no current team means nothing to list, not an error.
  addRoute(app, ontologyRoutes.list, async (req) => {
    const b = req.body;
    const page = b.page ?? 1;
    const pageSize = b.pageSize ?? 20;
    const viewer = await d.projectList.viewer(requireUser(req));
    if (!viewer) return { list: [], total: 0, page, pageSize };
    return d.reuse.list(viewer, { ...(b.name !== undefined ? { name: b.name } : {}), page, pageSize });
  });

  addRoute(app, ontologyRoutes.select, async (req) => {
    const projectId = projectIdOf(req);
    const userId = requireUser(req);
    // The source may be any ontology whose project the caller may read; any other id is 404,
    // so nobody learns what other teams' ontologies exist.
    const source = await d.ontologies.byId(req.body.ontologyId);
    const way = source && (await ctx.repos.access.projectAccess(source.project_id, userId));
    if (!source || !way || !projectRoleMay(way.role, 'project.read')) throw new AppError('ontology.notFound');
    const target = await d.db.transaction().execute(async (trx) => {
      const ontologies = new OntologiesRepository(trx);
      const row = await ontologies.ensure(projectId, userId, ctx.now());
      const from = await ontologies.byId(source.id);
      if (!from) throw new AppError('ontology.notFound');
      await copyOntology(trx, from, row, ctx.now());
      return row;
    });
    return ontologyOf((await d.ontologies.byId(target.id))!, await d.features.list(target.id));
  });
}
