import type { ReportGrouping, ReportKey } from '../../src-shared/api/performance';
import type { PerformanceNamesRepository } from '../repositories/performanceNames';
import type { Dimension, DimensionSums } from '../repositories/performanceReports';
import { isoDay } from './dateRange';

/** The rollup column each grouping is summed by; groups and vendors are made of people. */
export const DIMENSION_OF: Record<ReportGrouping, Dimension> = { person: 'user_id', group: 'user_id', vendor: 'user_id', project: 'project_id', day: 'day' };

/** What a summed row counts towards: a person's row towards each group they are in. */
export type KeysOf = (row: DimensionSums) => ReportKey[];

/** No group: members of none of the team's groups. */
const NO_GROUP: ReportKey = { id: null, name: '' };

/** Looks up the names (and groups, vendors) of the ids in `rows` and answers how to key them. */
export async function keysFor(names: PerformanceNamesRepository, teamId: number, groupBy: ReportGrouping, rows: readonly DimensionSums[]): Promise<KeysOf> {
  const ids = (d: Dimension) => [...new Set(rows.map((r) => r[d]!))];
  switch (groupBy) {
    case 'person': {
      const users = await names.users(ids('user_id'));
      return (r) => [{ id: r.user_id!, name: users.get(r.user_id!)?.name ?? '' }];
    }
    case 'group': {
      const groups = await names.groupsOf(teamId, ids('user_id'));
      return (r) => groups.get(r.user_id!) ?? [NO_GROUP];
    }
    case 'vendor': {
      const [vendors, teamName] = await Promise.all([names.vendorOf(teamId, ids('user_id')), names.teamName(teamId)]);
      // People not working through a vendor are the team's own: keyed by its name.
      return (r) => [vendors.get(r.user_id!) ?? { id: null, name: teamName }];
    }
    case 'project': {
      const projects = await names.projects(ids('project_id'));
      return (r) => [{ id: r.project_id!, name: projects.get(r.project_id!) ?? '' }];
    }
    case 'day':
      return (r) => [{ id: r.day!, name: isoDay(r.day!) }];
  }
}

/** One collator for every sort: String#localeCompare builds one per call, which dominates sorting thousands of rows. */
export const byName = new Intl.Collator('en').compare;

/** Report rows in a stable order: days in time order, everything else by name, then id. */
export function byKey(a: ReportKey, b: ReportKey, groupBy: ReportGrouping): number {
  if (groupBy === 'day') return (a.id ?? 0) - (b.id ?? 0);
  return byName(a.name, b.name) || (a.id ?? 0) - (b.id ?? 0);
}
