import type { FastifyInstance } from 'fastify';
import { dispatchRoutes } from '../../../src-shared/api/dispatch';
import { room } from '../../../src-shared/api/realtime';
import type { ServerContext } from '../../context';
import { addRoute } from '../../plugins/defineHandler';
import { AppError } from '../../errors';
import { DispatchesRepository } from '../../repositories/dispatches';
import { applyTransition } from '../../repositories/taskSubjectFlow';
import { dispatchScope, stepOf } from './scope';

/**
 * Cancelling, reading and listing dispatches, and the members who can receive them. A vendor
 * manager sees and cancels only dispatches to their own team's members (auth/workReach.ts):
 * another one is not found, as in the list.
 */
export function registerDispatchManage(app: FastifyInstance, ctx: ServerContext): void {
  const dispatches = new DispatchesRepository(ctx.db, ctx.dialect);

  addRoute(app, dispatchRoutes.cancel, async (req) => {
    const scope = await dispatchScope(ctx, req, req.body.taskId);
    const found = await dispatches.find(scope.taskId, req.params.id, scope.project);
    if (!found) throw new AppError('dispatch.notFound');
    if (found.cancelled_at !== null) throw new AppError('dispatch.cancelled');
    const now = ctx.now();
    const returned = await ctx.db.transaction().execute(async (trx) => {
      const repo = new DispatchesRepository(trx, ctx.dialect);
      const open = await repo.openItems(found);
      const ids: number[] = [];
      for (const row of open) {
        await applyTransition(trx, { row, steps: scope.steps, action: 'cancelDispatch', flow: { actorId: scope.userId, actorManages: true }, now });
        ids.push(row.id);
      }
      await repo.markCancelled(found.id, now);
      return ids;
    });
    await ctx.realtime.publish(room('task', scope.taskId), 'dispatch.changed', { taskId: scope.taskId, dispatchId: found.id, targetUserId: found.target_user_id, change: 'cancelled' });
    if (returned.length > 0) {
      await ctx.realtime.publish(room('task', scope.taskId), 'taskSubject.changed', {
        taskId: scope.taskId,
        taskSubjectIds: returned,
        action: 'cancelDispatch',
        workflowId: found.workflow_id,
        state: 'pending',
        holderId: null,
      });
    }
    return { ...(await dispatches.summary(found.id))!, returnedIds: returned };
  });

  addRoute(app, dispatchRoutes.detail, async (req) => {
    const scope = await dispatchScope(ctx, req, req.query.taskId);
    const found = await dispatches.find(scope.taskId, req.params.id, scope.project);
    if (!found) throw new AppError('dispatch.notFound');
    const [summary, items] = await Promise.all([dispatches.summary(found.id), dispatches.items(found.id)]);
    return { ...summary!, items };
  });

  addRoute(app, dispatchRoutes.list, async (req) => {
    const scope = await dispatchScope(ctx, req, req.params.taskId);
    return dispatches.list(scope.taskId, req.body, scope.project);
  });

  addRoute(app, dispatchRoutes.targets, async (req) => {
    const scope = await dispatchScope(ctx, req, req.params.taskId);
    const step = stepOf(scope, req.query.workflowId);
    return dispatches.targets(step.workflowId, scope.project.vendorTeamId);
  });
}
