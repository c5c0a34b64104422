import type { Kysely } from 'kysely';
import type {
  EfficiencyReport,
  PerformanceSummary,
  PersonnelReport,
  QualityReport,
  ReportGrouping,
  ReportKey,
  WorkloadReport,
} from '../../src-shared/api/performance';
import type { Database } from '../database/schema';
import { PerformanceNamesRepository } from '../repositories/performanceNames';
import { PerformanceReportsRepository, type DimensionSums } from '../repositories/performanceReports';
import type { ReportScope } from '../repositories/performanceScope';
import type { DayRange } from './dateRange';
import { addSums, emptySums, firstPassOf, objectsOf, speedOf, type Sums } from './figures';
import { byKey, byName, DIMENSION_OF, keysFor, type KeysOf } from './keys';
import { TYPED_REASON } from './rollupDelta';
import { isoDay } from './dateRange';

interface Keyed {
  key: ReportKey;
  day?: number;
  sums: Sums;
}

/** Sums rows into report keys (and days, for the workload): a row may count towards several keys. */
function collect(rows: readonly DimensionSums[], keysOf: KeysOf, perDay: boolean): Keyed[] {
  const out = new Map<string, Keyed>();
  for (const r of rows) {
    for (const key of keysOf(r)) {
      const id = `${key.id}|${key.name}|${perDay ? r.day : ''}`;
      const k = out.get(id) ?? { key, ...(perDay ? { day: r.day! } : {}), sums: emptySums() };
      addSums(k.sums, r.sums);
      out.set(id, k);
    }
  }
  return [...out.values()];
}

/**
 * The performance reports, from the rollups (src-server/repositories/performanceReports.ts)
 * with names attached. Figures are defined in docs/performance-reports.md.
 */
export class PerformanceReports {
  private readonly sums: PerformanceReportsRepository;
  private readonly names: PerformanceNamesRepository;

  constructor(db: Kysely<Database>) {
    this.sums = new PerformanceReportsRepository(db);
    this.names = new PerformanceNamesRepository(db);
  }

  private async grouped(scope: ReportScope, groupBy: ReportGrouping, perDay: boolean): Promise<Keyed[]> {
    const dimension = DIMENSION_OF[groupBy];
    const rows = await this.sums.sums(scope, perDay && dimension !== 'day' ? [dimension, 'day'] : [dimension]);
    const keyed = collect(rows, await keysFor(this.names, scope.teamId, groupBy, rows), perDay);
    return keyed.sort((a, b) => (a.day ?? 0) - (b.day ?? 0) || byKey(a.key, b.key, groupBy));
  }

  async summary(scope: ReportScope, range: DayRange): Promise<PerformanceSummary> {
    const perPerson = await this.sums.sums(scope, ['user_id']);
    const s = perPerson.reduce((acc, r) => addSums(acc, r.sums), emptySums());
    return {
      from: range.from,
      to: range.to,
      people: perPerson.length,
      claimed: s.claims,
      submitted: s.submits,
      submittedObjects: s.submitted_objects,
      reworkSubmits: s.rework_submits,
      skipped: s.skips,
      reviewed: s.passes_given + s.rejects_given,
      passed: s.passes_given,
      rejected: s.rejects_given,
      reviewedObjects: s.reviewed_objects,
      ...speedOf(s),
      ...firstPassOf(s),
    };
  }

  async efficiency(scope: ReportScope, range: DayRange, groupBy: ReportGrouping): Promise<EfficiencyReport> {
    const rows = (await this.grouped(scope, groupBy, false)).map(({ key, sums: s }) => ({
      key,
      submitted: s.submits,
      reviewed: s.passes_given + s.rejects_given,
      subjects: s.submits + s.passes_given + s.rejects_given,
      objects: objectsOf(s),
      ...speedOf(s),
    }))
      // Only verdicts received (an annotator on a day they did not work) is no efficiency figure.
      .filter((r) => r.subjects > 0 || r.activeMs > 0);
    return { from: range.from, to: range.to, groupBy, rows };
  }

  async personnel(scope: ReportScope, range: DayRange): Promise<PersonnelReport> {
    const perPerson = await this.sums.sums(scope, ['user_id']);
    const users = await this.names.users(perPerson.map((r) => r.user_id!));
    const rows = perPerson
      .map(({ user_id, sums: s }) => ({
        userId: user_id!,
        name: users.get(user_id!)?.name ?? '',
        mobile: users.get(user_id!)?.mobile ?? '',
        submitted: s.submits,
        submittedObjects: s.submitted_objects,
        reviewed: s.passes_given + s.rejects_given,
        reviewedObjects: s.reviewed_objects,
        objects: objectsOf(s),
        ...speedOf(s),
        ...firstPassOf(s),
        rejectionsReceived: s.rejects_received,
        reworkSubmits: s.rework_submits,
      }))
      .sort((a, b) => byName(a.name, b.name) || a.userId - b.userId);
    return { from: range.from, to: range.to, rows };
  }

  async quality(scope: ReportScope, range: DayRange, groupBy: ReportGrouping): Promise<QualityReport> {
    const dimension = DIMENSION_OF[groupBy];
    const [keyed, reasonRows] = await Promise.all([this.grouped(scope, groupBy, false), this.sums.reasons(scope, [dimension])]);
    // Reasons are keyed like the sums: the same person, group, vendor, project or day.
    const keysOf = await keysFor(this.names, scope.teamId, groupBy, reasonRows.map((r) => ({ ...r, sums: emptySums() })));
    const reasonNames = await this.names.rejectReasons(reasonRows.map((r) => r.reason_id).filter((id) => id > 0));
    const perKey = new Map<string, Map<number, number>>();
    for (const r of reasonRows) {
      for (const key of keysOf({ ...r, sums: emptySums() })) {
        const id = `${key.id}|${key.name}`;
        const counts = perKey.get(id) ?? new Map<number, number>();
        counts.set(r.reason_id, (counts.get(r.reason_id) ?? 0) + r.rejects);
        perKey.set(id, counts);
      }
    }
    const rows = keyed
      .map(({ key, sums: s }) => ({
        key,
        reviewed: s.passes_received + s.rejects_received,
        passed: s.passes_received,
        rejected: s.rejects_received,
        ...firstPassOf(s),
        reworkSubmits: s.rework_submits,
        reasons: [...(perKey.get(`${key.id}|${key.name}`) ?? new Map<number, number>())]
          .map(([reasonId, count]) => ({ reasonId: reasonId > 0 ? reasonId : null, kind: reasonKindOf(reasonId), name: reasonNames.get(reasonId) ?? '', count }))
          .sort((a, b) => b.count - a.count || byName(a.name, b.name)),
      }))
      // Keys with no quality figure at all (reviewers, idle days) would be rows of zeros.
      .filter((r) => r.reviewed > 0 || r.reworkSubmits > 0);
    return { from: range.from, to: range.to, groupBy, rows };
  }

  async workload(scope: ReportScope, range: DayRange, groupBy: ReportGrouping): Promise<WorkloadReport> {
    const rows = (await this.grouped(scope, groupBy, true)).map(({ key, day, sums: s }) => ({
      key,
      day: isoDay(day!),
      claimed: s.claims,
      submitted: s.submits,
      reviewed: s.passes_given + s.rejects_given,
      objects: objectsOf(s),
      activeMs: s.active_ms,
    }))
      .filter((r) => r.claimed + r.submitted + r.reviewed + r.objects + r.activeMs > 0);
    return { from: range.from, to: range.to, groupBy, rows };
  }
}

/** A reason row's id as what the reviewer gave: one of the catalogue, their own words, or nothing. */
const reasonKindOf = (id: number) => (id > 0 ? 'catalogue' : id === TYPED_REASON ? 'typed' : 'none') as 'catalogue' | 'typed' | 'none';
