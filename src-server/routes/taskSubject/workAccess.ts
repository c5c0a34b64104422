import type { FastifyRequest } from 'fastify';
import { projectRoleMay } from '../../../src-shared/model/permissions';
import { requireUser } from '../../plugins/auth';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import { outOfReach } from '../../auth/workReach';
import type { ServerContext } from '../../context';
import type { ProjectAccess } from '../../repositories/access';
import { TaskStepsRepository, type TaskStep } from '../../repositories/taskSteps';
import type { TaskSubjectRow } from '../../repositories/taskSubjectFlow';

/** Everything a route on one task subject decides with: the row, the caller's access, the steps. */
export interface WorkScope {
  userId: number;
  row: TaskSubjectRow;
  access: ProjectAccess;
  steps: TaskStep[];
  /** the caller is a member of the step the task subject is at */
  member: boolean;
  /**
   * the caller dispatches for the project and the task subject is work in their reach
   * (auth/workReach.ts): the flow's actorManages
   */
  manages: boolean;
}

/**
 * What a route on one task subject works with. Its access rule (`taskSubjectRule`) already
 * found the task subject and checked the caller's role on its project in the access hook;
 * this adds the task's steps and whether the caller is a member of the step it is at: the
 * parts of "may this caller do it" that depend on who they are to the task subject.
 */
export async function resolveWork(ctx: ServerContext, req: FastifyRequest): Promise<WorkScope> {
  const userId = requireUser(req);
  const access = accessOf(req);
  const row = access.taskSubject;
  // Only a route without a taskSubject rule gets here without a row: a wiring mistake.
  if (!row || !access.project) throw new Error(`${req.routeOptions.url} has no taskSubject access rule`);
  const stepsRepo = new TaskStepsRepository(ctx.db);
  const dispatcher = projectRoleMay(access.project.role, 'project.task.dispatch');
  const [steps, member, outside] = await Promise.all([
    stepsRepo.steps(row.task_id),
    stepsRepo.isMember(row.workflow_id, userId),
    dispatcher ? outOfReach(ctx.db, access.project, [row]) : Promise.resolve([]),
  ]);
  return { userId, row, access: access.project, steps, member, manages: dispatcher && outside.length === 0 };
}

/** Claiming, saving, skipping, submitting and reviewing are for members of the step it is at. */
export function requireStepMember(scope: WorkScope): void {
  if (!scope.member) throw new AppError('taskSubject.notStepMember');
}
