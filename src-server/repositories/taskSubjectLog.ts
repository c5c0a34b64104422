import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { TaskSubjectAction, TaskSubjectState } from '../../src-shared/model/taskSubjectFlow';

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
}

export interface LogEntry {
  taskSubject: LoggedTaskSubject;
  userId: number;
  action: TaskSubjectAction;
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

/**
 * Appends one transition to task_subject_logs. Call it with the transaction that changes the
 * task subject, so a transition and its log row commit together or not at all.
 */
export async function append(trx: Kysely<Database>, entry: LogEntry): Promise<void> {
  await trx.insertInto('task_subject_logs').values(toRow(entry, Date.now())).execute();
}

/** Many transitions at once (bulk moves): one statement per chunk instead of one per row. */
export async function appendMany(trx: Kysely<Database>, entries: readonly LogEntry[]): Promise<void> {
  const now = Date.now();
  // 14 columns a row: 500 rows stay under SQLite's and PostgreSQL's bound-parameter limits.
  for (let i = 0; i < entries.length; i += 500) {
    const rows = entries.slice(i, i + 500).map((e) => toRow(e, now));
    await trx.insertInto('task_subject_logs').values(rows).execute();
  }
}
