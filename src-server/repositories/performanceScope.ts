import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../database/schema';
import type { ReportFilterBody } from '../../src-shared/api/performance';
import { AppError } from '../errors';

/** Whose work a report covers and which part of it: the caller's current team and the body's filters. */
export interface ReportScope extends Omit<ReportFilterBody, 'from' | 'to'> {
  teamId: number;
  fromDay: number;
  toDay: number;
}

/** Refuses groups of other teams and vendors the team does not engage (404 with their ids). */
export async function checkScopeIds(db: Kysely<Database>, s: ReportScope): Promise<void> {
  if (s.groupIds) {
    const found = new Set((await db.selectFrom('team_groups').select('id').where('team_id', '=', s.teamId).where('id', 'in', s.groupIds).execute()).map((r) => r.id));
    const missing = s.groupIds.filter((id) => !found.has(id));
    if (missing.length > 0) throw new AppError('performance.groupNotFound', { groupIds: missing });
  }
  if (s.vendorIds) {
    const found = new Set((await db.selectFrom('vendors').select('id').where('team_id', '=', s.teamId).where('id', 'in', s.vendorIds).execute()).map((r) => r.id));
    const missing = s.vendorIds.filter((id) => !found.has(id));
    if (missing.length > 0) throw new AppError('performance.vendorNotFound', { vendorIds: missing });
  }
}

const ids = (list: readonly number[]) => sql.join(list.map((id) => sql.lit(id)));

/** The body's filters and the day range, on rollup rows aliased `r`. */
function filters(s: ReportScope): RawBuilder<unknown> {
  const parts = [sql`r.day >= ${s.fromDay}`, sql`r.day <= ${s.toDay}`];
  if (s.projectIds) parts.push(sql`r.project_id in (${ids(s.projectIds)})`);
  if (s.taskIds) parts.push(sql`r.task_id in (${ids(s.taskIds)})`);
  if (s.workflowIds) parts.push(sql`r.workflow_id in (${ids(s.workflowIds)})`);
  if (s.userIds) parts.push(sql`r.user_id in (${ids(s.userIds)})`);
  // The ids were checked to be the team's own groups and vendors (checkScopeIds).
  if (s.groupIds) parts.push(sql`r.user_id in (select gm.user_id from group_members gm where gm.group_id in (${ids(s.groupIds)}))`);
  if (s.vendorIds) {
    parts.push(sql`r.user_id in (select tm.user_id from vendors v join team_members tm on tm.team_id = v.vendor_team_id where v.id in (${ids(s.vendorIds)}))`);
  }
  return sql.join(parts, sql` and `);
}

/** The team's own projects. */
export const teamProjects = (teamId: number) => sql`select id from projects where team_id = ${teamId}`;

/** The team's members. */
export const teamMembers = (teamId: number) => sql`select user_id from team_members where team_id = ${teamId}`;

/**
 * Other teams' projects shared with the team as their vendor (project_vendors through the
 * client's engagement of it). A project that merely has one of the team's members working on
 * it (someone in two teams) is not one of them.
 */
export const sharedProjects = (teamId: number) =>
  sql`select pv.project_id from project_vendors pv join vendors v on v.id = pv.vendor_id where v.vendor_team_id = ${teamId}`;

/**
 * The rollup rows a report covers, as a derived table: rows of the team's projects, plus rows
 * of its members' work on projects shared with it as a vendor (a vendor team sees its people's
 * work for its clients), and nothing of other projects, whoever worked on them (the role
 * table: a team sees its own projects and the work its members did on projects shared with it).
 * Two disjoint branches, each read through its own index (project and day, user and day),
 * instead of one OR that would scan the day range of every team.
 */
export function scopedRows(table: 'performance_daily' | 'performance_reject_reasons', s: ReportScope): RawBuilder<unknown> {
  const t = sql.table(table);
  const where = filters(s);
  return sql`(select r.* from ${t} r where r.project_id in (${teamProjects(s.teamId)}) and ${where}
    union all
    select r.* from ${t} r where r.user_id in (${teamMembers(s.teamId)}) and r.project_id in (${sharedProjects(s.teamId)})
      and r.project_id not in (${teamProjects(s.teamId)}) and ${where})`;
}
