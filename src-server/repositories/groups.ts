import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { GroupInfo } from '../../src-shared/api/group';

/** A unique-constraint violation, as SQLite and PostgreSQL report it. */
export const isUniqueViolation = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

/** Groups of members inside a team. Every lookup is scoped by team: other teams' groups do not exist here. */
export class GroupsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A group of the team with its member ids, or undefined (also when it belongs to another team). */
  async find(teamId: number, groupId: number, db: Kysely<Database> = this.db): Promise<GroupInfo | undefined> {
    const g = await db
      .selectFrom('team_groups')
      .select(['id', 'team_id', 'name', 'created_at'])
      .where('id', '=', groupId)
      .where('team_id', '=', teamId)
      .executeTakeFirst();
    if (!g) return undefined;
    const members = await db
      .selectFrom('group_members')
      .select('user_id')
      .where('group_id', '=', groupId)
      .orderBy('user_id')
      .execute();
    return { groupId: g.id, teamId: g.team_id, name: g.name, createdAt: g.created_at, userIds: members.map((m) => m.user_id) };
  }

  /** Those of the given group ids that belong to the team. */
  async idsInTeam(teamId: number, groupIds: number[]): Promise<number[]> {
    if (groupIds.length === 0) return [];
    const rows = await this.db.selectFrom('team_groups').select('id').where('team_id', '=', teamId).where('id', 'in', groupIds).execute();
    return rows.map((r) => r.id);
  }

  /** Those of the given user ids that are not members of the team. */
  async notTeamMembers(teamId: number, userIds: number[], db: Kysely<Database> = this.db): Promise<number[]> {
    if (userIds.length === 0) return [];
    const rows = await db.selectFrom('team_members').select('user_id').where('team_id', '=', teamId).where('user_id', 'in', userIds).execute();
    const members = new Set(rows.map((r) => r.user_id));
    return userIds.filter((id) => !members.has(id));
  }

  /**
   * Creates a group with members in one transaction. Answers 'nameTaken' when the team has a
   * group of that name, or the user ids that are not team members (nothing is created then).
   */
  async create(g: { teamId: number; name: string; userIds: number[]; now: number }): Promise<GroupInfo | 'nameTaken' | { notMembers: number[] }> {
    return this.db.transaction().execute(async (trx) => {
      const notMembers = await this.notTeamMembers(g.teamId, g.userIds, trx);
      if (notMembers.length) return { notMembers };
      const row = await trx
        .insertInto('team_groups')
        .values({ team_id: g.teamId, name: g.name, created_at: g.now })
        .onConflict((oc) => oc.columns(['team_id', 'name']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return 'nameTaken';
      if (g.userIds.length) {
        await trx.insertInto('group_members').values(g.userIds.map((userId) => ({ group_id: row.id, user_id: userId }))).execute();
      }
      return (await this.find(g.teamId, row.id, trx))!;
    });
  }

  /**
   * Renames and/or replaces the members of a group of the team, in one transaction. Answers
   * undefined when there is no such group in the team, like create for the other failures.
   */
  async update(
    teamId: number,
    groupId: number,
    patch: { name?: string; userIds?: number[] },
  ): Promise<GroupInfo | undefined | 'nameTaken' | { notMembers: number[] }> {
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.find(teamId, groupId, trx))) return undefined;
      if (patch.userIds) {
        const notMembers = await this.notTeamMembers(teamId, patch.userIds, trx);
        if (notMembers.length) return { notMembers };
      }
      if (patch.name !== undefined) {
        const clash = await trx
          .selectFrom('team_groups')
          .select('id')
          .where('team_id', '=', teamId)
          .where('name', '=', patch.name)
          .where('id', '<>', groupId)
          .executeTakeFirst();
        if (clash) return 'nameTaken';
        await trx.updateTable('team_groups').set({ name: patch.name }).where('id', '=', groupId).execute();
      }
      if (patch.userIds) {
        await trx.deleteFrom('group_members').where('group_id', '=', groupId).execute();
        if (patch.userIds.length) {
          await trx.insertInto('group_members').values(patch.userIds.map((userId) => ({ group_id: groupId, user_id: userId }))).execute();
        }
      }
      return this.find(teamId, groupId, trx);
    });
  }

  /** Deletes groups of the team (their memberships go with them by cascade). */
  async removeMany(teamId: number, groupIds: number[]): Promise<void> {
    if (groupIds.length === 0) return;
    await this.db.deleteFrom('team_groups').where('team_id', '=', teamId).where('id', 'in', groupIds).execute();
  }

  /** Takes users out of one group; users not in it are ignored. */
  async removeMembers(groupId: number, userIds: number[]): Promise<void> {
    await this.db.deleteFrom('group_members').where('group_id', '=', groupId).where('user_id', 'in', userIds).execute();
  }
}
