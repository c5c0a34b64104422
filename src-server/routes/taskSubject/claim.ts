import type { FastifyInstance } from 'fastify';
import { taskSubjectRoutes } from '../../../src-shared/api/taskSubject';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { publishMoved, type TaskSubjectDeps } from './deps';

/** Claim-next and the task's task-subject list: calls that name a task (and its project). */
export function registerClaim(app: FastifyInstance, d: TaskSubjectDeps): void {
  const { ctx } = d;

  addRoute(app, taskSubjectRoutes.claim, async (req) => {
    const userId = requireUser(req);
    const { projectId } = accessOf(req).project!;
    const { taskId, workflowId, exclude } = req.body;
    const task = await d.claims.context(taskId, projectId, userId, exclude);
    if (!task) throw new AppError('task.notFound');
    const { steps } = task;
    const step = steps.find((s) => s.workflowId === workflowId);
    if (!step) throw new AppError('taskSubject.stepNotFound', { workflowId });
    if (!step.member) throw new AppError('taskSubject.notStepMember');

    // Finish what you hold before taking more: a reload or a second device gets the same one.
    const held = step.heldId === null ? undefined : await d.claims.row(step.heldId);
    if (held) return d.views.card(held, steps);
    // A closed task hands out nothing new; what is held can still be finished.
    if (!task.open) throw new AppError('taskSubject.taskClosed');
    const claimed = await d.claims.claimNext({ step, steps, userId, now: ctx.now() });
    if (!claimed) return null;
    const [card] = await Promise.all([d.views.card(claimed, steps), publishMoved(ctx, claimed, 'claim')]);
    return card;
  });

  addRoute(app, taskSubjectRoutes.listDetail, async (req) => {
    const { projectId } = accessOf(req).project!;
    if (!(await d.steps.taskInProject(req.query.taskId, projectId))) throw new AppError('task.notFound');
    return d.views.listDetail(req.query);
  });
}
