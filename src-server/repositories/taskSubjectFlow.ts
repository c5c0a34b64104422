import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../database/schema';
import type { TaskSubjectsTable } from '../database/taskSchema';
import type { DialectName } from '../database/connect';
import {
  transition,
  type FlowContext,
  type TaskSubjectAction,
  type TaskSubjectPosition,
  type TaskSubjectState,
} from '../../src-shared/model/taskSubjectFlow';
import { AppError } from '../errors';
import { append } from './taskSubjectLog';
import type { TaskStep } from './taskSteps';

export type TaskSubjectRow = Selectable<TaskSubjectsTable>;

/** Where a stored task subject is, as the flow reads it. */
export const positionOf = (row: TaskSubjectRow): TaskSubjectPosition => ({
  step: row.step_index,
  state: row.state as TaskSubjectState,
  holderId: row.holder_id,
  rework: row.rework === 1,
});

/**
 * The task subject's row inside a transaction, locked on PostgreSQL until it commits, so two
 * transitions of one task subject queue up instead of both acting on what they read. (SQLite
 * runs one write transaction at a time anyway.)
 */
export async function lockTaskSubject(trx: Kysely<Database>, dialect: DialectName, id: number): Promise<TaskSubjectRow | undefined> {
  const q = trx.selectFrom('task_subjects').selectAll().where('id', '=', id);
  return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
}

/**
 * Active time as reported, but never more than the wall time since the user's previous log row
 * on this task subject (or, before they had one, since anyone's, or since it was created): a
 * client cannot claim more work than the clock allows.
 */
async function clampActiveMs(trx: Kysely<Database>, row: TaskSubjectRow, userId: number, reported: number, now: number): Promise<number> {
  if (reported <= 0) return 0;
  const r = await trx
    .selectFrom('task_subject_logs')
    .select([
      sql<number | null>`max(case when user_id = ${userId} then created_at end)`.as('mine'),
      (eb) => eb.fn.max('created_at').as('any'),
    ])
    .where('task_subject_id', '=', row.id)
    .executeTakeFirst();
  const since = Number(r?.mine ?? r?.any ?? row.created_at);
  return Math.min(reported, Math.max(0, now - since));
}

/** One transition to apply, with what its log row records. */
export interface TransitionInput {
  /** the row as read inside the transaction (lockTaskSubject) */
  row: TaskSubjectRow;
  steps: readonly TaskStep[];
  action: TaskSubjectAction;
  flow: Omit<FlowContext, 'steps'>;
  now: number;
  /** the version the client saw; absent for server-chosen moves (claim, dispatch) */
  seenVersion?: number;
  activeMs?: number;
  objectCount?: number;
  reason?: string;
  rejectReasonIds?: number[];
}

/**
 * Applies one transition of src-shared/model/taskSubjectFlow.ts to a task subject: refuses
 * what the flow refuses (with its reason as the error key), moves the row with a compare-and-set
 * on its version (a concurrent change answers 409 taskSubject.stale and writes nothing), bumps
 * the version, and appends the log row, all in the caller's transaction. Answers the new row.
 */
export async function applyTransition(trx: Kysely<Database>, t: TransitionInput): Promise<TaskSubjectRow> {
  const { row } = t;
  if (t.seenVersion !== undefined && t.seenVersion !== row.version) throw new AppError('taskSubject.stale', { version: row.version });
  const out = transition(positionOf(row), t.action, { ...t.flow, steps: t.steps.map((s) => s.type) });
  if (!out.ok) throw new AppError(`taskSubject.${out.reason}`, { state: row.state, action: t.action });
  const next = out.next;
  const step = t.steps[next.step];
  if (!step) throw new AppError('taskSubject.badTarget');

  const claimedNow = next.state === 'claimed' && (row.state !== 'claimed' || row.holder_id !== next.holderId);
  const moved = await trx
    .updateTable('task_subjects')
    .set({
      step_index: next.step,
      workflow_id: step.workflowId,
      state: next.state,
      holder_id: next.holderId,
      rework: next.rework ? 1 : 0,
      version: row.version + 1,
      claimed_at: claimedNow ? t.now : next.holderId === null ? null : row.claimed_at,
      // A lease covers one holder at one step: any move away from them ends it for this item.
      package_id: next.holderId === row.holder_id && next.step === row.step_index ? row.package_id : null,
      updated_at: t.now,
    })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .returningAll()
    .executeTakeFirst();
  if (!moved) {
    const current = await trx.selectFrom('task_subjects').select('version').where('id', '=', row.id).executeTakeFirst();
    throw new AppError('taskSubject.stale', { version: current?.version ?? null });
  }
  await append(trx, {
    taskSubject: row,
    userId: t.flow.actorId,
    action: t.action,
    from: row.state as TaskSubjectState,
    to: next.state,
    activeMs: await clampActiveMs(trx, row, t.flow.actorId, t.activeMs ?? 0, t.now),
    objectCount: t.objectCount ?? 0,
    reason: t.reason ?? '',
    rejectReasonIds: t.rejectReasonIds ?? [],
    now: t.now,
  });
  return moved;
}

/**
 * A reported stretch of work that moves nothing (POST /task/subject/log/edit): a log row with
 * action `activity` and the state unchanged, so the performance reports sum active time from
 * one table. Answers the row's id and the clamped time.
 */
export async function appendActivity(
  trx: Kysely<Database>,
  p: { row: TaskSubjectRow; userId: number; activeMs: number; objectCount: number; now: number },
): Promise<number> {
  const activeMs = await clampActiveMs(trx, p.row, p.userId, p.activeMs, p.now);
  // Through append, so the performance rollups count this active time too.
  return append(trx, { taskSubject: p.row, userId: p.userId, action: 'activity', from: p.row.state as TaskSubjectState, to: p.row.state as TaskSubjectState, activeMs, objectCount: p.objectCount, now: p.now });
}

/**
 * A change that leaves the task subject where it is (a save while in progress, pre-annotation):
 * only the version moves, with the same compare-and-set as a transition. Answers the new row.
 */
export async function bumpVersion(trx: Kysely<Database>, row: TaskSubjectRow, now: number, staleKey: 'taskSubject.stale' | 'annotate.stale' = 'taskSubject.stale'): Promise<TaskSubjectRow> {
  const bumped = await trx
    .updateTable('task_subjects')
    .set({ version: row.version + 1, updated_at: now })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .returningAll()
    .executeTakeFirst();
  if (!bumped) {
    const current = await trx.selectFrom('task_subjects').select('version').where('id', '=', row.id).executeTakeFirst();
    throw new AppError(staleKey, { version: current?.version ?? null });
  }
  return bumped;
}
