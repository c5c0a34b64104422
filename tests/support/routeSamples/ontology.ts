import { ontologyRoutes } from '../../../src-shared/api/ontology';
import { storedDefinition } from '../../../src-shared/model/ontology';
import type { ServerContext } from '../../../src-server/context';
import { ontologyDb } from '../../../src-server/database/ontologySchema';
import type { World } from '../world';
import type { SampleGroup } from './types';

/** An ontology with one box feature ("Vehicle": car, bus) in a project, straight through the database. */
async function seedOntology(ctx: ServerContext, projectId: number, createdBy: number): Promise<{ ontologyId: number; featureId: number }> {
  const db = ontologyDb(ctx.db);
  const now = ctx.now();
  const { id: ontologyId } = await db
    .insertInto('ontologies')
    .values({ project_id: projectId, name: 'Street', description: '', created_by: createdBy, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const definition = storedDefinition({
    labels: [{ id: 'car', name: 'Car', color: '#ff0000', hotkey: '1' }, { id: 'bus', name: 'Bus', color: '#00ff00', hotkey: '2' }],
    attributes: [{ id: 'occluded', name: 'Occluded', type: 'radio', required: true, options: [{ id: 'yes', name: 'Yes' }, { id: 'no', name: 'No', default: true }] }],
  });
  const { id: featureId } = await db
    .insertInto('ontology_features')
    .values({ ontology_id: ontologyId, name: 'Vehicle', tool: 'box', sort_order: 0, label_count: 2, definition: JSON.stringify(definition), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ontologyId, featureId };
}

const seedP = (w: World, ctx: ServerContext) => seedOntology(ctx, w.projectP, w.users.owner.id);
const person = { name: 'Person', tool: 'polygon', labels: [{ name: 'Pedestrian', color: '#0000ff', hotkey: 'p' }] };

export const ontologySamples: SampleGroup = {
  routes: ontologyRoutes,
  samples: {
    get: async (w, ctx) => {
      await seedP(w, ctx);
      return { method: 'GET', url: `/core/ontology?projectId=${w.projectP}&types=box` };
    },
    create: (w) => ({ method: 'POST', url: '/core/ontology/create', payload: { projectId: w.projectP, name: 'Street', features: [person] } }),
    deleteFeatures: async (w, ctx) => {
      const { featureId } = await seedP(w, ctx);
      return { method: 'DELETE', url: `/core/ontology/feature/delete?projectId=${w.projectP}&featureIds=${featureId}` };
    },
    listFeatures: async (w, ctx) => {
      await seedP(w, ctx);
      return { method: 'POST', url: '/core/ontology/feature/list', payload: { projectId: w.projectP, tool: 'box' } };
    },
    manageFeatures: (w) => ({ method: 'POST', url: '/core/ontology/feature/manage', payload: { projectId: w.projectP, features: [person] } }),
    labelView: async (w, ctx) => {
      const { featureId } = await seedP(w, ctx);
      return { method: 'GET', url: `/core/ontology/labelView?projectId=${w.projectP}&featureId=${featureId}` };
    },
    labels: async (w, ctx) => {
      await seedP(w, ctx);
      return { method: 'GET', url: `/core/ontology/labels?projectId=${w.projectP}` };
    },
    labelsList: async (w, ctx) => {
      await seedP(w, ctx);
      return { method: 'GET', url: `/core/ontology/labels/list?projectId=${w.projectP}&name=ca` };
    },
    labelsV2: async (w, ctx) => {
      await seedP(w, ctx);
      return { method: 'GET', url: `/core/ontology/labelsV2?projectId=${w.projectP}` };
    },
    // The source: another project of team A whose manager is P's project manager, so every role
    // that may change P's ontology may also read the source.
    select: async (w, ctx) => {
      const now = ctx.now();
      const { id: source } = await ctx.db
        .insertInto('projects')
        .values({ team_id: w.teamA, name: `Source of ${w.projectP}`, type: 'image', is_vendor: 0, created_by: w.users.owner.id, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db.insertInto('project_members').values({ project_id: source, user_id: w.users.projectManager.id, role: 'manager', added_at: now }).execute();
      const { ontologyId } = await seedOntology(ctx, source, w.users.owner.id);
      return { method: 'POST', url: '/core/ontology/select', payload: { projectId: w.projectP, ontologyId } };
    },
    update: async (w, ctx) => {
      const { ontologyId } = await seedP(w, ctx);
      return { method: 'PUT', url: `/core/ontology/${ontologyId}`, payload: { projectId: w.projectP, name: 'Street scenes' } };
    },
    remove: async (w, ctx) => {
      const { ontologyId } = await seedP(w, ctx);
      return { method: 'POST', url: `/core/ontology/${ontologyId}/delete`, payload: { projectId: w.projectP } };
    },
    deleteFeaturesOf: async (w, ctx) => {
      const { ontologyId, featureId } = await seedP(w, ctx);
      return { method: 'DELETE', url: `/core/ontology/${ontologyId}/feature/delete?projectId=${w.projectP}&featureIds=${featureId}` };
    },
    manageFeaturesOf: async (w, ctx) => {
      const { ontologyId } = await seedP(w, ctx);
      return { method: 'POST', url: `/core/ontology/${ontologyId}/feature/manage`, payload: { projectId: w.projectP, features: [person] } };
    },
    projectGet: async (w, ctx) => {
      await seedP(w, ctx);
      return { method: 'GET', url: `/core/project/${w.projectP}/ontology` };
    },
    projectReplace: async (w, ctx) => {
      await seedP(w, ctx);
      return { method: 'POST', url: `/core/project/${w.projectP}/ontology`, payload: { version: 1, name: 'People', features: [person] } };
    },
    projectRemove: async (w, ctx) => {
      await seedP(w, ctx);
      return { method: 'DELETE', url: `/core/project/${w.projectP}/ontology` };
    },
    projectExport: async (w, ctx) => {
      await seedP(w, ctx);
      return { method: 'GET', url: `/core/project/${w.projectP}/ontologyV2` };
    },
  },
};
