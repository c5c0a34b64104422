import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { taskSubjectRoutes, type RejectBody, type TaskSubjectCard, type TransitionBody } from '../../../src-shared/api/taskSubject';
import { room } from '../../../src-shared/api/realtime';
import { annotateStepBefore, type TaskSubjectAction } from '../../../src-shared/model/taskSubjectFlow';
import type { Database } from '../../database/schema';
import { addRoute } from '../../plugins/defineHandler';
import { AppError } from '../../errors';
import { AnnotationsRepository } from '../../repositories/annotations';
import { ProjectsRepository } from '../../repositories/projects';
import { unconfirmedCount, unconfirmedOnSubmit } from '../../../src-shared/model/unconfirmed';
import { NotesRepository } from '../../repositories/notes';
import { TaskStepsRepository } from '../../repositories/taskSteps';
import { applyTransition, lockTaskSubject, type TaskSubjectRow } from '../../repositories/taskSubjectFlow';
import { refuseLapsedLease } from '../../repositories/workPackages';
import { anchoredNotes } from '../note/anchors';
import { publishMoved, type TaskSubjectDeps } from './deps';
import { requireStepMember, resolveWork, type WorkScope } from './workAccess';

/** What a worker's transition adds beyond the flow: a rejection's reasons and notes. */
interface Extra {
  reason?: string;
  rejectReasonIds?: number[];
  reworkHolderId?: number | null;
  /** runs in the transaction after the move (notes of a rejection) */
  after?: (trx: Kysely<Database>, moved: TaskSubjectRow) => Promise<void>;
}

/** Actions after which the annotations are kept as they were handed on. */
const SNAPSHOT_ACTIONS: readonly TaskSubjectAction[] = ['submit', 'pass'];

/**
 * Who a rejection goes back to: whoever last submitted it at the annotate step before the
 * review (from the log), if they are still a member of that step; else nobody, and it waits
 * in that step's queue.
 */
async function reworkHolder(db: Kysely<Database>, scope: WorkScope): Promise<number | null> {
  const back = annotateStepBefore(scope.row.step_index, scope.steps.map((s) => s.type));
  const step = back === undefined ? undefined : scope.steps[back];
  if (!step) return null;
  const last = await db
    .selectFrom('task_subject_logs')
    .select('user_id')
    .where('task_subject_id', '=', scope.row.id)
    .where('action', '=', 'submit')
    .where('step_index', '=', step.stepIndex)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last) return null;
  return (await new TaskStepsRepository(db).isMember(step.workflowId, last.user_id)) ? last.user_id : null;
}

/** The reasons must be the project's own catalogue entries. */
async function checkReasons(db: Kysely<Database>, projectId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db.selectFrom('reject_reasons').select('id').where('project_id', '=', projectId).where('id', 'in', unique).execute();
  const found = new Set(rows.map((r) => r.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) throw new AppError('taskSubject.rejectReasonNotFound', { reasonIds: missing });
  return unique;
}

/**
 * A project whose rule is 'refuse' (unconfirmedOnSubmit) takes no submit while a model's
 * suggestions nobody confirmed are on the item; the workspace says so before sending, and this
 * holds for any other client. The frames are read only for such a project.
 */
async function refuseUnconfirmed(trx: Kysely<Database>, annotations: AnnotationsRepository, row: TaskSubjectRow): Promise<void> {
  if (unconfirmedOnSubmit(await new ProjectsRepository(trx).config(row.project_id)) !== 'refuse') return;
  const count = unconfirmedCount((await annotations.frames(row.id)).map((f) => f.data));
  if (count > 0) throw new AppError('taskSubject.unconfirmedSuggestions', { unconfirmed: count });
}

/** Skip, submit, pass, reject and release: a step member moving the task subject they hold. */
export function registerTransitions(app: FastifyInstance, d: TaskSubjectDeps): void {
  const { ctx } = d;

  const move = async (scope: WorkScope, body: TransitionBody, action: TaskSubjectAction, extra: Extra = {}): Promise<TaskSubjectCard> => {
    requireStepMember(scope);
    const now = ctx.now();
    const moved = await ctx.db.transaction().execute(async (trx) => {
      const row = await lockTaskSubject(trx, ctx.dialect, body.taskSubjectId);
      if (!row) throw new AppError('taskSubject.notFound');
      await refuseLapsedLease(trx, row, scope.userId);
      const annotations = new AnnotationsRepository(trx);
      if (action === 'submit') await refuseUnconfirmed(trx, annotations, row);
      const next = await applyTransition(trx, {
        row,
        steps: scope.steps,
        action,
        flow: { actorId: scope.userId, actorManages: scope.manages, ...(extra.reworkHolderId !== undefined ? { reworkHolderId: extra.reworkHolderId } : {}) },
        now,
        seenVersion: body.version,
        activeMs: body.activeMs ?? 0,
        objectCount: await annotations.objectCount(row.id),
        ...(extra.reason !== undefined ? { reason: extra.reason } : {}),
        ...(extra.rejectReasonIds !== undefined ? { rejectReasonIds: extra.rejectReasonIds } : {}),
      });
      if (SNAPSHOT_ACTIONS.includes(action)) {
        await annotations.snapshot({ taskSubjectId: row.id, version: next.version, stepIndex: row.step_index, action, userId: scope.userId, now });
      }
      await extra.after?.(trx, next);
      return next;
    });
    const [card] = await Promise.all([d.views.card(moved, scope.steps), publishMoved(ctx, moved, action)]);
    return card;
  };

  const scopeOf = (req: FastifyRequest) => resolveWork(ctx, req);
  addRoute(app, taskSubjectRoutes.skip, async (req) =>
    move(await scopeOf(req), req.body, 'skip', req.body.reason !== undefined ? { reason: req.body.reason.trim() } : {}),
  );
  addRoute(app, taskSubjectRoutes.submit, async (req) => move(await scopeOf(req), req.body, 'submit'));
  addRoute(app, taskSubjectRoutes.pass, async (req) => move(await scopeOf(req), req.body, 'pass'));
  addRoute(app, taskSubjectRoutes.release, async (req) => move(await scopeOf(req), req.body, 'release'));

  addRoute(app, taskSubjectRoutes.reject, async (req) => {
    const body: RejectBody = req.body;
    const reason = body.reason?.trim() ?? '';
    if ((body.reasonIds ?? []).length === 0 && reason === '') throw new AppError('taskSubject.rejectReasonRequired');
    const scope = await scopeOf(req);
    const rejectReasonIds = await checkReasons(ctx.db, scope.row.project_id, body.reasonIds ?? []);
    const userId = scope.userId;
    let noteIds: number[] = [];
    const card = await move(scope, body, 'reject', {
      reason,
      rejectReasonIds,
      reworkHolderId: await reworkHolder(ctx.db, scope),
      after: async (trx, moved) => {
        if (!body.notes?.length) return;
        const rows = await anchoredNotes(
          trx,
          { projectId: moved.project_id, subjectId: moved.subject_id, createdBy: userId, now: ctx.now() },
          body.notes.map((n) => ({ ...n, taskSubjectId: moved.id })),
        );
        noteIds = await new NotesRepository(trx).create(rows);
      },
    });
    // Published once committed (the event log is written outside the transaction).
    if (noteIds.length > 0) await ctx.realtime.publish(room('project', card.projectId), 'note.changed', { projectId: card.projectId, noteIds, change: 'created' });
    return card;
  });
}
