/**
 * Tables of the performance reports: rollups of task_subject_logs per UTC day, kept by the same
 * transactions that append log rows (src-server/repositories/performanceRollup.ts) and filled
 * from existing rows by migrations/0011_performance_rollup.ts. Reports read these, never the log.
 * Every figure is defined in docs/performance-reports.md.
 */

/** Key of a rollup row: one person's work at one workflow step of a task on one UTC day. */
interface DailyKey {
  /** epoch ms of the UTC midnight starting the day */
  day: number;
  project_id: number;
  task_id: number;
  workflow_id: number;
  user_id: number;
}

/**
 * What a person did (`*_given`, claims, submits, skips, active time: rows they wrote) and what
 * happened to their annotate work (`*_received`: verdicts of reviewers on it, counted on the
 * day of the verdict at the annotate step where they submitted it).
 */
export interface PerformanceDailyTable extends DailyKey {
  claims: number;
  submits: number;
  submitted_objects: number;
  /** submits of work that came back from a rejection */
  rework_submits: number;
  skips: number;
  passes_given: number;
  rejects_given: number;
  reviewed_objects: number;
  active_ms: number;
  passes_received: number;
  rejects_received: number;
  /** verdicts on work never rejected before (the denominator of first-pass acceptance) */
  first_verdicts_received: number;
  /** passes of work never rejected before */
  first_passes_received: number;
}

/** Rejections an annotator's work received, per reason (reason_id 0: no catalogue reason given). */
export interface PerformanceRejectReasonsTable extends DailyKey {
  reason_id: number;
  rejects: number;
}

export interface PerformanceTables {
  performance_daily: PerformanceDailyTable;
  performance_reject_reasons: PerformanceRejectReasonsTable;
}
