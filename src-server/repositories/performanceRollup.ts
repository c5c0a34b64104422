import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema';
import {
  DAILY_COUNTERS,
  mergeDaily,
  mergeReasons,
  rollupDeltas,
  verdictContextOf,
  type DailyDelta,
  type PriorLogRow,
  type ReasonDelta,
  type RollupLogRow,
} from '../performance/rollupDelta';

const DAILY_KEY = ['day', 'project_id', 'task_id', 'workflow_id', 'user_id'] as const;
/** 18 columns a row: 500 rows stay under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

const isVerdict = (action: string) => action === 'pass' || action === 'reject';

/**
 * The earlier submits and rejections of the task subjects the verdicts among `rows` judged,
 * oldest first, per task subject. One indexed query (task_subject_logs_subject) for all of them.
 */
async function priorRows(trx: Kysely<Database>, rows: readonly (RollupLogRow & { id: number })[]): Promise<Map<number, (PriorLogRow & { id: number })[]>> {
  const ids = [...new Set(rows.filter((r) => isVerdict(r.action)).map((r) => r.task_subject_id))];
  const out = new Map<number, (PriorLogRow & { id: number })[]>();
  if (ids.length === 0) return out;
  const found = await trx
    .selectFrom('task_subject_logs')
    .select(['id', 'task_subject_id', 'action', 'user_id', 'workflow_id', 'step_index'])
    .where('task_subject_id', 'in', ids)
    .where('action', 'in', ['submit', 'reject'])
    .orderBy('id')
    .execute();
  for (const f of found) {
    const list = out.get(f.task_subject_id) ?? [];
    list.push(f);
    out.set(f.task_subject_id, list);
  }
  return out;
}

async function upsertDaily(trx: Kysely<Database>, deltas: readonly DailyDelta[]): Promise<void> {
  // Adding on conflict (not read-modify-write) keeps concurrent transactions' counts exact.
  const add = Object.fromEntries(DAILY_COUNTERS.map((c) => [c, sql<number>`${sql.ref(`performance_daily.${c}`)} + ${sql.ref(`excluded.${c}`)}`]));
  for (let i = 0; i < deltas.length; i += CHUNK) {
    await trx
      .insertInto('performance_daily')
      .values(deltas.slice(i, i + CHUNK))
      .onConflict((oc) => oc.columns(DAILY_KEY).doUpdateSet(add))
      .execute();
  }
}

async function upsertReasons(trx: Kysely<Database>, deltas: readonly ReasonDelta[]): Promise<void> {
  for (let i = 0; i < deltas.length; i += CHUNK) {
    await trx
      .insertInto('performance_reject_reasons')
      .values(deltas.slice(i, i + CHUNK))
      .onConflict((oc) =>
        oc.columns([...DAILY_KEY, 'reason_id']).doUpdateSet({ rejects: sql<number>`${sql.ref('performance_reject_reasons.rejects')} + ${sql.ref('excluded.rejects')}` }),
      )
      .execute();
  }
}

/**
 * Adds freshly inserted log rows to the performance rollups, in the caller's transaction (the
 * one that appended them), so the reports always agree with the log. A verdict looks up, in the
 * log before it, whose annotate work it judged and whether it was rejected before.
 */
export async function rollUpLogRows(trx: Kysely<Database>, rows: readonly (RollupLogRow & { id: number })[]): Promise<void> {
  const prior = await priorRows(trx, rows);
  const daily: DailyDelta[] = [];
  const reasons: ReasonDelta[] = [];
  for (const r of rows) {
    const verdict = isVerdict(r.action) ? verdictContextOf((prior.get(r.task_subject_id) ?? []).filter((p) => p.id < r.id), r.step_index) : null;
    const d = rollupDeltas(r, verdict);
    daily.push(...d.daily);
    reasons.push(...d.reasons);
  }
  await upsertDaily(trx, mergeDaily(daily));
  if (reasons.length > 0) await upsertReasons(trx, mergeReasons(reasons));
}
