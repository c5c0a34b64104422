import type { FastifyInstance } from 'fastify';
import { taskRoutes, type StepType } from '../../../src-shared/api/task';
import { transition, type TaskSubjectState } from '../../../src-shared/model/taskSubjectFlow';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import { assertWorkInReach } from '../../auth/workReach';
import { TasksRepository } from '../../repositories/tasks';
import { WorkflowsRepository } from '../../repositories/workflows';
import { TaskSubjectsRepository } from '../../repositories/taskSubjects';
import { appendMany } from '../../repositories/taskSubjectLog';
import { announce, uniqueIds, type TaskDeps } from './deps';

/** A manager moving task subjects to another step of their task. */
export function registerTaskMove(app: FastifyInstance, d: TaskDeps): void {
  const { ctx } = d;

  addRoute(app, taskRoutes.changeWorkflow, async (req) => {
    const userId = requireUser(req);
    const project = accessOf(req).project!;
    const { projectId } = project;
    const taskId = req.params.taskId;
    const ids = uniqueIds(req.body.taskSubjectIds);
    const now = ctx.now();
    await ctx.db.transaction().execute(async (trx) => {
      // The task row first: steps cannot be added or removed under the move.
      if (!(await new TasksRepository(trx).lock(projectId, taskId))) throw new AppError('task.notFound', { taskId });
      const steps = await new WorkflowsRepository(trx).stepsOf(taskId);
      const target = steps.find((s) => s.id === req.body.workflowId);
      if (!target) throw new AppError('workflow.notFound', { workflowId: req.body.workflowId });
      const taskSubjects = new TaskSubjectsRepository(trx);
      const rows = await taskSubjects.lockMany(taskId, ids);
      const present = new Set(rows.map((r) => r.id));
      const missing = ids.filter((id) => !present.has(id));
      if (missing.length > 0) throw new AppError('task.subjectNotFound', { taskSubjectIds: missing });
      // Moving takes an item from its holder (or undoes a finished one): a vendor's manager only their own team's.
      await assertWorkInReach(trx, project, rows);
      const types = steps.map((s) => s.type as StepType);
      // The flow decides each move (src-shared/model/taskSubjectFlow.ts); a manager's move to
      // a step of the task is always allowed, and lands pending, unheld, no longer rework.
      for (const r of rows) {
        const pos = { step: r.step_index, state: r.state as TaskSubjectState, holderId: r.holder_id, rework: Number(r.rework) === 1 };
        const out = transition(pos, 'move', { steps: types, actorId: userId, actorManages: true, targetStep: target.step_index });
        if (!out.ok) throw new AppError('workflow.notFound', { workflowId: target.id });
      }
      await taskSubjects.moveTo(taskId, ids, { workflowId: target.id, stepIndex: target.step_index }, now);
      await appendMany(
        trx,
        rows.map((r) => ({ taskSubject: r, userId, action: 'move' as const, from: r.state as TaskSubjectState, to: 'pending' as const, reason: req.body.reason ?? '', now })),
      );
    });
    await announce(ctx, { id: taskId, projectId }, 'subjects');
    return { moved: ids.length };
  });
}
