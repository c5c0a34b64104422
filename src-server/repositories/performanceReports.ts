import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema';
import { DAILY_COUNTERS } from '../performance/rollupDelta';
import type { Sums } from '../performance/figures';
import { scopedRows, type ReportScope } from './performanceScope';

/** The rollup columns a report groups by before names are attached. */
export type Dimension = 'user_id' | 'project_id' | 'day';

/** Summed counters of one combination of the asked dimensions (absent ones are undefined). */
export type DimensionSums = Partial<Record<Dimension, number>> & { sums: Sums };
export type ReasonSums = Partial<Record<Dimension, number>> & { reason_id: number; rejects: number };

const num = (v: unknown) => Number(v ?? 0);
const dims = (by: readonly Dimension[]) => sql.join(by.map((d) => sql.ref(`r.${d}`)));
const groupBy = (by: readonly Dimension[]) => (by.length > 0 ? sql`group by ${dims(by)}` : sql``);
const selectDims = (by: readonly Dimension[]) => (by.length > 0 ? sql`${dims(by)}, ` : sql``);

/** Sums of the performance rollups over a report's scope; never touches task_subject_logs. */
export class PerformanceReportsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The daily counters summed per combination of `by` (one row with no dimensions). */
  async sums(scope: ReportScope, by: readonly Dimension[]): Promise<DimensionSums[]> {
    const totals = sql.join(DAILY_COUNTERS.map((c) => sql`sum(${sql.ref(`r.${c}`)}) as ${sql.ref(c)}`));
    const { rows } = await sql<Record<string, unknown>>`select ${selectDims(by)}${totals}
      from ${scopedRows('performance_daily', scope)} r ${groupBy(by)}`.execute(this.db);
    return rows
      // An aggregate without GROUP BY answers one row of nulls when nothing matched.
      .filter((r) => by.length > 0 || r.claims !== null)
      .map((r) => ({
        ...Object.fromEntries(by.map((d) => [d, num(r[d])])),
        sums: Object.fromEntries(DAILY_COUNTERS.map((c) => [c, num(r[c])])) as Sums,
      }));
  }

  /** Rejections received per reason and combination of `by`. */
  async reasons(scope: ReportScope, by: readonly Dimension[]): Promise<ReasonSums[]> {
    const { rows } = await sql<Record<string, unknown>>`select ${selectDims(by)}r.reason_id, sum(r.rejects) as rejects
      from ${scopedRows('performance_reject_reasons', scope)} r group by ${selectDims(by)}r.reason_id`.execute(this.db);
    return rows.map((r) => ({ ...Object.fromEntries(by.map((d) => [d, num(r[d])])), reason_id: num(r.reason_id), rejects: num(r.rejects) }));
  }
}
