import type { ServerContext } from '../../../src-server/context';
import { dispatchRoutes } from '../../../src-shared/api/dispatch';
import type { World } from '../world';
import { sampleTask } from './taskSubject';
import type { SampleGroup } from './types';

/** A dispatch of one task subject to the vendor annotator (whom every dispatching role may reach). */
async function sampleDispatch(w: World, ctx: ServerContext) {
  const t = await sampleTask(w, ctx);
  const now = ctx.now();
  const taskSubjectId = t.taskSubjectIds[0]!;
  await ctx.db.updateTable('task_subjects').set({ state: 'claimed', holder_id: w.users.vendorAnnotator.id, claimed_at: now, version: 1 }).where('id', '=', taskSubjectId).execute();
  const d = await ctx.db
    .insertInto('dispatches')
    .values({ task_id: t.taskId, workflow_id: t.steps[0]!.workflowId, target_user_id: w.users.vendorAnnotator.id, created_by: w.users.owner.id, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db.insertInto('dispatch_items').values({ dispatch_id: d.id, task_subject_id: taskSubjectId }).execute();
  return { t, dispatchId: d.id };
}

export const dispatchSamples: SampleGroup = {
  routes: dispatchRoutes,
  samples: {
    create: async (w, ctx) => {
      const t = await sampleTask(w, ctx);
      return { method: 'POST', url: '/core/taskSubjectDispatch', payload: { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId, targetUserId: w.users.vendorAnnotator.id, count: 1 } };
    },
    cancel: async (w, ctx) => {
      const { t, dispatchId } = await sampleDispatch(w, ctx);
      return { method: 'PUT', url: `/core/taskSubjectDispatch/${dispatchId}/cancel`, payload: { projectId: w.projectP, taskId: t.taskId } };
    },
    detail: async (w, ctx) => {
      const { t, dispatchId } = await sampleDispatch(w, ctx);
      return { method: 'GET', url: `/core/taskSubjectDispatch/${dispatchId}/detail?projectId=${w.projectP}&taskId=${t.taskId}` };
    },
    list: async (w, ctx) => {
      const { t } = await sampleDispatch(w, ctx);
      return { method: 'POST', url: `/core/taskSubjectDispatch/${t.taskId}`, payload: { projectId: w.projectP } };
    },
    targets: async (w, ctx) => {
      const t = await sampleTask(w, ctx);
      return { method: 'GET', url: `/core/taskSubjectDispatch/${t.taskId}/target?projectId=${w.projectP}&workflowId=${t.steps[0]!.workflowId}` };
    },
  },
};
