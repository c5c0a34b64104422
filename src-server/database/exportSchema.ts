import type { Generated } from 'kysely';

/** A saved export: what to export (format, filters) and how (options), reused for every run. */
export interface ExportPlansTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  format: string;
  /** JSON text: ExportFilters (src-shared/api/export.ts) */
  filters: string;
  /** JSON text: ExportOptions */
  options: string;
  created_by: number;
  created_at: number;
  updated_at: number;
}

/**
 * One run of an export: a background job that writes `export/<projectId>/<id>-<name>.zip`.
 * Format, filters and options are copied from the plan when it starts, so editing the plan
 * later does not change what a finished export says it holds.
 */
export interface ExportsTable {
  id: Generated<number>;
  project_id: number;
  plan_id: number | null;
  name: string;
  format: string;
  filters: string;
  options: string;
  /** queued | running | done | failed | cancelled */
  status: string;
  done_items: number;
  total_items: number;
  object_key: string | null;
  size_bytes: number;
  /** JSON text: the writer's ExportReport, once done */
  report: string | null;
  /** an error key (`export.interrupted`, ...) when failed */
  error_code: string | null;
  error_detail: string | null;
  /** how many times a runner started it (a restart resumes it until MAX_EXPORT_ATTEMPTS) */
  attempts: number;
  /** the runner holding it, and when it last said so: a lapsed lease lets another take it over */
  runner_id: string | null;
  heartbeat_at: number | null;
  created_by: number;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

/** A delivery of a finished export to a destination outside the object store, as reported back. */
export interface ExportTransfersTable {
  id: Generated<number>;
  export_id: number;
  project_id: number;
  destination: string;
  /** delivered | failed */
  status: string;
  message: string;
  bytes: number;
  reported_by: number;
  reported_at: number;
}

export interface ExportTables {
  export_plans: ExportPlansTable;
  exports: ExportsTable;
  export_transfers: ExportTransfersTable;
}
