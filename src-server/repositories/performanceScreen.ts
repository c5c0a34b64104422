import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { PerformanceScreen } from '../../src-shared/api/performance';
import { PERFORMANCE_MAX_DAYS } from '../../src-shared/api/performance';
import { isoDay } from '../performance/dateRange';
import { sharedProjects, teamMembers, teamProjects } from './performanceScope';

/**
 * The choices of the report filters for a team: what its reports can cover (scopedRows in
 * src-server/repositories/performanceScope.ts, by the same definitions), read from the team's
 * tables and the rollups' indexes. Names of projects, tasks and steps come only from projects
 * the reports cover.
 */
export async function performanceScreen(db: Kysely<Database>, teamId: number): Promise<PerformanceScreen> {
  const own = teamProjects(teamId);
  const members = teamMembers(teamId);
  const shared = sharedProjects(teamId);
  // Projects shared with the team that its members worked on, and the people who worked on its projects.
  const [elsewhere, workers] = await Promise.all([
    sql<{ project_id: number }>`select distinct project_id from performance_daily
      where user_id in (${members}) and project_id in (${shared}) and project_id not in (${own})`.execute(db),
    sql<{ user_id: number }>`select distinct user_id from performance_daily where project_id in (${own})`.execute(db),
  ]);
  const foreign = elsewhere.rows.map((r) => Number(r.project_id));

  const projects = await db
    .selectFrom('projects')
    .select(['id', 'name', 'team_id'])
    .where((eb) => eb.or([eb('team_id', '=', teamId), ...(foreign.length ? [eb('id', 'in', foreign)] : [])]))
    .orderBy('name')
    .orderBy('id')
    .execute();
  const projectIds = projects.map((p) => p.id);
  const [tasks, steps] = projectIds.length
    ? await Promise.all([
        db.selectFrom('tasks').select(['id', 'project_id', 'name']).where('project_id', 'in', projectIds).orderBy('name').orderBy('id').execute(),
        db.selectFrom('workflows').select(['id', 'task_id', 'step_index', 'type', 'name']).where('project_id', 'in', projectIds).orderBy('step_index').execute(),
      ])
    : [[], []];

  const vendorMembers = db
    .selectFrom('vendors as v')
    .innerJoin('team_members as tm', 'tm.team_id', 'v.vendor_team_id')
    .select('tm.user_id')
    .where('v.team_id', '=', teamId);
  const workerIds = workers.rows.map((r) => Number(r.user_id));
  const people = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where((eb) =>
      eb.or([
        eb('id', 'in', eb.selectFrom('team_members').select('user_id').where('team_id', '=', teamId)),
        eb('id', 'in', vendorMembers),
        ...(workerIds.length ? [eb('id', 'in', workerIds)] : []),
      ]),
    )
    .orderBy('name')
    .orderBy('id')
    .execute();

  const [groups, vendors, span] = await Promise.all([
    db.selectFrom('team_groups').select(['id', 'name']).where('team_id', '=', teamId).orderBy('name').execute(),
    db.selectFrom('vendors').select(['id', 'name']).where('team_id', '=', teamId).orderBy('name').execute(),
    sql<{ first: number | null; last: number | null }>`select min(day) as first, max(day) as last from (
      select day from performance_daily where project_id in (${own})
      union all select day from performance_daily where user_id in (${members}) and project_id in (${shared})) d`.execute(db),
  ]);
  const first = span.rows[0]?.first;
  const last = span.rows[0]?.last;

  return {
    projects: projects.map((p) => ({ projectId: p.id, name: p.name, own: p.team_id === teamId })),
    tasks: tasks.map((t) => ({
      taskId: t.id,
      projectId: t.project_id,
      name: t.name,
      steps: steps.filter((s) => s.task_id === t.id).map((s) => ({ workflowId: s.id, stepIndex: s.step_index, type: s.type, name: s.name })),
    })),
    people: people.map((u) => ({ userId: u.id, name: u.name })),
    groups: groups.map((g) => ({ groupId: g.id, name: g.name })),
    vendors: vendors.map((v) => ({ vendorId: v.id, name: v.name })),
    dataSpan: first === null || first === undefined || last === null || last === undefined ? null : { from: isoDay(Number(first)), to: isoDay(Number(last)) },
    maxDays: PERFORMANCE_MAX_DAYS,
  };
}
