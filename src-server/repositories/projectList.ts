import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database, ProjectsTable } from '../database/schema';
import type { PageOf } from '../../src-shared/api/envelope';
import type { ProjectListBody, ProjectListQuery, ProjectSummary, ProjectType } from '../../src-shared/api/project';
import type { TeamRole } from '../../src-shared/model/permissions';
import { ProjectRolesRepository } from './projectRoles';
import { escapeLike, likeIgnoringCase } from './like';

/** Who is looking: the caller in their current team. */
export interface ProjectViewer {
  userId: number;
  teamId: number;
  teamRole: TeamRole;
}

/** The list filters with defaults applied and empty values dropped. */
export interface ProjectListFilters {
  page: number;
  pageSize: number;
  isVendor?: boolean;
  memberIds?: number[];
  memberIdsCondition: 'any' | 'all' | 'none';
  projectIds?: number[];
  projectIdCondition: 'in' | 'notIn';
  projectName?: string;
  projectNameCondition: 'contains' | 'equals' | 'startsWith';
  types?: ProjectType[];
  typeCondition: 'in' | 'notIn';
  orderBy: 'createdAt' | 'updatedAt' | 'projectName';
  order: 'asc' | 'desc';
}

const unique = (ids: number[] | undefined) => (ids && ids.length > 0 ? [...new Set(ids)] : undefined);

/** Defaults (newest first, page 1 of 20); an empty id list or a blank name filters nothing. */
export function normalizeListFilters(q: ProjectListQuery | ProjectListBody): ProjectListFilters {
  const types = q.type === undefined ? undefined : Array.isArray(q.type) ? q.type : [q.type];
  const name = q.projectName?.trim();
  return {
    page: q.page ?? 1,
    pageSize: q.pageSize ?? 20,
    ...(q.isVendor === undefined ? {} : { isVendor: q.isVendor }),
    ...(unique(q.memberIds) ? { memberIds: unique(q.memberIds)! } : {}),
    memberIdsCondition: q.memberIdsCondition ?? 'any',
    ...(unique(q.projectIds) ? { projectIds: unique(q.projectIds)! } : {}),
    projectIdCondition: q.projectIdCondition ?? 'in',
    ...(name ? { projectName: name } : {}),
    projectNameCondition: q.projectNameCondition ?? 'contains',
    ...(types && types.length > 0 ? { types: [...new Set(types)] } : {}),
    typeCondition: q.typeCondition ?? 'in',
    orderBy: q.orderBy ?? 'createdAt',
    order: q.order ?? 'desc',
  };
}


const SEES_ALL_TEAM_ROLES: readonly TeamRole[] = ['owner', 'admin', 'manager'];
const SORT_COLUMN = { createdAt: 'created_at', updatedAt: 'updated_at', projectName: 'name' } as const;
const SUMMARY_COLUMNS = ['p.id', 'p.team_id', 'p.name', 'p.type', 'p.description', 'p.created_at', 'p.updated_at'] as const;

type ProjectsQuery = SelectQueryBuilder<Database & { p: ProjectsTable }, 'p', object>;

/**
 * The project list. Visibility: in the caller's current team T, owners, admins and managers
 * see all of T's projects and all projects other teams share with T as a vendor; other members
 * see only those of them they are project members of. The two sources are separate branches of
 * a UNION ALL so each is served by its own index: T's projects by the (team_id, <sort>, id)
 * indexes, shared ones through vendors(vendor_team_id) and project_vendors.
 */
export class ProjectListRepository {
  private readonly roles: ProjectRolesRepository;
  constructor(private readonly db: Kysely<Database>) {
    this.roles = new ProjectRolesRepository(db);
  }

  /** The caller in their current team, or undefined with no current team (or no longer in it). */
  async viewer(userId: number): Promise<ProjectViewer | undefined> {
    const r = await this.db
      .selectFrom('users as u')
      .innerJoin('team_members as tm', (j) => j.onRef('tm.team_id', '=', 'u.current_team_id').onRef('tm.user_id', '=', 'u.id'))
      .select(['tm.team_id', 'tm.role'])
      .where('u.id', '=', userId)
      .executeTakeFirst();
    return r ? { userId, teamId: r.team_id, teamRole: r.role as TeamRole } : undefined;
  }

  /** One page of the projects the viewer sees that match the filters, with their total. */
  async list(viewer: ProjectViewer, f: ProjectListFilters): Promise<PageOf<ProjectSummary>> {
    const branches = this.visibleBranches(viewer, f.isVendor).map((b) => this.filtered(b, f));
    const col = SORT_COLUMN[f.orderBy];
    // The page is found on (id, sort key) alone, which the (team_id, <sort>, id) indexes cover.
    // Each branch is cut to the rows up to the end of the page in its own index order, so
    // PostgreSQL merges two ordered index scans (Merge Append) instead of sorting the whole
    // team; only the page's rows are then read in full.
    const upToPageEnd = f.page * f.pageSize;
    const keys = branches
      .map((b) =>
        this.db
          .selectFrom(b.select(['p.id', `p.${col}`]).orderBy(`p.${col}`, f.order).orderBy('p.id', f.order).limit(upToPageEnd).as('b'))
          .selectAll(),
      )
      .reduce((a, b) => a.unionAll(b));
    const pageKeys = this.db
      .selectFrom(keys.as('k'))
      .select(['k.id', `k.${col}`])
      .orderBy(`k.${col}`, f.order)
      .orderBy('k.id', f.order) // ties (same time, same name) always come in the same order
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize);
    const ids = branches.map((b) => b.select('p.id')).reduce((a, b) => a.unionAll(b));
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('projects as p')
        .innerJoin(pageKeys.as('k'), 'k.id', 'p.id')
        .select(SUMMARY_COLUMNS)
        .orderBy(`k.${col}`, f.order)
        .orderBy('k.id', f.order)
        .execute(),
      this.db.selectFrom(ids.as('x')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const list = await this.summaries(viewer, rows);
    return { list, total: Number(count.n), page: f.page, pageSize: f.pageSize };
  }

  /** The caller's last opened projects still visible in the current team, newest visit first. */
  async recent(viewer: ProjectViewer, limit: number): Promise<(ProjectSummary & { visitedAt: number })[]> {
    const source = this.visibleBranches(viewer, undefined)
      .map((b) =>
        b
          .innerJoin('project_visits as pv', (j) => j.onRef('pv.project_id', '=', 'p.id').on('pv.user_id', '=', viewer.userId))
          .select([...SUMMARY_COLUMNS, 'pv.visited_at']),
      )
      .reduce((a, b) => a.unionAll(b));
    const rows = await this.db.selectFrom(source.as('x')).selectAll().orderBy('x.visited_at', 'desc').orderBy('x.id', 'desc').limit(limit).execute();
    const list = await this.summaries(viewer, rows);
    const visitedAt = new Map(rows.map((r) => [r.id, r.visited_at]));
    return list.map((p) => ({ ...p, visitedAt: visitedAt.get(p.projectId)! }));
  }

  /** T's own projects and the ones shared with T, each narrowed to the caller's memberships if needed. */
  private visibleBranches(viewer: ProjectViewer, isVendor: boolean | undefined): ProjectsQuery[] {
    const seesAll = SEES_ALL_TEAM_ROLES.includes(viewer.teamRole);
    const narrow = (q: ProjectsQuery) =>
      seesAll ? q : q.where('p.id', 'in', this.db.selectFrom('project_members').select('project_id').where('user_id', '=', viewer.userId));
    const own = () => narrow(this.db.selectFrom('projects as p').where('p.team_id', '=', viewer.teamId));
    const shared = () =>
      narrow(
        this.db.selectFrom('projects as p').where(
          'p.id',
          'in',
          this.db
            .selectFrom('project_vendors as pv')
            .innerJoin('vendors as v', 'v.id', 'pv.vendor_id')
            .select('pv.project_id')
            .where('v.vendor_team_id', '=', viewer.teamId)
            // a team engaging itself as a vendor would list its projects twice
            .where('v.team_id', '<>', viewer.teamId),
        ),
      );
    if (isVendor === true) return [shared()];
    if (isVendor === false) return [own()];
    return [own(), shared()];
  }

  private filtered(q: ProjectsQuery, f: ProjectListFilters): ProjectsQuery {
    if (f.projectIds) q = q.where('p.id', f.projectIdCondition === 'in' ? 'in' : 'not in', f.projectIds);
    if (f.types) q = q.where('p.type', f.typeCondition === 'in' ? 'in' : 'not in', f.types);
    if (f.projectName !== undefined) {
      const name = f.projectName;
      if (f.projectNameCondition === 'equals') q = q.where('p.name', '=', name);
      else q = q.where(likeIgnoringCase('p.name', `${f.projectNameCondition === 'contains' ? '%' : ''}${escapeLike(name)}%`));
    }
    if (f.memberIds) {
      const members = this.db.selectFrom('project_members').select('project_id').where('user_id', 'in', f.memberIds);
      if (f.memberIdsCondition === 'any') q = q.where('p.id', 'in', members);
      else if (f.memberIdsCondition === 'none') q = q.where('p.id', 'not in', members);
      else q = q.where('p.id', 'in', members.groupBy('project_id').having((eb) => eb.fn.countAll(), '=', f.memberIds.length));
    }
    return q;
  }

  /** Member counts and the caller's effective role for a page of rows. */
  private async summaries(
    viewer: ProjectViewer,
    rows: { id: number; team_id: number; name: string; type: string; description: string; created_at: number; updated_at: number }[],
  ): Promise<ProjectSummary[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [counts, roles] = await Promise.all([
      this.db
        .selectFrom('project_members')
        .select(['project_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('project_id', 'in', ids)
        .groupBy('project_id')
        .execute(),
      this.roles.rolesOn(viewer.userId, rows.map((r) => ({ id: r.id, teamId: r.team_id }))),
    ]);
    const memberCount = new Map(counts.map((c) => [c.project_id, Number(c.n)]));
    // A row whose role vanished between the two queries (membership just removed) is left out.
    return rows.flatMap((r) => {
      const myRole = roles.get(r.id);
      if (!myRole) return [];
      return [{
        projectId: r.id,
        projectName: r.name,
        type: r.type as ProjectType,
        isVendor: r.team_id !== viewer.teamId,
        teamId: r.team_id,
        description: r.description,
        memberCount: memberCount.get(r.id) ?? 0,
        myRole,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
      }];
    });
  }
}
