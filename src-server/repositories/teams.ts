import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { TeamInfo } from '../../src-shared/api/team';
import type { TeamRole } from '../../src-shared/model/permissions';
import { pruneProjectMemberships } from './teamMembers';

export type { TeamRole };

export class TeamsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(t: { name: string; ownerId: number; now: number }): Promise<number> {
    const row = await this.db
      .insertInto('teams')
      .values({ name: t.name, owner_id: t.ownerId, created_at: t.now, updated_at: t.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.addMember(row.id, t.ownerId, 'owner', t.now);
    return row.id;
  }

  async addMember(teamId: number, userId: number, role: TeamRole, now: number): Promise<void> {
    await this.db
      .insertInto('team_members')
      .values({ team_id: teamId, user_id: userId, role, joined_at: now })
      .onConflict((oc) => oc.columns(['team_id', 'user_id']).doUpdateSet({ role }))
      .execute();
  }

  async findByName(name: string): Promise<number | undefined> {
    const r = await this.db.selectFrom('teams').select('id').where('name', '=', name).executeTakeFirst();
    return r?.id;
  }

  /** The caller's teams with their standing in each: one query, no per-team round trips. */
  private infoQuery(userId: number) {
    return this.db
      .selectFrom('team_members as me')
      .innerJoin('teams', 'teams.id', 'me.team_id')
      .innerJoin('users as owner', 'owner.id', 'teams.owner_id')
      .innerJoin('users as self', 'self.id', 'me.user_id')
      .where('me.user_id', '=', userId)
      .select((eb) => [
        'teams.id',
        'teams.name',
        'teams.description',
        'teams.owner_id',
        'owner.name as owner_name',
        'teams.created_at',
        'teams.updated_at',
        'me.role',
        'self.current_team_id',
        eb
          .selectFrom('team_members as m')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('m.team_id', '=', 'teams.id')
          .as('member_count'),
      ]);
  }

  private static toInfo(r: {
    id: number; name: string; description: string; owner_id: number; owner_name: string; created_at: number;
    updated_at: number; role: string; current_team_id: number | null; member_count: number | null;
  }): TeamInfo {
    return {
      teamId: r.id,
      name: r.name,
      description: r.description,
      ownerId: r.owner_id,
      ownerName: r.owner_name,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      memberCount: Number(r.member_count ?? 0),
      myRole: r.role as TeamRole,
      isCurrent: r.current_team_id === r.id,
    };
  }

  /** Every team the user belongs to, oldest first. */
  async listFor(userId: number): Promise<TeamInfo[]> {
    const rows = await this.infoQuery(userId).orderBy('teams.created_at').orderBy('teams.id').execute();
    return rows.map(TeamsRepository.toInfo);
  }

  /** One team as the user sees it; undefined unless the user is a member. */
  async infoFor(teamId: number, userId: number): Promise<TeamInfo | undefined> {
    const row = await this.infoQuery(userId).where('teams.id', '=', teamId).executeTakeFirst();
    return row && TeamsRepository.toInfo(row);
  }

  /** A new team owned by the user, who is its first member and now works in it. */
  async createOwned(t: { name: string; description: string; ownerId: number; now: number }): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('teams')
        .values({ name: t.name, description: t.description, owner_id: t.ownerId, created_at: t.now, updated_at: t.now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('team_members').values({ team_id: id, user_id: t.ownerId, role: 'owner', joined_at: t.now }).execute();
      await trx.updateTable('users').set({ current_team_id: id, updated_at: t.now }).where('id', '=', t.ownerId).execute();
      return id;
    });
  }

  async update(teamId: number, patch: { name?: string; description?: string }, now: number): Promise<void> {
    await this.db.updateTable('teams').set({ ...patch, updated_at: now }).where('id', '=', teamId).execute();
  }

  /**
   * Deletes a team and, by cascade, everything in it. Memberships its members held in other
   * teams' projects shared with it as a vendor go too, and nobody keeps it as current team.
   */
  async remove(teamId: number, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await pruneProjectMemberships(trx, teamId, 'all');
      await trx.updateTable('users').set({ current_team_id: null, updated_at: now }).where('current_team_id', '=', teamId).execute();
      await trx.deleteFrom('teams').where('id', '=', teamId).execute();
    });
  }

  /**
   * Moves ownership from `fromUserId` to another member in one transaction; the old owner
   * stays as an admin. Changes nothing and answers why when `fromUserId` no longer owns the
   * team (e.g. after a concurrent transfer) or `toUserId` is not a member.
   */
  async transfer(teamId: number, fromUserId: number, toUserId: number, now: number): Promise<'ok' | 'notOwner' | 'notMember'> {
    try {
      await this.db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('teams')
          .set({ owner_id: toUserId, updated_at: now })
          .where('id', '=', teamId)
          .where('owner_id', '=', fromUserId)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) throw new TransferAborted('notOwner');
        const promoted = await trx
          .updateTable('team_members')
          .set({ role: 'owner' })
          .where('team_id', '=', teamId)
          .where('user_id', '=', toUserId)
          .executeTakeFirst();
        if (Number(promoted.numUpdatedRows) !== 1) throw new TransferAborted('notMember');
        await trx.updateTable('team_members').set({ role: 'admin' }).where('team_id', '=', teamId).where('user_id', '=', fromUserId).execute();
      });
      return 'ok';
    } catch (err) {
      if (err instanceof TransferAborted) return err.reason;
      throw err;
    }
  }
}

/** Thrown inside the transfer transaction to roll it back with a reason. */
class TransferAborted extends Error {
  constructor(readonly reason: 'notOwner' | 'notMember') {
    super(reason);
  }
}
