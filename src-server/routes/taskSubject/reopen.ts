import type { FastifyInstance } from 'fastify';
import { taskSubjectRoutes } from '../../../src-shared/api/taskSubject';
import { transition } from '../../../src-shared/model/taskSubjectFlow';
import { addRoute } from '../../plugins/defineHandler';
import { AppError } from '../../errors';
import { assertWorkInReach } from '../../auth/workReach';
import { stepById } from '../../repositories/taskSteps';
import { applyTransition, lockTaskSubject, positionOf } from '../../repositories/taskSubjectFlow';
import { publishMoved, type TaskSubjectDeps } from './deps';
import { resolveWork, type WorkScope } from './workAccess';

/** The step a call names, which must be one of the task subject's task. */
function namedStep(scope: WorkScope, workflowId: number) {
  const step = stepById(scope.steps, workflowId);
  if (!step) throw new AppError('taskSubject.stepNotFound', { workflowId });
  return step;
}

/** Editing at a step: asking whether one may, and reopening a done task subject (managers). */
export function registerReopen(app: FastifyInstance, d: TaskSubjectDeps): void {
  const { ctx } = d;

  addRoute(app, taskSubjectRoutes.isEdit, async (req) => {
    const scope = await resolveWork(ctx, req);
    const step = namedStep(scope, req.body.workflowId);
    const flow = { steps: scope.steps.map((s) => s.type), actorId: scope.userId, actorManages: scope.manages };
    const pos = positionOf(scope.row);
    const atStep = scope.row.workflow_id === step.workflowId;
    const memberThere = atStep ? scope.member : await d.steps.isMember(step.workflowId, scope.userId);
    // Editing is saving: the flow's `save` says whether the caller holds it.
    const save = transition(pos, 'save', flow);
    const reopen = transition(pos, 'reopen', { ...flow, targetStep: step.stepIndex });
    const canEdit = atStep && memberThere && save.ok;
    const canReopen = reopen.ok;
    let reason: string | null = null;
    if (!canEdit && !canReopen) {
      if (scope.row.state === 'done') reason = reopen.ok ? null : reopen.reason;
      else if (!atStep) reason = 'wrongStep';
      else if (!memberThere) reason = 'notStepMember';
      else reason = save.ok ? null : save.reason;
    }
    return { taskSubjectId: scope.row.id, workflowId: step.workflowId, canEdit, canReopen, reason };
  });

  addRoute(app, taskSubjectRoutes.edit, async (req) => {
    const scope = await resolveWork(ctx, req);
    const step = namedStep(scope, req.body.workflowId);
    const memberThere = await d.steps.isMember(step.workflowId, scope.userId);
    const now = ctx.now();
    const flow = { actorId: scope.userId, actorManages: scope.manages };
    const { reopened, claimed } = await ctx.db.transaction().execute(async (trx) => {
      const row = await lockTaskSubject(trx, ctx.dialect, scope.row.id);
      if (!row) throw new AppError('taskSubject.notFound');
      // Reopening undoes what was handed on: a vendor's manager only their own team's work.
      await assertWorkInReach(trx, scope.access, [row]);
      const reopened = await applyTransition(trx, { row, steps: scope.steps, action: 'reopen', flow: { ...flow, targetStep: step.stepIndex }, now, seenVersion: req.body.version });
      // Reopened "for editing": a manager who works at that step gets it straight away.
      const claimed = memberThere ? await applyTransition(trx, { row: reopened, steps: scope.steps, action: 'claim', flow, now }) : undefined;
      return { reopened, claimed };
    });
    await publishMoved(ctx, reopened, 'reopen');
    if (claimed) await publishMoved(ctx, claimed, 'claim');
    return d.views.card(claimed ?? reopened, scope.steps);
  });
}
