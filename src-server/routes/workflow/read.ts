import type { FastifyInstance } from 'fastify';
import { workflowRoutes } from '../../../src-shared/api/workflow';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { WorkflowsRepository } from '../../repositories/workflows';
import { AppError } from '../../errors';
import { usersOutOfReach } from '../../auth/workReach';
import { announce, configText, stepDetails, stepOr404, stepsWithMemberIds, type TaskDeps } from '../task/deps';
import { assertEligible } from './stepRules';

/** Reading and changing one step, its members, and the steps of a whole project. */
export function registerWorkflowRead(app: FastifyInstance, d: TaskDeps): void {
  const { ctx } = d;
  const projectIdOf = (req: Parameters<typeof accessOf>[0]) => accessOf(req).project!.projectId;
  const detail = async (projectId: number, id: number) => (await stepDetails(d.workflows, [await stepOr404(d.workflows, projectId, id)]))[0]!;

  addRoute(app, workflowRoutes.get, async (req) => {
    const projectId = projectIdOf(req);
    const step = await stepOr404(d.workflows, projectId, req.params.workflowId, req.query.type);
    return (await stepDetails(d.workflows, [step]))[0]!;
  });

  addRoute(app, workflowRoutes.update, async (req) => {
    const projectId = projectIdOf(req);
    const step = await stepOr404(d.workflows, projectId, req.params.workflowId);
    const body = req.body;
    await d.workflows.update(step.id, {
      ...(body.name !== undefined ? { name: body.name.trim() } : {}),
      ...(body.config !== undefined ? { config: configText(body.config, 'workflow.configTooLarge') } : {}),
    });
    await announce(ctx, { id: step.task_id, projectId }, 'workflow');
    return detail(projectId, step.id);
  });

  addRoute(app, workflowRoutes.assignment, async (req) => {
    const project = accessOf(req).project!;
    const { projectId } = project;
    const step = await stepOr404(d.workflows, projectId, req.body.workflowId);
    await ctx.db.transaction().execute(async (trx) => {
      const workflows = new WorkflowsRepository(trx);
      await assertEligible(workflows, projectId, req.body.memberIds);
      // Taking someone off a step stops them handing on what they hold there: a vendor member
      // managing the project takes off only their own team's members (auth/workReach.ts).
      const kept = new Set(req.body.memberIds);
      const removed = ((await workflows.memberIds([step.id])).get(step.id) ?? []).filter((id) => !kept.has(id));
      const outside = await usersOutOfReach(trx, project, removed);
      if (outside.length > 0) throw new AppError('project.vendorMemberOnly', { userIds: outside });
      // What removed members hold stays theirs until a manager requeues it: taking it away
      // here would lose unsaved work in a workspace that is open right now.
      await workflows.setMembers(step.id, req.body.memberIds);
    });
    await announce(ctx, { id: step.task_id, projectId }, 'workflow');
    return detail(projectId, step.id);
  });

  addRoute(app, workflowRoutes.members, async (req) => {
    const step = await stepOr404(d.workflows, projectIdOf(req), req.params.workflowId);
    return (await d.workflows.members([step.id])).get(step.id) ?? [];
  });

  addRoute(app, workflowRoutes.project, async (req) => {
    const rows = await d.workflows.ofProject(projectIdOf(req), req.body.type);
    const steps = await stepsWithMemberIds(d.workflows, rows);
    return steps.map((s, i) => ({ ...s, taskName: rows[i]!.task_name }));
  });
}
