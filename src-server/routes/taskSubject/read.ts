import type { FastifyInstance } from 'fastify';
import { taskSubjectRoutes } from '../../../src-shared/api/taskSubject';
import { TASK_SUBJECT_ACTIONS, transition, type TaskSubjectAction } from '../../../src-shared/model/taskSubjectFlow';
import { addRoute } from '../../plugins/defineHandler';
import { AppError } from '../../errors';
import { AnnotationsRepository } from '../../repositories/annotations';
import { appendActivity, lockTaskSubject, positionOf } from '../../repositories/taskSubjectFlow';
import type { TaskSubjectDeps } from './deps';
import { requireStepMember, resolveWork, type WorkScope } from './workAccess';

/** The actions only members of the step may take, whatever the flow says. */
const MEMBER_ACTIONS: readonly TaskSubjectAction[] = ['claim', 'save', 'skip', 'submit', 'pass', 'reject', 'release'];

/** Every action tried for the caller, as the routes would decide it (the flow, then step membership). */
function dryRun(scope: WorkScope) {
  const pos = positionOf(scope.row);
  const flow = { steps: scope.steps.map((s) => s.type), actorId: scope.userId, actorManages: scope.manages, targetUserId: scope.userId, targetStep: 0, reworkHolderId: null };
  const actions: TaskSubjectAction[] = [];
  const refusals: { action: TaskSubjectAction; reason: string }[] = [];
  for (const action of TASK_SUBJECT_ACTIONS) {
    const out = transition(pos, action, flow);
    if (!out.ok) refusals.push({ action, reason: out.reason });
    else if (MEMBER_ACTIONS.includes(action) && !scope.member) refusals.push({ action, reason: 'notStepMember' });
    else actions.push(action);
  }
  return { actions, refusals };
}

/** Reading a task subject, its log and saves, trying actions, and reporting active time. */
export function registerTaskSubjectReads(app: FastifyInstance, d: TaskSubjectDeps): void {
  const { ctx } = d;

  addRoute(app, taskSubjectRoutes.get, async (req) => {
    const scope = await resolveWork(ctx, req);
    return d.views.card(scope.row, scope.steps);
  });

  addRoute(app, taskSubjectRoutes.test, async (req) => {
    const scope = await resolveWork(ctx, req);
    return { taskSubject: await d.views.card(scope.row, scope.steps), member: scope.member, manages: scope.manages, ...dryRun(scope) };
  });

  addRoute(app, taskSubjectRoutes.log, async (req) => {
    const scope = await resolveWork(ctx, req);
    return d.views.log(scope.row.id, req.query.page ?? 1, req.query.pageSize ?? 20);
  });

  addRoute(app, taskSubjectRoutes.saveList, async (req) => {
    const scope = await resolveWork(ctx, req);
    return d.annotations.saves(scope.row.id, req.body.page ?? 1, req.body.pageSize ?? 20);
  });

  addRoute(app, taskSubjectRoutes.logEdit, async (req) => {
    const scope = await resolveWork(ctx, req);
    requireStepMember(scope);
    const id = await ctx.db.transaction().execute(async (trx) => {
      const row = await lockTaskSubject(trx, ctx.dialect, scope.row.id);
      if (!row) throw new AppError('taskSubject.notFound');
      const objectCount = await new AnnotationsRepository(trx).objectCount(row.id);
      return appendActivity(trx, { row, userId: scope.userId, activeMs: req.body.activeMs, objectCount, now: ctx.now() });
    });
    const entry = await d.views.logEntry(id);
    if (!entry) throw new AppError('taskSubject.notFound');
    return entry;
  });
}
