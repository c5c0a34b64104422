import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context';
import { accessOf } from '../../plugins/access';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { usersOutOfReach } from '../../auth/workReach';
import type { ProjectAccess } from '../../repositories/access';
import { TaskStepsRepository, stepById, type TaskStep } from '../../repositories/taskSteps';

/** A dispatch call's task: in the project the access hook checked, with its steps. */
export interface DispatchScope {
  userId: number;
  project: ProjectAccess;
  taskId: number;
  steps: TaskStep[];
}

export async function dispatchScope(ctx: ServerContext, req: FastifyRequest, taskId: number): Promise<DispatchScope> {
  const project = accessOf(req).project!;
  const repo = new TaskStepsRepository(ctx.db);
  if (!(await repo.taskInProject(taskId, project.projectId))) throw new AppError('task.notFound');
  return { userId: requireUser(req), project, taskId, steps: await repo.steps(taskId) };
}

export function stepOf(scope: DispatchScope, workflowId: number): TaskStep {
  const step = stepById(scope.steps, workflowId);
  if (!step) throw new AppError('dispatch.stepNotFound', { workflowId });
  return step;
}

/**
 * A vendor manager hands work only to members of their own vendor team (as they add only
 * those to the project); the project's own managers to any step member. The rule of
 * `auth/workReach.ts`, which every dispatcher path applies.
 */
export async function assertMayHandTo(ctx: ServerContext, scope: DispatchScope, targetUserId: number): Promise<void> {
  if ((await usersOutOfReach(ctx.db, scope.project, [targetUserId])).length > 0) throw new AppError('dispatch.vendorMemberOnly');
}
