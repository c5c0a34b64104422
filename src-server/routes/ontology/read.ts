import type { FastifyInstance } from 'fastify';
import { ontologyRoutes } from '../../../src-shared/api/ontology';
import { addRoute } from '../../plugins/defineHandler';
import { AppError } from '../../errors';
import { projectIdOf, type OntologyDeps } from './deps';
import { defaultsOf, documentOf, featureOf, ontologyOf, toolsOf } from './views';

/** Reading the ontology: whole, as features, one feature for the annotator, and as an export. */
export function registerOntologyReads(app: FastifyInstance, d: OntologyDeps): void {
  /** The project's ontology with its features (filtered), or null when it has none. */
  const read = async (projectId: number, q: Parameters<typeof toolsOf>[0] = {}) => {
    const row = await d.ontologies.byProject(projectId);
    if (!row) return null;
    const tools = toolsOf(q);
    return ontologyOf(row, await d.features.list(row.id, tools ? { tools } : {}));
  };

  addRoute(app, ontologyRoutes.get, async (req) => read(projectIdOf(req), req.query));
  addRoute(app, ontologyRoutes.projectGet, async (req) => read(projectIdOf(req)));

  addRoute(app, ontologyRoutes.projectExport, async (req) => {
    const row = await d.ontologies.byProject(projectIdOf(req));
    return row ? documentOf(row, await d.features.list(row.id)) : null;
  });

  addRoute(app, ontologyRoutes.listFeatures, async (req) => {
    const b = req.body;
    const page = b.page ?? 1;
    const pageSize = b.pageSize ?? 20;
    const row = await d.ontologies.byProject(projectIdOf(req));
    if (!row) return { list: [], total: 0, page, pageSize };
    const tools = toolsOf(b);
    const name = b.name?.trim();
    const { rows, total } = await d.features.page(
      row.id,
      { ...(tools ? { tools } : {}), ...(name ? { name } : {}), ...(b.featureIds ? { featureIds: b.featureIds } : {}) },
      page,
      pageSize,
    );
    return { list: rows.map(featureOf), total, page, pageSize };
  });

  addRoute(app, ontologyRoutes.labelView, async (req) => {
    const row = await d.ontologies.byProject(projectIdOf(req));
    const [found] = row ? await d.features.list(row.id, { featureIds: [req.query.featureId] }) : [];
    if (!found) throw new AppError('ontology.featureNotFound', { featureIds: [req.query.featureId] });
    const feature = featureOf(found);
    return { ...feature, defaults: defaultsOf(feature.attributes) };
  });
}
