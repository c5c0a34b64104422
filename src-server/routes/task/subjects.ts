import type { FastifyInstance } from 'fastify';
import { TASK_SUBJECT_ID_LIST_MAX, taskRoutes, type StepCounts, type StepType } from '../../../src-shared/api/task';
import type { TaskSubjectState } from '../../../src-shared/model/taskSubjectFlow';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import { assertWorkInReach } from '../../auth/workReach';
import { SubjectsRepository } from '../../repositories/subjects';
import { TasksRepository } from '../../repositories/tasks';
import { WorkflowsRepository } from '../../repositories/workflows';
import { TaskSubjectsRepository, type TaskSubjectFilters } from '../../repositories/taskSubjects';
import { addToState, emptyStates } from './counts';
import { announce, stepOr404, taskOr404, uniqueIds, type TaskDeps } from './deps';

/** The list filters of a request; a workflowId must be a step of this task. */
async function filtersOf(
  d: TaskDeps,
  task: { id: number; project_id: number },
  q: { workflowId?: number; state?: TaskSubjectState; holderId?: number; rework?: boolean; dataId?: number },
): Promise<TaskSubjectFilters> {
  if (q.workflowId !== undefined) {
    const step = await stepOr404(d.workflows, task.project_id, q.workflowId);
    if (step.task_id !== task.id) throw new AppError('workflow.notFound', { workflowId: q.workflowId });
  }
  return {
    taskId: task.id,
    ...(q.workflowId !== undefined ? { workflowId: q.workflowId } : {}),
    ...(q.state !== undefined ? { state: q.state } : {}),
    ...(q.holderId !== undefined ? { holderId: q.holderId } : {}),
    ...(q.rework !== undefined ? { rework: q.rework } : {}),
    ...(q.dataId !== undefined ? { dataId: q.dataId } : {}),
  };
}

/** Adding, removing, listing and counting a task's subjects. */
export function registerTaskSubjects(app: FastifyInstance, d: TaskDeps): void {
  const { ctx } = d;

  /** Adds subjects known to be the project's, pending at the first step; answers how many were new. */
  const addKnown = async (projectId: number, taskId: number, subjectIds: number[]) => {
    const added = await ctx.db.transaction().execute(async (trx) => {
      if (!(await new TasksRepository(trx).lock(projectId, taskId))) throw new AppError('task.notFound', { taskId });
      const first = (await new WorkflowsRepository(trx).stepsOf(taskId))[0]!;
      return new TaskSubjectsRepository(trx).add({ id: taskId, projectId, firstWorkflowId: first.id }, { subjectIds }, ctx.now());
    });
    if (added > 0) await announce(ctx, { id: taskId, projectId }, 'subjects');
    return { added, total: await d.taskSubjects.count(taskId) };
  };

  addRoute(app, taskRoutes.addSubjects, async (req) => {
    const { projectId } = accessOf(req).project!;
    const task = await taskOr404(d.tasks, projectId, req.params.id);
    const ids = uniqueIds(req.body.subjectIds);
    const found = new Set(await new SubjectsRepository(ctx.db).idsInProject(projectId, ids));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw new AppError('subject.notFound', { dataIds: missing });
    return { taskId: task.id, ...(await addKnown(projectId, task.id, ids)), notFound: [] };
  });

  addRoute(app, taskRoutes.importSubjects, async (req) => {
    const { projectId } = accessOf(req).project!;
    const task = await taskOr404(d.tasks, projectId, req.params.id);
    const ids = uniqueIds(req.body.dataIds);
    const found = new Set(await new SubjectsRepository(ctx.db).idsInProject(projectId, ids));
    // An import reports what it could not find instead of refusing the rest.
    const notFound = ids.filter((id) => !found.has(id));
    return { taskId: task.id, ...(await addKnown(projectId, task.id, [...found])), notFound };
  });

  addRoute(app, taskRoutes.removeSubjects, async (req) => {
    const project = accessOf(req).project!;
    const { projectId } = project;
    const task = await taskOr404(d.tasks, projectId, req.params.id);
    const ids = uniqueIds(req.query.taskSubjectIds);
    await ctx.db.transaction().execute(async (trx) => {
      const taskSubjects = new TaskSubjectsRepository(trx);
      const rows = await taskSubjects.lockMany(task.id, ids);
      const present = new Set(rows.map((r) => r.id));
      const missing = ids.filter((id) => !present.has(id));
      // All or nothing, as every batch call: one unknown or finished item removes none.
      if (missing.length > 0) throw new AppError('task.subjectNotFound', { taskSubjectIds: missing });
      const done = rows.filter((r) => r.state === 'done').map((r) => r.id);
      if (done.length > 0) throw new AppError('task.subjectDone', { taskSubjectIds: done });
      // Removing takes an item from its holder: a vendor member managing the project only their own team's (auth/workReach.ts).
      await assertWorkInReach(trx, project, rows);
      await taskSubjects.remove(task.id, ids);
    });
    await announce(ctx, { id: task.id, projectId }, 'subjects');
    return null;
  });

  addRoute(app, taskRoutes.countAtStep, async (req) => {
    const { projectId } = accessOf(req).project!;
    const task = await taskOr404(d.tasks, projectId, req.params.id);
    const step = await stepOr404(d.workflows, projectId, req.query.workflowId);
    if (step.task_id !== task.id) throw new AppError('workflow.notFound', { workflowId: step.id });
    const counts: StepCounts = {
      workflowId: step.id, stepIndex: step.step_index, type: step.type as StepType, name: step.name,
      total: 0, rework: 0, states: emptyStates(),
    };
    for (const c of await d.taskSubjects.countsAt(step.id)) {
      if (!addToState(counts.states, c.state, c.n)) continue;
      counts.total += c.n;
      if (c.rework) counts.rework += c.n;
    }
    return counts;
  });

  addRoute(app, taskRoutes.subjectIds, async (req) => {
    const { projectId } = accessOf(req).project!;
    const task = await taskOr404(d.tasks, projectId, req.params.id);
    return d.taskSubjects.ids(await filtersOf(d, task, req.query), TASK_SUBJECT_ID_LIST_MAX);
  });

  const list = async (projectId: number, taskId: number, q: Parameters<typeof filtersOf>[2] & { page?: number; pageSize?: number; afterId?: number }) => {
    const task = await taskOr404(d.tasks, projectId, taskId);
    return d.taskSubjects.list(await filtersOf(d, task, q), { page: q.page ?? 1, pageSize: q.pageSize ?? 20, ...(q.afterId !== undefined ? { afterId: q.afterId } : {}) });
  };

  addRoute(app, taskRoutes.subjectList, async (req) => list(accessOf(req).project!.projectId, req.params.id, req.query));

  addRoute(app, taskRoutes.subjectListV2, async (req) => {
    const page = await list(accessOf(req).project!.projectId, req.params.id, req.query);
    return { ...page, list: await d.taskSubjects.views(page.list) };
  });
}
