import type { FastifyInstance } from 'fastify';
import { workflowRoutes } from '../../../src-shared/api/workflow';
import type { StepType } from '../../../src-shared/api/task';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import { TasksRepository } from '../../repositories/tasks';
import { WorkflowsRepository } from '../../repositories/workflows';
import { TaskSubjectsRepository } from '../../repositories/taskSubjects';
import { announce, configText, stepDetails, stepOr404, uniqueIds, type TaskDeps } from '../task/deps';
import { assertEligible, assertWorkflow, stepNameOf } from './stepRules';

/**
 * Adding and removing steps of a task. Both run with the task row locked, so two changes to
 * one task's steps (or a move of its subjects) never interleave.
 */
export function registerWorkflowSteps(app: FastifyInstance, d: TaskDeps): void {
  const { ctx } = d;

  addRoute(app, workflowRoutes.create, async (req) => {
    const { projectId } = accessOf(req).project!;
    const body = req.body;
    const config = configText(body.config ?? {}, 'workflow.configTooLarge');
    const now = ctx.now();
    const id = await ctx.db.transaction().execute(async (trx) => {
      const tasks = new TasksRepository(trx);
      if (!(await tasks.lock(projectId, body.taskId))) throw new AppError('task.notFound', { taskId: body.taskId });
      const workflows = new WorkflowsRepository(trx);
      const steps = await workflows.stepsOf(body.taskId);
      const position = body.afterStep === undefined ? steps.length : body.afterStep + 1;
      if (position > steps.length) throw new AppError('workflow.badPosition', { afterStep: body.afterStep, stepCount: steps.length });
      const types = steps.map((s) => s.type as StepType);
      assertWorkflow([...types.slice(0, position), body.type, ...types.slice(position)]);
      // A task subject at or past the position (or done) has gone by it: it would skip the new
      // step, and its step index would go stale. Steps are added ahead of the work only.
      const reached = await new TaskSubjectsRepository(trx).countReached(body.taskId, position);
      if (reached > 0) throw new AppError('workflow.subjectsPastStep', { count: reached });
      await assertEligible(workflows, projectId, body.memberIds);
      await workflows.shift(body.taskId, position, 1);
      const [stepId] = await workflows.insert(
        { id: body.taskId, projectId },
        [{ type: body.type, name: stepNameOf(body.name), config, memberIds: uniqueIds(body.memberIds) }],
        position,
        now,
      );
      await tasks.update(body.taskId, {}, now);
      return stepId!;
    });
    await announce(ctx, { id: body.taskId, projectId }, 'workflow');
    return (await stepDetails(d.workflows, [await stepOr404(d.workflows, projectId, id)]))[0]!;
  });

  addRoute(app, workflowRoutes.remove, async (req) => {
    const { projectId } = accessOf(req).project!;
    const step = await stepOr404(d.workflows, projectId, req.params.workflowId);
    await ctx.db.transaction().execute(async (trx) => {
      const tasks = new TasksRepository(trx);
      await tasks.lock(projectId, step.task_id);
      const workflows = new WorkflowsRepository(trx);
      const steps = await workflows.stepsOf(step.task_id);
      // Read again under the lock: the step may have moved or gone meanwhile.
      const current = steps.find((s) => s.id === step.id);
      if (!current) throw new AppError('workflow.notFound', { workflowId: step.id });
      const rest = steps.filter((s) => s.id !== step.id).map((s) => s.type as StepType);
      if (rest.length === 0) throw new AppError('workflow.lastStep');
      assertWorkflow(rest);
      const taskSubjects = new TaskSubjectsRepository(trx);
      const atStep = await taskSubjects.countAt(step.id);
      if (atStep > 0) throw new AppError('workflow.stepInUse', { count: atStep });
      await workflows.remove(step.id);
      await workflows.shift(step.task_id, current.step_index + 1, -1);
      await taskSubjects.shiftDown(step.task_id, current.step_index);
      await tasks.update(step.task_id, {}, ctx.now());
    });
    await announce(ctx, { id: step.task_id, projectId }, 'workflow');
    return null;
  });
}
