import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { PageOf } from '../../src-shared/api/envelope';
import type { TeamMember } from '../../src-shared/api/user';
import type { TeamRole } from '../../src-shared/model/permissions';
import { likeContains } from './like';
import { mobileFor, type ContactView } from '../auth/contactView';
import { shownAvatar } from '../../src-shared/model/avatar';

/** Roles that may curate (manage) projects of a team. */
const CURATOR_ROLES: readonly TeamRole[] = ['owner', 'admin', 'manager'];

/** Which members a member list shows: a whole team, or one group of it, by name. */
export interface MemberFilter {
  teamId: number;
  groupId?: number;
  name?: string;
}

/**
 * Drops project memberships that leaving a team takes away: in the team's own projects and in
 * projects shared with the team as a vendor, unless the user still reaches the project through
 * another team (its owning team, or another vendor team it is shared with). Runs before the
 * team_members rows go, so it works for removing members and for deleting the team alike.
 */
export async function pruneProjectMemberships(db: Kysely<Database>, teamId: number, userIds: number[] | 'all'): Promise<void> {
  await db
    .deleteFrom('project_members')
    .where((eb) =>
      eb.and([
        userIds === 'all'
          ? eb('project_members.user_id', 'in', eb.selectFrom('team_members').select('team_members.user_id').where('team_members.team_id', '=', teamId))
          : eb('project_members.user_id', 'in', userIds),
        eb.or([
          eb('project_members.project_id', 'in', eb.selectFrom('projects').select('projects.id').where('projects.team_id', '=', teamId)),
          eb(
            'project_members.project_id',
            'in',
            eb
              .selectFrom('project_vendors')
              .innerJoin('vendors', 'vendors.id', 'project_vendors.vendor_id')
              .select('project_vendors.project_id')
              .where('vendors.vendor_team_id', '=', teamId),
          ),
        ]),
        eb.not(
          eb.exists(
            eb
              .selectFrom('projects as p')
              .innerJoin('team_members as tm', 'tm.team_id', 'p.team_id')
              .select('p.id')
              .whereRef('p.id', '=', 'project_members.project_id')
              .whereRef('tm.user_id', '=', 'project_members.user_id')
              .where('tm.team_id', '<>', teamId),
          ),
        ),
        eb.not(
          eb.exists(
            eb
              .selectFrom('project_vendors as pv')
              .innerJoin('vendors as v', 'v.id', 'pv.vendor_id')
              .innerJoin('team_members as tm', 'tm.team_id', 'v.vendor_team_id')
              .select('pv.project_id')
              .whereRef('pv.project_id', '=', 'project_members.project_id')
              .whereRef('tm.user_id', '=', 'project_members.user_id')
              .where('tm.team_id', '<>', teamId),
          ),
        ),
      ]),
    )
    .execute();
}

/** Team membership: who is in a team, with which role, and in which of its groups. */
export class TeamMembersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private base(f: MemberFilter) {
    let q = this.db
      .selectFrom('team_members')
      .innerJoin('users', 'users.id', 'team_members.user_id')
      .where('team_members.team_id', '=', f.teamId);
    if (f.groupId !== undefined) {
      const groupId = f.groupId;
      q = q.where((eb) =>
        eb('team_members.user_id', 'in', eb.selectFrom('group_members').select('group_members.user_id').where('group_members.group_id', '=', groupId)),
      );
    }
    if (f.name) q = q.where(likeContains('users.name', f.name));
    return q;
  }

  /** Members oldest first (then by id, so pages are stable). */
  async page(f: MemberFilter, page: number, pageSize: number, view: ContactView): Promise<PageOf<TeamMember>> {
    const base = this.base(f);
    const [rows, count] = await Promise.all([
      base
        .select(['users.id', 'users.name', 'users.mobile', 'users.avatar', 'team_members.role', 'team_members.joined_at'])
        .orderBy('team_members.joined_at')
        .orderBy('users.id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list: await this.withGroups(f.teamId, rows, view), total: Number(count.n), page, pageSize };
  }

  /** The given members as lists show them; ids that are not members are left out. */
  async byIds(teamId: number, userIds: number[], view: ContactView): Promise<TeamMember[]> {
    if (userIds.length === 0) return [];
    const rows = await this.base({ teamId })
      .select(['users.id', 'users.name', 'users.mobile', 'users.avatar', 'team_members.role', 'team_members.joined_at'])
      .where('users.id', 'in', userIds)
      .orderBy('team_members.joined_at')
      .orderBy('users.id')
      .execute();
    return this.withGroups(teamId, rows, view);
  }

  /** Owner, admins and managers: the members who may manage projects. */
  async curators(teamId: number, view: ContactView): Promise<TeamMember[]> {
    const rows = await this.base({ teamId })
      .select(['users.id', 'users.name', 'users.mobile', 'users.avatar', 'team_members.role', 'team_members.joined_at'])
      .where('team_members.role', 'in', CURATOR_ROLES)
      .orderBy('team_members.joined_at')
      .orderBy('users.id')
      .execute();
    return this.withGroups(teamId, rows, view);
  }

  private async withGroups(
    teamId: number,
    rows: { id: number; name: string; mobile: string; avatar: string | null; role: string; joined_at: number }[],
    view: ContactView,
  ): Promise<TeamMember[]> {
    const ids = rows.map((r) => r.id);
    const memberships = ids.length
      ? await this.db
          .selectFrom('group_members')
          .innerJoin('team_groups', 'team_groups.id', 'group_members.group_id')
          .select(['group_members.user_id', 'team_groups.id', 'team_groups.name'])
          .where('team_groups.team_id', '=', teamId)
          .where('group_members.user_id', 'in', ids)
          .orderBy('team_groups.name')
          .orderBy('team_groups.id')
          .execute()
      : [];
    return rows.map((r) => ({
      userId: r.id,
      name: r.name,
      mobile: mobileFor(view, r.id, r.mobile),
      avatar: shownAvatar(r.avatar),
      role: r.role as TeamRole,
      joinedAt: r.joined_at,
      groups: memberships.filter((m) => m.user_id === r.id).map((m) => ({ groupId: m.id, name: m.name })),
    }));
  }

  /** The roles of those of the given users who are members. */
  async rolesOf(teamId: number, userIds: number[], db: Kysely<Database> = this.db): Promise<Map<number, TeamRole>> {
    if (userIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('team_members')
      .select(['user_id', 'role'])
      .where('team_id', '=', teamId)
      .where('user_id', 'in', userIds)
      .execute();
    return new Map(rows.map((r) => [r.user_id, r.role as TeamRole]));
  }

  /** Registered users by mobile number (numbers without an account are simply absent). */
  async usersByMobiles(mobiles: string[]): Promise<{ id: number; mobile: string }[]> {
    if (mobiles.length === 0) return [];
    return this.db.selectFrom('users').select(['id', 'mobile']).where('mobile', 'in', mobiles).execute();
  }

  /**
   * Adds users with one role; existing members keep theirs. A user with no current team gets
   * this one, so their first team works at once.
   */
  async addMany(teamId: number, userIds: number[], role: TeamRole, now: number): Promise<void> {
    if (userIds.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('team_members')
        .values(userIds.map((userId) => ({ team_id: teamId, user_id: userId, role, joined_at: now })))
        .onConflict((oc) => oc.columns(['team_id', 'user_id']).doNothing())
        .execute();
      await trx
        .updateTable('users')
        .set({ current_team_id: teamId, updated_at: now })
        .where('id', 'in', userIds)
        .where('current_team_id', 'is', null)
        .execute();
    });
  }

  /** Sets one role on members; the owner row is never touched (ownership moves by transfer). */
  async setRoles(teamId: number, userIds: number[], role: TeamRole): Promise<void> {
    await this.db
      .updateTable('team_members')
      .set({ role })
      .where('team_id', '=', teamId)
      .where('user_id', 'in', userIds)
      .where('role', '<>', 'owner')
      .execute();
  }

  /**
   * Removes members from the team and from what membership gave them: its groups, its
   * projects' member lists, and the team as their current team. One transaction.
   */
  async removeMany(teamId: number, userIds: number[], now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await pruneProjectMemberships(trx, teamId, userIds);
      await trx
        .deleteFrom('group_members')
        .where('user_id', 'in', userIds)
        .where('group_id', 'in', (eb) => eb.selectFrom('team_groups').select('team_groups.id').where('team_groups.team_id', '=', teamId))
        .execute();
      await trx
        .deleteFrom('team_members')
        .where('team_id', '=', teamId)
        .where('user_id', 'in', userIds)
        .where('role', '<>', 'owner')
        .execute();
      await trx
        .updateTable('users')
        .set({ current_team_id: null, updated_at: now })
        .where('id', 'in', userIds)
        .where('current_team_id', '=', teamId)
        .execute();
    });
  }
}
