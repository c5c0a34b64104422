import type { FastifyInstance } from 'fastify';
import { taskRoutes, type StepType, type TaskStatus, type TaskWork, type WorkStep } from '../../../src-shared/api/task';
import { projectRoleMay } from '../../../src-shared/model/permissions';
import { availableActions, type TaskSubjectState } from '../../../src-shared/model/taskSubjectFlow';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import { outOfReach } from '../../auth/workReach';
import type { ProjectAccess } from '../../repositories/access';
import type { TaskRow } from '../../repositories/tasks';
import type { WorkflowRow } from '../../repositories/workflows';
import { SubjectsRepository } from '../../repositories/subjects';
import { toTaskSubjectItem, type TaskSubjectRow } from '../../repositories/taskSubjects';
import { taskOr404, taskSubjectOr404, toStep, type TaskDeps } from './deps';

/** The caller's steps in these tasks: what waits at each, what they hold there. */
export async function workOf(d: TaskDeps, userId: number, tasks: readonly (TaskRow & { project_name: string })[]): Promise<TaskWork[]> {
  const taskIds = tasks.map((t) => t.id);
  const steps = await d.workflows.stepsWithMember(userId, taskIds);
  const [pending, held] = await Promise.all([d.taskSubjects.pendingAt(steps.map((s) => s.id)), d.taskSubjects.heldByUser(userId, taskIds)]);
  const byStep = new Map<number, WorkStep>(
    steps.map((s) => [s.id, { workflowId: s.id, stepIndex: s.step_index, type: s.type as StepType, name: s.name, pending: pending.get(s.id) ?? 0, held: 0, skipped: 0, rework: 0, leased: 0 }]),
  );
  for (const h of held) {
    const ws = byStep.get(h.workflowId);
    if (!ws) continue;
    if (h.state === 'skipped') ws.skipped += h.n;
    else {
      ws.held += h.n;
      ws.leased += h.leased;
      if (h.rework) ws.rework += h.n;
    }
  }
  return tasks.map((t) => ({
    taskId: t.id,
    projectId: t.project_id,
    projectName: t.project_name,
    name: t.name,
    status: t.status as TaskStatus,
    steps: steps.filter((s) => s.task_id === t.id).map((s) => byStep.get(s.id)!),
  }));
}

/**
 * Whether the caller may open a task subject: they hold it, are a member of its step, or
 * dispatch work in the project (managers look at anyone's work).
 */
export async function mayOpen(d: TaskDeps, project: ProjectAccess, userId: number, ts: TaskSubjectRow): Promise<boolean> {
  if (ts.holder_id === userId || projectRoleMay(project.role, 'project.task.dispatch')) return true;
  return d.workflows.isMember(ts.workflow_id, userId);
}

/** The step a task subject is at, from the task's steps. */
function stepAt(steps: readonly WorkflowRow[], ts: TaskSubjectRow): WorkflowRow {
  const step = steps.find((s) => s.id === ts.workflow_id);
  // The foreign key keeps a task subject's step in existence; a miss is a step of another task.
  if (!step) throw new AppError('task.subjectNotFound', { taskSubjectIds: [ts.id] });
  return step;
}

/** The caller's work queue, their menu in a task, and a task subject as they work on it. */
export function registerTaskWork(app: FastifyInstance, d: TaskDeps): void {
  const { ctx } = d;

  addRoute(app, taskRoutes.workList, async (req) => {
    const userId = requireUser(req);
    const body = req.body;
    const candidates = await d.workflows.projectsWithMember(userId, body.projectId !== undefined ? [body.projectId] : undefined);
    // Step membership outlives a way into the project (a member who left the team): ask again.
    const allowed: number[] = [];
    for (const projectId of candidates) {
      const access = await ctx.repos.access.projectAccess(projectId, userId);
      if (access && projectRoleMay(access.role, 'project.task.work')) allowed.push(projectId);
    }
    const page = body.page ?? 1;
    const pageSize = body.pageSize ?? 20;
    const { rows, total } = await d.tasks.openWithMember(userId, allowed, { page, pageSize });
    return { list: await workOf(d, userId, rows), total, page, pageSize };
  });

  addRoute(app, taskRoutes.projectWorkTasks, async (req) => {
    const userId = requireUser(req);
    const { rows } = await d.tasks.openWithMember(userId, [accessOf(req).project!.projectId]);
    return workOf(d, userId, rows);
  });

  addRoute(app, taskRoutes.menu, async (req) => {
    const userId = requireUser(req);
    const task = await taskOr404(d.tasks, accessOf(req).project!.projectId, req.params.id);
    const [work] = await workOf(d, userId, [{ ...task, project_name: '' }]);
    return work!.steps;
  });

  addRoute(app, taskRoutes.annotateSubject, async (req) => {
    const userId = requireUser(req);
    const project = accessOf(req).project!;
    const task = await taskOr404(d.tasks, project.projectId, req.params.id);
    const ts = await taskSubjectOr404(d.taskSubjects, task.id, req.query.taskSubjectId);
    const step = stepAt(await d.workflows.stepsOf(task.id), ts);
    if (req.query.type !== undefined && step.type !== req.query.type) throw new AppError('task.wrongStepType', { type: step.type });
    if (!(await mayOpen(d, project, userId, ts))) throw new AppError('task.notStepMember');
    const subject = await new SubjectsRepository(ctx.db).detail(project.projectId, ts.subject_id);
    if (!subject) throw new AppError('task.subjectNotFound', { taskSubjectIds: [ts.id] });
    const memberIds = await d.workflows.memberIds([step.id]);
    return { taskSubject: toTaskSubjectItem(ts), step: toStep(step, memberIds.get(step.id) ?? []), subject };
  });

  addRoute(app, taskRoutes.subjectWork, async (req) => {
    const userId = requireUser(req);
    const project = accessOf(req).project!;
    const task = await taskOr404(d.tasks, project.projectId, req.params.taskId);
    const ts = await taskSubjectOr404(d.taskSubjects, task.id, req.params.taskSubjectId);
    const steps = await d.workflows.stepsOf(task.id);
    const step = stepAt(steps, ts);
    const memberIds = (await d.workflows.memberIds([step.id])).get(step.id) ?? [];
    const member = memberIds.includes(userId);
    // Manager actions are offered only on work in the caller's reach (auth/workReach.ts), as the routes decide.
    const actorManages = projectRoleMay(project.role, 'project.task.dispatch') && (await outOfReach(ctx.db, project, [ts])).length === 0;
    const position = { step: ts.step_index, state: ts.state as TaskSubjectState, holderId: ts.holder_id, rework: Number(ts.rework) === 1 };
    const actions = availableActions(position, { steps: steps.map((s) => s.type as StepType), actorId: userId, actorManages })
      // The flow lets anyone claim a pending item; the queue is the step members' own.
      .filter((a) => a !== 'claim' || member);
    return { taskSubject: toTaskSubjectItem(ts), step: toStep(step, memberIds), stepCount: steps.length, member, availableActions: actions };
  });
}
