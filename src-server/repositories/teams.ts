import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';

import type { TeamRole } from '../../src-shared/model/permissions';

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

  async roleOf(teamId: number, userId: number): Promise<TeamRole | undefined> {
    const r = await this.db
      .selectFrom('team_members')
      .select('role')
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return r?.role as TeamRole | undefined;
  }

  async findByName(name: string): Promise<number | undefined> {
    const r = await this.db.selectFrom('teams').select('id').where('name', '=', name).executeTakeFirst();
    return r?.id;
  }
}
