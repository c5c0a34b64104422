import type { FastifyInstance } from 'fastify';
import { ontologyRoutes } from '../../../src-shared/api/ontology';
import type { FeatureFilters } from '../../repositories/ontologyFeatures';
import { addRoute } from '../../plugins/defineHandler';
import { projectIdOf, type OntologyDeps } from './deps';
import { featureOf, labelEntries, labelsByTool, toolsOf } from './views';

/**
 * The project's labels across features, three ways: `labels` flat and complete (legends and
 * hotkeys), `labels/list` a page at a time with a name search (management tables), `labelsV2`
 * grouped by tool and feature (the tool palette). Labels live inside feature definitions, so
 * they are read with their features; an ontology holds at most ONTOLOGY_LIMITS.labelsPerOntology.
 */
export function registerOntologyLabels(app: FastifyInstance, d: OntologyDeps): void {
  const features = async (projectId: number, f: FeatureFilters = {}) => {
    const row = await d.ontologies.byProject(projectId);
    return row ? (await d.features.list(row.id, f)).map(featureOf) : [];
  };

  addRoute(app, ontologyRoutes.labels, async (req) => {
    const tools = toolsOf(req.query);
    return labelEntries(await features(projectIdOf(req), tools ? { tools } : {}));
  });

  addRoute(app, ontologyRoutes.labelsList, async (req) => {
    const q = req.query;
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? 20;
    const all = labelEntries(
      await features(projectIdOf(req), { ...(q.tool ? { tools: [q.tool] } : {}), ...(q.featureId ? { featureIds: [q.featureId] } : {}) }),
    );
    const needle = q.name?.trim().toLowerCase();
    const matching = needle ? all.filter((l) => l.name.toLowerCase().includes(needle)) : all;
    return { list: matching.slice((page - 1) * pageSize, page * pageSize), total: matching.length, page, pageSize };
  });

  addRoute(app, ontologyRoutes.labelsV2, async (req) => labelsByTool(await features(projectIdOf(req))));
}
