import { batchRoutes } from '../../../src-shared/api/batch';
import type { SampleGroup } from './types';
import { seededBatch, uploadedImage } from './subject';

export const batchSamples: SampleGroup = {
  routes: batchRoutes,
  samples: {
    create: async (w, ctx) => ({
      method: 'POST',
      url: '/core/batch',
      payload: { projectId: w.projectP, name: 'Street scenes', remark: 'camera 1', subjects: [await uploadedImage(ctx, w.projectP, 'crossing.jpg')] },
    }),
    update: async (w, ctx) => {
      const { batchId } = await seededBatch(ctx, w.projectP, w.users.owner.id);
      return { method: 'PUT', url: '/core/batch', payload: { id: batchId, projectId: w.projectP, name: 'Renamed batch' } };
    },
    removeMany: async (w, ctx) => {
      const { batchId } = await seededBatch(ctx, w.projectP, w.users.owner.id);
      return { method: 'DELETE', url: `/core/batch?projectId=${w.projectP}&ids=${batchId}` };
    },
    beforehand: async (w, ctx) => {
      await seededBatch(ctx, w.projectP, w.users.owner.id);
      const s = await ctx.db.selectFrom('subjects').select('content_hash').where('project_id', '=', w.projectP).executeTakeFirstOrThrow();
      return { method: 'POST', url: '/core/batch/beforehand', payload: { projectId: w.projectP, contentHashes: [s.content_hash, 'ab'.repeat(32)] } };
    },
    list: async (w, ctx) => {
      await seededBatch(ctx, w.projectP, w.users.owner.id);
      return { method: 'POST', url: '/core/batch/list', payload: { projectId: w.projectP, page: 1, pageSize: 10 } };
    },
    count: (w) => ({ method: 'POST', url: '/core/batch/query/batchCount', payload: { projectId: w.projectP } }),
    nameCheck: (w) => ({ method: 'POST', url: '/core/batch/query/batchName', payload: { projectId: w.projectP, name: 'Street scenes' } }),
    get: async (w, ctx) => {
      const { batchId } = await seededBatch(ctx, w.projectP, w.users.owner.id);
      return { method: 'GET', url: `/core/batch/${batchId}?projectId=${w.projectP}` };
    },
    updateById: async (w, ctx) => {
      const { batchId } = await seededBatch(ctx, w.projectP, w.users.owner.id);
      return { method: 'PUT', url: `/core/batch/${batchId}`, payload: { projectId: w.projectP, remark: 'second camera' } };
    },
  },
};
