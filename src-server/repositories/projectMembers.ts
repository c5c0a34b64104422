import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { PageOf } from '../../src-shared/api/envelope';
import type { ProjectMember, ProjectMemberInput } from '../../src-shared/api/project';
import type { ProjectMemberRole } from '../../src-shared/model/permissions';
import { likeContains } from './like';
import { mobileFor, type ContactView } from '../auth/contactView';

/** Where a project member comes from: the project's team, a vendor team, or (left since) neither. */
export type MemberOrigin = { teamId: number; teamName: string; fromVendor: boolean };

/** Members of one project (project_members) and the teams they come from. */
export class ProjectMembersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A page of members, oldest first, optionally by name (contains, ASCII case ignored) and role. */
  async list(
    project: { id: number; teamId: number },
    q: { name?: string; role?: ProjectMemberRole; page: number; pageSize: number },
    view: ContactView,
  ): Promise<PageOf<ProjectMember>> {
    let base = this.db.selectFrom('project_members as pm').innerJoin('users as u', 'u.id', 'pm.user_id').where('pm.project_id', '=', project.id);
    const name = q.name?.trim();
    if (name) base = base.where(likeContains('u.name', name));
    if (q.role) base = base.where('pm.role', '=', q.role);
    const [rows, count] = await Promise.all([
      base
        .select(['pm.user_id', 'pm.role', 'pm.added_at', 'u.name', 'u.mobile'])
        .orderBy('pm.added_at')
        .orderBy('pm.user_id')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const origins = await this.origins(project, rows.map((r) => r.user_id));
    return { list: rows.map((r) => toMember(r, origins.get(r.user_id), view)), total: Number(count.n), page: q.page, pageSize: q.pageSize };
  }

  /** The given users as members of the project (those that are members). */
  async byUserIds(project: { id: number; teamId: number }, userIds: number[], view: ContactView): Promise<ProjectMember[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('project_members as pm')
      .innerJoin('users as u', 'u.id', 'pm.user_id')
      .select(['pm.user_id', 'pm.role', 'pm.added_at', 'u.name', 'u.mobile'])
      .where('pm.project_id', '=', project.id)
      .where('pm.user_id', 'in', userIds)
      .orderBy('pm.added_at')
      .orderBy('pm.user_id')
      .execute();
    const origins = await this.origins(project, userIds);
    return rows.map((r) => toMember(r, origins.get(r.user_id), view));
  }

  /**
   * The team each member comes from: the project's own team first, else the first vendor team
   * (of those the project is shared with) they belong to. All members when userIds is absent.
   */
  async origins(project: { id: number; teamId: number }, userIds?: number[]): Promise<Map<number, MemberOrigin>> {
    const out = new Map<number, MemberOrigin>();
    if (userIds && userIds.length === 0) return out;
    const [own, vendor] = await Promise.all([
      this.db
        .selectFrom('project_members as pm')
        .innerJoin('team_members as tm', (j) => j.onRef('tm.user_id', '=', 'pm.user_id').on('tm.team_id', '=', project.teamId))
        .innerJoin('teams as t', 't.id', 'tm.team_id')
        .select(['pm.user_id', 't.id as teamId', 't.name as teamName'])
        .where('pm.project_id', '=', project.id)
        .$if(userIds !== undefined, (q) => q.where('pm.user_id', 'in', userIds!))
        .execute(),
      this.db
        .selectFrom('project_members as pm')
        .innerJoin('project_vendors as pv', 'pv.project_id', 'pm.project_id')
        .innerJoin('vendors as v', 'v.id', 'pv.vendor_id')
        .innerJoin('team_members as tm', (j) => j.onRef('tm.team_id', '=', 'v.vendor_team_id').onRef('tm.user_id', '=', 'pm.user_id'))
        .innerJoin('teams as t', 't.id', 'v.vendor_team_id')
        .select(['pm.user_id', 't.id as teamId', 't.name as teamName'])
        .where('pm.project_id', '=', project.id)
        .$if(userIds !== undefined, (q) => q.where('pm.user_id', 'in', userIds!))
        .orderBy('v.id', 'desc') // the lowest vendor id is set last and wins
        .execute(),
    ]);
    for (const r of vendor) out.set(r.user_id, { teamId: r.teamId, teamName: r.teamName, fromVendor: true });
    for (const r of own) out.set(r.user_id, { teamId: r.teamId, teamName: r.teamName, fromVendor: false });
    return out;
  }

  /** Those of the users who belong to at least one of the teams. */
  async inTeams(teamIds: number[], userIds: number[]): Promise<Set<number>> {
    if (teamIds.length === 0 || userIds.length === 0) return new Set();
    const rows = await this.db.selectFrom('team_members').select('user_id').distinct().where('team_id', 'in', teamIds).where('user_id', 'in', userIds).execute();
    return new Set(rows.map((r) => r.user_id));
  }

  /** Those of the users who are members of the project. */
  async existing(projectId: number, userIds: number[]): Promise<number[]> {
    if (userIds.length === 0) return [];
    const rows = await this.db.selectFrom('project_members').select('user_id').where('project_id', '=', projectId).where('user_id', 'in', userIds).execute();
    return rows.map((r) => r.user_id);
  }

  /** Adds members or changes their role (adding keeps the original added_at). */
  async upsert(projectId: number, members: ProjectMemberInput[], now: number): Promise<void> {
    if (members.length === 0) return;
    await this.db
      .insertInto('project_members')
      .values(members.map((m) => ({ project_id: projectId, user_id: m.userId, role: m.role, added_at: now })))
      .onConflict((oc) => oc.columns(['project_id', 'user_id']).doUpdateSet((eb) => ({ role: eb.ref('excluded.role') })))
      .execute();
  }

  /** Adds the members that are not members yet; existing members keep their role. */
  async addMissing(projectId: number, members: ProjectMemberInput[], now: number): Promise<void> {
    if (members.length === 0) return;
    await this.db
      .insertInto('project_members')
      .values(members.map((m) => ({ project_id: projectId, user_id: m.userId, role: m.role, added_at: now })))
      .onConflict((oc) => oc.columns(['project_id', 'user_id']).doNothing())
      .execute();
  }

  async remove(projectId: number, userIds: number[]): Promise<void> {
    if (userIds.length > 0) await this.db.deleteFrom('project_members').where('project_id', '=', projectId).where('user_id', 'in', userIds).execute();
  }

  /**
   * Removes members who no longer have a way in: in neither the project's team nor a vendor team
   * it is still shared with (after its vendors changed).
   */
  async pruneUnreachable(project: { id: number; teamId: number }): Promise<void> {
    await this.db
      .deleteFrom('project_members')
      .where('project_id', '=', project.id)
      .where('user_id', 'not in', this.db.selectFrom('team_members').select('user_id').where('team_id', '=', project.teamId))
      .where(
        'user_id',
        'not in',
        this.db
          .selectFrom('team_members as tm')
          .innerJoin('vendors as v', 'v.vendor_team_id', 'tm.team_id')
          .innerJoin('project_vendors as pv', 'pv.vendor_id', 'v.id')
          .select('tm.user_id')
          .where('pv.project_id', '=', project.id),
      )
      .execute();
  }

  async count(projectId: number): Promise<number> {
    const r = await this.db.selectFrom('project_members').select((eb) => eb.fn.countAll<number>().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Member counts by project role. */
  async countByRole(projectId: number): Promise<Record<ProjectMemberRole, number>> {
    const rows = await this.db
      .selectFrom('project_members')
      .select(['role', (eb) => eb.fn.countAll<number>().as('n')])
      .where('project_id', '=', projectId)
      .groupBy('role')
      .execute();
    const out: Record<ProjectMemberRole, number> = { manager: 0, reviewer: 0, annotator: 0 };
    for (const r of rows) if (r.role in out) out[r.role as ProjectMemberRole] = Number(r.n);
    return out;
  }

  /** The ids of every member (for figures over all of them). */
  async userIds(projectId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('project_members').select('user_id').where('project_id', '=', projectId).execute();
    return rows.map((r) => r.user_id);
  }
}

function toMember(
  r: { user_id: number; role: string; added_at: number; name: string; mobile: string },
  origin: MemberOrigin | undefined,
  view: ContactView,
): ProjectMember {
  return {
    userId: r.user_id,
    name: r.name,
    mobile: mobileFor(view, r.user_id, r.mobile),
    role: r.role as ProjectMemberRole,
    teamId: origin?.teamId ?? null,
    teamName: origin?.teamName ?? null,
    fromVendor: origin?.fromVendor ?? false,
    addedAt: r.added_at,
  };
}
