import { taskRoutes } from '../../../src-shared/api/task';
import type { ServerContext } from '../../../src-server/context';
import type { World } from '../world';
import type { SampleGroup } from './types';
import { seededBatch } from './subject';

export interface SeededTask {
  taskId: number;
  /** workflow ids: annotate, review, a second review nothing has reached */
  stepIds: [number, number, number];
  /** pending at the annotate step, claimed there by the annotator, pending at the first review */
  taskSubjectIds: [number, number, number];
  batchId: number;
  subjectIds: number[];
}

/**
 * Project P with a task written straight to the database: three subjects, an annotate step and
 * two review steps whose members are every worker of the world (annotator, reviewer, vendor
 * annotator), and one task subject in each interesting place.
 */
export async function seededTask(ctx: ServerContext, w: World, name = 'Seeded task'): Promise<SeededTask> {
  const { db } = ctx;
  const now = ctx.now();
  const { batchId, subjectIds } = await seededBatch(ctx, w.projectP, w.users.owner.id, 3, `${name} batch`);
  const taskId = (
    await db.insertInto('tasks').values({ project_id: w.projectP, name, created_by: w.users.owner.id, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()
  ).id;
  const workers = [w.users.annotator.id, w.users.reviewer.id, w.users.vendorAnnotator.id];
  const stepIds: number[] = [];
  for (const [i, type] of (['annotate', 'review', 'review'] as const).entries()) {
    const id = (
      await db.insertInto('workflows').values({ task_id: taskId, project_id: w.projectP, step_index: i, type, name: `${type} ${i + 1}`, created_at: now }).returning('id').executeTakeFirstOrThrow()
    ).id;
    await db.insertInto('workflow_members').values(workers.map((user_id) => ({ workflow_id: id, user_id }))).execute();
    stepIds.push(id);
  }
  const place = [
    { step: 0, state: 'pending', holder: null },
    { step: 0, state: 'claimed', holder: w.users.annotator.id },
    { step: 1, state: 'pending', holder: null },
  ] as const;
  const taskSubjectIds: number[] = [];
  for (const [i, p] of place.entries()) {
    const row = await db
      .insertInto('task_subjects')
      .values({
        task_id: taskId, project_id: w.projectP, subject_id: subjectIds[i]!, workflow_id: stepIds[p.step]!, step_index: p.step,
        state: p.state, holder_id: p.holder, claimed_at: p.holder ? now : null, created_at: now, updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    taskSubjectIds.push(row.id);
  }
  return { taskId, stepIds: stepIds as SeededTask['stepIds'], taskSubjectIds: taskSubjectIds as SeededTask['taskSubjectIds'], batchId, subjectIds };
}

/** A GET on a route under P's seeded task, with the project and any further query. */
const onTask = (path: string, query: (t: SeededTask) => string = () => '') => async (w: World, ctx: ServerContext) => {
  const t = await seededTask(ctx, w);
  return { method: 'GET' as const, url: `/core/task/${t.taskId}${path}?projectId=${w.projectP}${query(t)}` };
};

export const taskSamples: SampleGroup = {
  routes: taskRoutes,
  samples: {
    create: async (w, ctx) => {
      const { batchId } = await seededBatch(ctx, w.projectP, w.users.owner.id, 2);
      return {
        method: 'POST',
        url: '/core/task',
        payload: {
          projectId: w.projectP, name: 'Street signs', batchIds: [batchId],
          workflow: { steps: [{ type: 'annotate', memberIds: [w.users.annotator.id] }, { type: 'review', memberIds: [w.users.reviewer.id] }] },
        },
      };
    },
    addBatches: async (w, ctx) => {
      const t = await seededTask(ctx, w);
      const { batchId } = await seededBatch(ctx, w.projectP, w.users.owner.id, 2, 'More');
      return { method: 'POST', url: '/core/task/batch', payload: { projectId: w.projectP, taskId: t.taskId, batchIds: [batchId, t.batchId] } };
    },
    get: onTask(''),
    update: async (w, ctx) => {
      const t = await seededTask(ctx, w);
      return { method: 'PUT', url: `/core/task/${t.taskId}`, payload: { projectId: w.projectP, name: 'Renamed', status: 'closed' } };
    },
    remove: async (w, ctx) => {
      const t = await seededTask(ctx, w);
      return { method: 'DELETE', url: `/core/task/${t.taskId}?projectId=${w.projectP}` };
    },
    menu: onTask('/annotate/menu/list'),
    annotateSubject: onTask('/annotate/subject', (t) => `&taskSubjectId=${t.taskSubjectIds[0]}&type=annotate`),
    bootState: onTask('/boot/state'),
    clone: async (w, ctx) => {
      const t = await seededTask(ctx, w);
      return { method: 'POST', url: `/core/task/${t.taskId}/cloneTask`, payload: { projectId: w.projectP, name: 'Copy' } };
    },
    configurableWorkflow: onTask('/configurable/workflow'),
    getConfig: onTask('/configuration'),
    putConfig: async (w, ctx) => {
      const t = await seededTask(ctx, w);
      return { method: 'PUT', url: `/core/task/${t.taskId}/configuration`, payload: { projectId: w.projectP, config: { autoSave: true } } };
    },
    overview: onTask('/overview'),
    addSubjects: async (w, ctx) => {
      const t = await seededTask(ctx, w);
      const { subjectIds } = await seededBatch(ctx, w.projectP, w.users.owner.id, 1, 'One more');
      return { method: 'POST', url: `/core/task/${t.taskId}/subject`, payload: { projectId: w.projectP, subjectIds } };
    },
    removeSubjects: async (w, ctx) => {
      const t = await seededTask(ctx, w);
      return { method: 'DELETE', url: `/core/task/${t.taskId}/subject?projectId=${w.projectP}&taskSubjectIds=${t.taskSubjectIds[0]}` };
    },
    countAtStep: onTask('/subject/count/v2', (t) => `&workflowId=${t.stepIds[0]}`),
    subjectIds: onTask('/subject/id/list', () => '&state=pending'),
    importSubjects: async (w, ctx) => {
      const t = await seededTask(ctx, w);
      const { subjectIds } = await seededBatch(ctx, w.projectP, w.users.owner.id, 1, 'Imported');
      return { method: 'POST', url: `/core/task/${t.taskId}/subject/import`, payload: { projectId: w.projectP, dataIds: subjectIds } };
    },
    subjectList: onTask('/subject/list', () => '&pageSize=10'),
    subjectListV2: onTask('/subject/v2', () => '&pageSize=10'),
    worker: onTask('/worker', () => '&type=review'),
    workflow: onTask('/workflow'),
    changeWorkflow: async (w, ctx) => {
      const t = await seededTask(ctx, w);
      // Held by the vendor's annotator, whose work every dispatching role may move (a vendor's manager only their own team's).
      await ctx.db.updateTable('task_subjects').set({ holder_id: w.users.vendorAnnotator.id }).where('id', '=', t.taskSubjectIds[1]).execute();
      return { method: 'POST', url: `/core/task/${t.taskId}/subject/change/workflow`, payload: { projectId: w.projectP, workflowId: t.stepIds[1], taskSubjectIds: [t.taskSubjectIds[0], t.taskSubjectIds[1]] } };
    },
    subjectWork: async (w, ctx) => {
      const t = await seededTask(ctx, w);
      return { method: 'GET', url: `/core/task/${t.taskId}/subject/work/${t.taskSubjectIds[1]}?projectId=${w.projectP}` };
    },
    projectTasks: async (w, ctx) => {
      await seededTask(ctx, w);
      return { method: 'GET', url: `/core/project/${w.projectP}/task?pageSize=10` };
    },
    projectTaskIds: async (w, ctx) => {
      await seededTask(ctx, w);
      return { method: 'GET', url: `/core/project/${w.projectP}/task/id` };
    },
    projectWorkTasks: async (w, ctx) => {
      await seededTask(ctx, w);
      return { method: 'GET', url: `/core/project/${w.projectP}/tasks` };
    },
  },
};
