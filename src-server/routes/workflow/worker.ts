import type { FastifyInstance } from 'fastify';
import { workflowRoutes, type WorkingIds } from '../../../src-shared/api/workflow';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import { SubjectsRepository } from '../../repositories/subjects';
import { toTaskSubjectItem } from '../../repositories/taskSubjects';
import { stepOr404, taskSubjectOr404, toStep, type TaskDeps } from '../task/deps';
import { mayOpen } from '../task/work';

/** A worker's views of one step: what they hold, their rework, a subject under review. */
export function registerWorkflowWorker(app: FastifyInstance, d: TaskDeps): void {
  const { ctx } = d;
  const paging = (q: { page?: number; pageSize?: number; afterId?: number }) => ({
    page: q.page ?? 1,
    pageSize: q.pageSize ?? 20,
    ...(q.afterId !== undefined ? { afterId: q.afterId } : {}),
  });

  addRoute(app, workflowRoutes.userSubjects, async (req) => {
    const userId = requireUser(req);
    const step = await stepOr404(d.workflows, accessOf(req).project!.projectId, req.params.workflowId);
    const q = req.query;
    return d.taskSubjects.list({ taskId: step.task_id, workflowId: step.id, holderId: userId, ...(q.state ? { state: q.state } : {}) }, paging(q));
  });

  addRoute(app, workflowRoutes.repairSubjects, async (req) => {
    const userId = requireUser(req);
    const step = await stepOr404(d.workflows, accessOf(req).project!.projectId, req.params.workflowId);
    return d.taskSubjects.list({ taskId: step.task_id, workflowId: step.id, holderId: userId, rework: true }, paging(req.query));
  });

  addRoute(app, workflowRoutes.userWorkingIds, async (req) => {
    const userId = requireUser(req);
    const step = await stepOr404(d.workflows, accessOf(req).project!.projectId, req.params.workflowId, req.query.type);
    const out: WorkingIds = { claimed: [], inProgress: [], skipped: [] };
    for (const r of await d.taskSubjects.heldAt(step.id, userId)) {
      if (r.state === 'claimed' || r.state === 'inProgress' || r.state === 'skipped') out[r.state].push(r.id);
    }
    return out;
  });

  addRoute(app, workflowRoutes.reviewSubject, async (req) => {
    const userId = requireUser(req);
    const project = accessOf(req).project!;
    const step = await stepOr404(d.workflows, project.projectId, req.params.workflowId);
    if (step.type !== 'review') throw new AppError('workflow.notReviewStep');
    const ts = await taskSubjectOr404(d.taskSubjects, step.task_id, req.query.taskSubjectId);
    if (ts.workflow_id !== step.id) throw new AppError('workflow.subjectNotAtStep', { taskSubjectId: ts.id });
    if (!(await mayOpen(d, project, userId, ts))) throw new AppError('task.notStepMember');
    const [subject, memberIds, previous] = await Promise.all([
      new SubjectsRepository(ctx.db).detail(project.projectId, ts.subject_id),
      d.workflows.memberIds([step.id]),
      // annotate (default): the last submission of an annotate step; review: the last pass of an earlier review.
      d.taskSubjects.lastHandOver(ts.id, req.query.type === 'review' ? ['pass'] : ['submit'], step.step_index),
    ]);
    if (!subject) throw new AppError('task.subjectNotFound', { taskSubjectIds: [ts.id] });
    return {
      taskSubject: toTaskSubjectItem(ts),
      step: toStep(step, memberIds.get(step.id) ?? []),
      subject,
      previous: previous
        ? {
            userId: previous.user_id,
            userName: previous.name,
            action: previous.action,
            workflowId: previous.workflow_id,
            stepIndex: previous.step_index,
            activeMs: Number(previous.active_ms),
            objectCount: previous.object_count,
            at: Number(previous.created_at),
          }
        : null,
    };
  });
}
