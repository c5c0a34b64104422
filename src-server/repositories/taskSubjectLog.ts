import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { TaskSubjectAction, TaskSubjectState } from '../../src-shared/model/taskSubjectFlow';
import { rollUpLogRows } from './performanceRollup';

/**
 * The task subject as it was where the action happened (its row before the transition): the
 * log records the step acted at, so per-step reports (who annotated, who reviewed) read it
 * without joining the moving task_subjects row. A selected task_subjects row fits as is.
 */
export interface LoggedTaskSubject {
  id: number;
  task_id: number;
  project_id: number;
  workflow_id: number;
  step_index: number;
  /** 1 when it came back from a rejection: a submit of it counts as rework in the reports */
  rework?: number;
}

/** A transition; `activity`: reported active time that moves nothing (POST /task/subject/log/edit); `leaseLapsed`, `packageReturn`: a work package's item given back to its queue. */
export type LoggedAction = TaskSubjectAction | 'activity' | 'leaseLapsed' | 'packageReturn';

export interface LogEntry {
  taskSubject: LoggedTaskSubject;
  userId: number;
  action: LoggedAction;
  from: TaskSubjectState;
  to: TaskSubjectState;
  /** active (not idle) milliseconds since the user's previous transition of it */
  activeMs?: number;
  objectCount?: number;
  reason?: string;
  rejectReasonIds?: number[];
  /** epoch ms; defaults to Date.now() (pass ctx.now() so tests with a moved clock agree) */
  now?: number;
}

const toRow = (e: LogEntry, now: number) => ({
  task_subject_id: e.taskSubject.id,
  task_id: e.taskSubject.task_id,
  project_id: e.taskSubject.project_id,
  workflow_id: e.taskSubject.workflow_id,
  step_index: e.taskSubject.step_index,
  user_id: e.userId,
  action: e.action,
  from_state: e.from,
  to_state: e.to,
  active_ms: Math.max(0, Math.round(e.activeMs ?? 0)),
  object_count: Math.max(0, Math.round(e.objectCount ?? 0)),
  reason: e.reason ?? '',
  reject_reason_ids: JSON.stringify(e.rejectReasonIds ?? []),
  created_at: e.now ?? now,
});

/** The inserted rows as the performance rollups read them. */
const forRollup = (entries: readonly LogEntry[], rows: readonly ReturnType<typeof toRow>[], ids: readonly number[]) =>
  rows.map((r, i) => ({
    ...r,
    id: ids[i]!,
    reject_reason_ids: entries[i]!.rejectReasonIds ?? [],
    rework: Number(entries[i]!.taskSubject.rework ?? 0) === 1,
  }));

/**
 * Appends one transition to task_subject_logs and adds it to the performance rollups. Call it
 * with the transaction that changes the task subject, so a transition, its log row and the
 * reports' figures commit together or not at all. Answers the log row's id.
 */
export async function append(trx: Kysely<Database>, entry: LogEntry): Promise<number> {
  const row = toRow(entry, Date.now());
  const { id } = await trx.insertInto('task_subject_logs').values(row).returning('id').executeTakeFirstOrThrow();
  await rollUpLogRows(trx, forRollup([entry], [row], [id]));
  return id;
}

/** Many transitions at once (bulk moves): one statement per chunk instead of one per row. */
export async function appendMany(trx: Kysely<Database>, entries: readonly LogEntry[]): Promise<void> {
  const now = Date.now();
  // 14 columns a row: 500 rows stay under SQLite's and PostgreSQL's bound-parameter limits.
  for (let i = 0; i < entries.length; i += 500) {
    const chunk = entries.slice(i, i + 500);
    const rows = chunk.map((e) => toRow(e, now));
    // Ids are given in the order of the VALUES list; RETURNING's own order is not promised.
    const ids = (await trx.insertInto('task_subject_logs').values(rows).returning('id').execute()).map((r) => r.id).sort((a, b) => a - b);
    await rollUpLogRows(trx, forRollup(chunk, rows, ids));
  }
}
