import type { FastifyRequest } from 'fastify';
import { projectRoleMay } from '../../../src-shared/model/permissions';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
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
  /** the caller dispatches for the project (the flow's actorManages) */
  manages: boolean;
}

/**
 * Access for routes that name only a task subject (the spec's task-subject and annotate calls
 * take a taskSubjectId and no project): the project comes from the task subject, and the same
 * table as the access hook decides. A task subject that does not exist, or whose project the
 * caller has no way into, answers 404 with the group's key (nothing learned about other
 * teams); a role that may not work answers 403.
 *
 * One rule for the whole API of these groups: a call that names a project or a task carries
 * `projectId` and an access rule (the hook checks it, the role-table test walks it); a call on
 * one task subject takes its id alone and comes here. The latter are also the calls whose
 * success depends on who the caller is to the task subject (its holder, a member of its step),
 * which a per-route sample of the role-table test could not satisfy for every role anyway.
 */
export async function resolveWork(
  ctx: ServerContext,
  req: FastifyRequest,
  taskSubjectId: number,
  notFound: 'taskSubject.notFound' | 'annotate.notFound' = 'taskSubject.notFound',
): Promise<WorkScope> {
  const userId = requireUser(req);
  const row = await ctx.db.selectFrom('task_subjects').selectAll().where('id', '=', taskSubjectId).executeTakeFirst();
  if (!row) throw new AppError(notFound);
  // Read together to save round trips; nothing of the steps is answered before access is known.
  const stepsRepo = new TaskStepsRepository(ctx.db);
  const [access, steps, member] = await Promise.all([
    ctx.repos.access.projectAccess(row.project_id, userId),
    stepsRepo.steps(row.task_id),
    stepsRepo.isMember(row.workflow_id, userId),
  ]);
  if (!access) throw new AppError(notFound);
  if (!projectRoleMay(access.role, 'project.task.work')) throw new AppError('forbidden');
  return { userId, row, access, steps, member, manages: projectRoleMay(access.role, 'project.task.dispatch') };
}

/** Claiming, saving, skipping, submitting and reviewing are for members of the step it is at. */
export function requireStepMember(scope: WorkScope): void {
  if (!scope.member) throw new AppError('taskSubject.notStepMember');
}
