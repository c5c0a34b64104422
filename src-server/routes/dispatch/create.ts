import type { FastifyInstance } from 'fastify';
import { dispatchRoutes, type DispatchCreateBody } from '../../../src-shared/api/dispatch';
import { room } from '../../../src-shared/api/realtime';
import { projectRoleMay } from '../../../src-shared/model/permissions';
import type { ServerContext } from '../../context';
import { addRoute } from '../../plugins/defineHandler';
import { AppError } from '../../errors';
import { DispatchesRepository } from '../../repositories/dispatches';
import { TaskStepsRepository } from '../../repositories/taskSteps';
import { applyTransition, type TaskSubjectRow } from '../../repositories/taskSubjectFlow';
import { assertMayHandTo, dispatchScope, stepOf, type DispatchScope } from './scope';
import { assertWorkInReach } from '../../auth/workReach';
import type { TaskStep } from '../../repositories/taskSteps';

/** The target works at the step and still has a way into the project. */
async function assertTarget(ctx: ServerContext, scope: DispatchScope, step: TaskStep, targetUserId: number): Promise<void> {
  const access = await ctx.repos.access.projectAccess(scope.project.projectId, targetUserId);
  const member = await new TaskStepsRepository(ctx.db).isMember(step.workflowId, targetUserId);
  if (!member || !access || !projectRoleMay(access.role, 'project.task.work')) throw new AppError('dispatch.targetNotStepMember');
  await assertMayHandTo(ctx, scope, targetUserId);
}

/** The named task subjects, all at the step and waiting (or skipped), else nothing is dispatched. */
function checkNamed(rows: readonly TaskSubjectRow[], ids: readonly number[], step: TaskStep): void {
  const found = new Set(rows.filter((r) => r.workflow_id === step.workflowId).map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw new AppError('dispatch.subjectNotFound', { taskSubjectIds: missing });
  const busy = rows.filter((r) => r.state !== 'pending' && r.state !== 'skipped').map((r) => r.id);
  if (busy.length > 0) throw new AppError('dispatch.notDispatchable', { taskSubjectIds: busy });
}

/** POST /taskSubjectDispatch: handing task subjects to a step member. */
export function registerDispatchCreate(app: FastifyInstance, ctx: ServerContext): void {
  addRoute(app, dispatchRoutes.create, async (req) => {
    const body: DispatchCreateBody = req.body;
    if ((body.taskSubjectIds === undefined) === (body.count === undefined)) throw new AppError('dispatch.idsOrCount');
    const scope = await dispatchScope(ctx, req, body.taskId);
    const step = stepOf(scope, body.workflowId);
    await assertTarget(ctx, scope, step, body.targetUserId);
    const now = ctx.now();
    const { dispatchId, moved } = await ctx.db.transaction().execute(async (trx) => {
      const repo = new DispatchesRepository(trx, ctx.dialect);
      let rows: TaskSubjectRow[];
      if (body.taskSubjectIds) {
        const ids = [...new Set(body.taskSubjectIds)];
        rows = await repo.lockInTask(scope.taskId, ids);
        checkNamed(rows, ids, step);
        // A skipped item is still its holder's: a vendor manager does not hand on someone else's.
        await assertWorkInReach(trx, scope.project, rows);
      } else {
        rows = await repo.pickPending(step.workflowId, body.count!);
        if (rows.length === 0) throw new AppError('dispatch.queueEmpty');
      }
      const moved: TaskSubjectRow[] = [];
      for (const row of rows) {
        moved.push(
          await applyTransition(trx, {
            row,
            steps: scope.steps,
            action: 'dispatch',
            flow: { actorId: scope.userId, actorManages: true, targetUserId: body.targetUserId },
            now,
          }),
        );
      }
      const dispatchId = await repo.create({ taskId: scope.taskId, workflowId: step.workflowId, targetUserId: body.targetUserId, createdBy: scope.userId, now }, moved.map((r) => r.id));
      return { dispatchId, moved };
    });
    await ctx.realtime.publish(room('task', scope.taskId), 'dispatch.changed', { taskId: scope.taskId, dispatchId, targetUserId: body.targetUserId, change: 'created' });
    await ctx.realtime.publish(room('task', scope.taskId), 'taskSubject.changed', {
      taskId: scope.taskId,
      taskSubjectIds: moved.map((r) => r.id),
      action: 'dispatch',
      workflowId: step.workflowId,
      state: 'claimed',
      holderId: body.targetUserId,
    });
    const repo = new DispatchesRepository(ctx.db, ctx.dialect);
    const [summary, items] = await Promise.all([repo.summary(dispatchId), repo.items(dispatchId)]);
    return { ...summary!, items };
  });
}
