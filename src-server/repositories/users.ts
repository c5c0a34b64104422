import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../database/schema';
import type { UserInfo } from '../../src-shared/api/user';

export type UserRow = Selectable<UsersTable>;

export const toUserInfo = (u: UserRow): UserInfo => ({
  id: u.id,
  mobile: u.mobile,
  name: u.name,
  currentTeamId: u.current_team_id,
  createdAt: u.created_at,
});

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findByMobile(mobile: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
  }

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Inserts a user; answers undefined when the mobile number is already registered. */
  async create(u: { mobile: string; name: string; passwordHash: string; now: number }): Promise<UserRow | undefined> {
    return this.db
      .insertInto('users')
      .values({
        mobile: u.mobile,
        name: u.name,
        password_hash: u.passwordHash,
        current_team_id: null,
        created_at: u.now,
        updated_at: u.now,
      })
      .onConflict((oc) => oc.column('mobile').doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  async setCurrentTeam(userId: number, teamId: number | null, now: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ current_team_id: teamId, updated_at: now })
      .where('id', '=', userId)
      .execute();
  }
}
