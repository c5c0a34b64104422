import type { PerformanceDailyTable } from '../database/performanceSchema';

/** One UTC day in milliseconds: rollups are bucketed by UTC day. */
export const DAY_MS = 86_400_000;

/** The UTC midnight starting the day of an epoch-ms instant. */
export const dayOf = (at: number): number => Math.floor(at / DAY_MS) * DAY_MS;

/** The counters of a performance_daily row, in one list so upserts and sums never miss one. */
export const DAILY_COUNTERS = [
  'claims',
  'submits',
  'submitted_objects',
  'rework_submits',
  'skips',
  'passes_given',
  'rejects_given',
  'reviewed_objects',
  'active_ms',
  'passes_received',
  'rejects_received',
  'first_verdicts_received',
  'first_passes_received',
] as const satisfies readonly (keyof PerformanceDailyTable)[];
export type DailyCounter = (typeof DAILY_COUNTERS)[number];

export type DailyKey = Pick<PerformanceDailyTable, 'day' | 'project_id' | 'task_id' | 'workflow_id' | 'user_id'>;
export type DailyDelta = DailyKey & Record<DailyCounter, number>;
/** Rejections that named no reason of the catalogue: with the reviewer's own words, or with none. */
export const TYPED_REASON = -1;
export const NO_REASON = 0;
export type ReasonDelta = DailyKey & { reason_id: number; rejects: number };

/** A log row as the rollup reads it. */
export interface RollupLogRow {
  task_subject_id: number;
  task_id: number;
  project_id: number;
  workflow_id: number;
  step_index: number;
  user_id: number;
  action: string;
  active_ms: number;
  object_count: number;
  reject_reason_ids: readonly number[];
  /** the reviewer's own words, if any */
  reason: string;
  created_at: number;
  /** the task subject came back from a rejection (task_subjects.rework before the transition) */
  rework: boolean;
}

/** What a verdict (pass, reject) judged: found in the log when the verdict is written. */
export interface VerdictContext {
  /** who last submitted it at an annotate step before the review, and at which step */
  annotator: { userId: number; workflowId: number } | null;
  /** it was rejected at some review before: this verdict is not a first pass */
  rejectedBefore: boolean;
}

const zero = (): Record<DailyCounter, number> => Object.fromEntries(DAILY_COUNTERS.map((c) => [c, 0])) as Record<DailyCounter, number>;

/**
 * The rollup rows one log row adds to: the actor's own row (what they did, their active time),
 * and for a verdict on known annotate work, the annotator's row at their annotate step (what
 * their work received) and, for a rejection, one reason row per reason (reason 0 when the
 * reviewer gave only free text). Pure, so the live path and the recomputation tests agree.
 */
export function rollupDeltas(row: RollupLogRow, verdict: VerdictContext | null): { daily: DailyDelta[]; reasons: ReasonDelta[] } {
  const day = dayOf(row.created_at);
  const own: DailyDelta = { day, project_id: row.project_id, task_id: row.task_id, workflow_id: row.workflow_id, user_id: row.user_id, ...zero() };
  own.active_ms = row.active_ms;
  switch (row.action) {
    case 'claim':
      own.claims = 1;
      break;
    case 'skip':
      own.skips = 1;
      break;
    case 'submit':
      own.submits = 1;
      own.submitted_objects = row.object_count;
      own.rework_submits = row.rework ? 1 : 0;
      break;
    case 'pass':
    case 'reject':
      own[row.action === 'pass' ? 'passes_given' : 'rejects_given'] = 1;
      own.reviewed_objects = row.object_count;
      break;
  }
  // A row that adds nothing (a save without active time, a move) leaves the rollups alone.
  const daily = DAILY_COUNTERS.some((c) => own[c] !== 0) ? [own] : [];
  const reasons: ReasonDelta[] = [];
  const annotator = verdict?.annotator;
  if ((row.action === 'pass' || row.action === 'reject') && verdict && annotator) {
    const key = { day, project_id: row.project_id, task_id: row.task_id, workflow_id: annotator.workflowId, user_id: annotator.userId };
    const passed = row.action === 'pass';
    const first = !verdict.rejectedBefore;
    daily.push({
      ...key,
      ...zero(),
      passes_received: passed ? 1 : 0,
      rejects_received: passed ? 0 : 1,
      first_verdicts_received: first ? 1 : 0,
      first_passes_received: first && passed ? 1 : 0,
    });
    if (!passed) {
      const ids = row.reject_reason_ids.length > 0 ? [...new Set(row.reject_reason_ids)] : [row.reason.trim() ? TYPED_REASON : NO_REASON];
      for (const reason_id of ids) reasons.push({ ...key, reason_id, rejects: 1 });
    }
  }
  return { daily, reasons };
}

const keyOf = (d: DailyKey & { reason_id?: number }) => `${d.day}|${d.project_id}|${d.task_id}|${d.workflow_id}|${d.user_id}|${d.reason_id ?? ''}`;

/**
 * Deltas with the same key summed into one: PostgreSQL refuses an INSERT ... ON CONFLICT that
 * touches one row twice, and fewer rows mean fewer writes.
 */
export function mergeDaily(deltas: readonly DailyDelta[]): DailyDelta[] {
  const out = new Map<string, DailyDelta>();
  for (const d of deltas) {
    const k = keyOf(d);
    const prev = out.get(k);
    if (!prev) out.set(k, { ...d });
    else for (const c of DAILY_COUNTERS) prev[c] += d[c];
  }
  return [...out.values()];
}

export function mergeReasons(deltas: readonly ReasonDelta[]): ReasonDelta[] {
  const out = new Map<string, ReasonDelta>();
  for (const d of deltas) {
    const k = keyOf(d);
    const prev = out.get(k);
    if (!prev) out.set(k, { ...d });
    else prev.rejects += d.rejects;
  }
  return [...out.values()];
}

/** An earlier log row of the same task subject, as verdictContextOf reads it. */
export interface PriorLogRow {
  action: string;
  user_id: number;
  workflow_id: number;
  step_index: number;
}

/**
 * What a verdict at `stepIndex` judged, from the task subject's earlier log rows (oldest first):
 * the last submit at a step before the review (submits happen only at annotate steps, so this is
 * the nearest annotate work handed on), and whether any rejection came before.
 */
export function verdictContextOf(prior: readonly PriorLogRow[], stepIndex: number): VerdictContext {
  let annotator: VerdictContext['annotator'] = null;
  let rejectedBefore = false;
  for (const p of prior) {
    if (p.action === 'reject') rejectedBefore = true;
    if (p.action === 'submit' && p.step_index < stepIndex) annotator = { userId: p.user_id, workflowId: p.workflow_id };
  }
  return { annotator, rejectedBefore };
}
