import type { ServerContext } from '../../../src-server/context';
import { AnnotationsRepository } from '../../../src-server/repositories/annotations';
import { WorkPackagesRepository } from '../../../src-server/repositories/workPackages';
import { taskSubjectRoutes } from '../../../src-shared/api/taskSubject';
import type { World, WorldRole } from '../world';
import { buildTask, type TaskFixture } from '../taskFixture';
import type { SampleGroup } from './types';

/** Everyone of the world with a way into project P (the permission test plays each of them). */
export const projectPlayers = (w: World): number[] =>
  (['owner', 'admin', 'manager', 'reviewer', 'annotator', 'projectManager', 'vendorManager', 'vendorAnnotator'] as const).map((r) => w.users[r].id);

/** A task of project P with an annotate and a review step that every player works at, and `subjects` waiting. */
export const sampleTask = (w: World, ctx: ServerContext, subjects = 2): Promise<TaskFixture> =>
  buildTask(ctx, {
    projectId: w.projectP,
    createdBy: w.users.owner.id,
    steps: [
      { type: 'annotate', members: projectPlayers(w) },
      { type: 'review', members: projectPlayers(w) },
    ],
    subjects,
  });

/** A sample task's first task subject, put where `as` holds it at `step` (or done), and its version. */
export async function heldBy(w: World, ctx: ServerContext, as: WorldRole, step: 0 | 1 | 'done'): Promise<{ t: TaskFixture; id: number; version: number }> {
  const t = await sampleTask(w, ctx);
  const id = t.taskSubjectIds[0]!;
  const at = t.steps[step === 'done' ? 1 : step]!;
  const row = await ctx.db
    .updateTable('task_subjects')
    .set(
      step === 'done'
        ? { workflow_id: at.workflowId, step_index: at.stepIndex, state: 'done', holder_id: null }
        : { workflow_id: at.workflowId, step_index: at.stepIndex, state: 'claimed', holder_id: w.users[as].id, claimed_at: ctx.now() },
    )
    .where('id', '=', id)
    .returning('version')
    .executeTakeFirstOrThrow();
  return { t, id, version: row.version };
}

export const taskSubjectSamples: SampleGroup = {
  routes: taskSubjectRoutes,
  samples: {
    claim: async (w, ctx) => {
      const t = await sampleTask(w, ctx);
      return { method: 'POST', url: '/core/task/subject/claim', payload: { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId } };
    },
    skip: async (w, ctx, as) => {
      const { id, version } = await heldBy(w, ctx, as, 0);
      return { method: 'POST', url: '/core/task/subject/annotate/skip', payload: { taskSubjectId: id, version, reason: 'blurry' } };
    },
    submit: async (w, ctx, as) => {
      const { id, version } = await heldBy(w, ctx, as, 0);
      return { method: 'POST', url: '/core/task/subject/annotate/submit', payload: { taskSubjectId: id, version } };
    },
    release: async (w, ctx, as) => {
      const { id, version } = await heldBy(w, ctx, as, 0);
      return { method: 'POST', url: '/core/task/subject/release', payload: { taskSubjectId: id, version } };
    },
    pass: async (w, ctx, as) => {
      const { id, version } = await heldBy(w, ctx, as, 1);
      return { method: 'POST', url: '/core/task/subject/review/submit', payload: { taskSubjectId: id, version } };
    },
    reject: async (w, ctx, as) => {
      const { id, version } = await heldBy(w, ctx, as, 1);
      return { method: 'POST', url: '/core/task/subject/review/reject', payload: { taskSubjectId: id, version, reason: 'box too loose' } };
    },
    edit: async (w, ctx, as) => {
      const { t, id, version } = await heldBy(w, ctx, as, 'done');
      return { method: 'POST', url: '/core/task/subject/edit', payload: { taskSubjectId: id, workflowId: t.steps[0]!.workflowId, version } };
    },
    isEdit: async (w, ctx, as) => {
      const { t, id } = await heldBy(w, ctx, as, 0);
      return { method: 'POST', url: '/core/task/subject/is/edit', payload: { taskSubjectId: id, workflowId: t.steps[0]!.workflowId } };
    },
    logEdit: async (w, ctx, as) => {
      const { id } = await heldBy(w, ctx, as, 0);
      return { method: 'POST', url: '/core/task/subject/log/edit', payload: { taskSubjectId: id, activeMs: 2000 } };
    },
    saveList: async (w, ctx, as) => {
      const { id } = await heldBy(w, ctx, as, 0);
      return { method: 'POST', url: '/core/task/subject/save/list', payload: { taskSubjectId: id } };
    },
    snapshotList: async (w, ctx, as) => {
      const { id } = await heldBy(w, ctx, as, 1);
      return { method: 'GET', url: `/core/task/subject/snapshot/list?taskSubjectId=${id}` };
    },
    snapshot: async (w, ctx, as) => {
      // What the annotate step handed on: a snapshot kept as a submit keeps one.
      const { id, version } = await heldBy(w, ctx, as, 1);
      await new AnnotationsRepository(ctx.db).snapshot({ taskSubjectId: id, version, stepIndex: 0, action: 'submit', userId: w.users.annotator.id, now: ctx.now() });
      const snap = await ctx.db.selectFrom('annotation_snapshots').select('id').where('task_subject_id', '=', id).executeTakeFirstOrThrow();
      return { method: 'GET', url: `/core/task/subject/snapshot/${snap.id}?taskSubjectId=${id}` };
    },
    log: async (w, ctx, as) => {
      const { id } = await heldBy(w, ctx, as, 0);
      return { method: 'GET', url: `/core/task/subject/log?taskSubjectId=${id}` };
    },
    test: async (w, ctx, as) => {
      const { id } = await heldBy(w, ctx, as, 0);
      return { method: 'GET', url: `/core/task/subject/test/${id}` };
    },
    get: async (w, ctx, as) => {
      const { id } = await heldBy(w, ctx, as, 0);
      return { method: 'GET', url: `/core/task/subject/${id}` };
    },
    takePackage: async (w, ctx) => {
      const t = await sampleTask(w, ctx);
      return { method: 'POST', url: '/core/task/subject/package', payload: { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId, size: 2 } };
    },
    listPackages: (w) => ({ method: 'GET', url: `/core/task/subject/package/list?projectId=${w.projectP}` }),
    returnPackage: async (w, ctx, as) => {
      // A package of the caller's own with one unstarted item: what a holder may always give back.
      const { t, id } = await heldBy(w, ctx, as, 0);
      const now = ctx.now();
      const packageId = await new WorkPackagesRepository(ctx.db, ctx.dialect).create({ projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId, userId: w.users[as].id, now, expiresAt: now + 3600_000 });
      await ctx.db.updateTable('task_subjects').set({ package_id: packageId }).where('id', '=', id).execute();
      return { method: 'POST', url: '/core/task/subject/package/return', payload: { projectId: w.projectP, packageId } };
    },
    listDetail: async (w, ctx) => {
      const t = await sampleTask(w, ctx);
      return { method: 'GET', url: `/core/task/subject/list/detail?projectId=${w.projectP}&taskId=${t.taskId}&state=pending` };
    },
  },
};
