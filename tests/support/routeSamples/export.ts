import type { ServerContext } from '../../../src-server/context';
import { exportRoutes } from '../../../src-shared/api/export';
import type { World } from '../world';
import type { SampleGroup } from './types';

/**
 * An export of project P in a given state. A running one is held by a live lease of another
 * server, so this server's runner leaves it alone while the sample runs.
 */
async function sampleExport(w: World, ctx: ServerContext, status: 'running' | 'done') {
  const now = ctx.now();
  const r = await ctx.db
    .insertInto('exports')
    .values({
      project_id: w.projectP,
      name: 'Sample',
      format: 'coco',
      filters: '{}',
      options: '{}',
      status,
      done_items: 0,
      total_items: 0,
      size_bytes: status === 'done' ? 22 : 0,
      object_key: status === 'done' ? `export/${w.projectP}/sample.zip` : null,
      attempts: 1,
      runner_id: status === 'running' ? 'another-server' : null,
      heartbeat_at: status === 'running' ? now : null,
      created_by: w.users.owner.id,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

async function samplePlan(w: World, ctx: ServerContext) {
  const now = ctx.now();
  const r = await ctx.db
    .insertInto('export_plans')
    .values({ project_id: w.projectP, name: 'Sample plan', format: 'voc', filters: '{}', options: '{}', created_by: w.users.owner.id, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export const exportSamples: SampleGroup = {
  routes: exportRoutes,
  samples: {
    start: (w) => ({ method: 'POST', url: '/core/export', payload: { projectId: w.projectP, format: 'coco' } }),
    removeMany: async (w, ctx) => ({ method: 'DELETE', url: `/core/export?projectId=${w.projectP}&ids=${await sampleExport(w, ctx, 'done')}` }),
    planCreate: (w) => ({ method: 'POST', url: '/core/export/plan', payload: { projectId: w.projectP, name: 'Training set', format: 'yoloDetect', filters: { annotatedOnly: true } } }),
    planCount: (w) => ({ method: 'POST', url: '/core/export/plan/count', payload: { projectId: w.projectP, filters: {} } }),
    planUpdate: async (w, ctx) => ({ method: 'POST', url: `/core/export/plan/${await samplePlan(w, ctx)}`, payload: { projectId: w.projectP, name: 'Renamed plan' } }),
    progress: async (w, ctx) => {
      await sampleExport(w, ctx, 'done');
      return { method: 'POST', url: '/core/export/progress', payload: { projectId: w.projectP } };
    },
    template: (w) => ({ method: 'GET', url: `/core/export/template/${w.projectP}` }),
    transferCallback: async (w, ctx) => ({
      method: 'POST',
      url: '/core/export/transfer/callback',
      payload: { projectId: w.projectP, exportId: await sampleExport(w, ctx, 'done'), destination: 'https://archive.example/drop', status: 'delivered' },
    }),
    remove: async (w, ctx) => ({ method: 'DELETE', url: `/core/export/${w.projectP}/${await sampleExport(w, ctx, 'done')}` }),
    cancel: async (w, ctx) => ({ method: 'PUT', url: `/core/export/${w.projectP}/${await sampleExport(w, ctx, 'running')}/cancel` }),
  },
};
