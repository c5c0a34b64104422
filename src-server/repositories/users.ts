import type { Kysely, Selectable } from 'kysely';
import type { Database, UsersTable } from '../database/schema';
import type { UserInfo } from '../../src-shared/api/user';
import { hashToken } from '../auth/tokens';
import { shownAvatar } from '../../src-shared/model/avatar';

export type UserRow = Selectable<UsersTable>;

export const toUserInfo = (u: UserRow): UserInfo => ({
  id: u.id,
  mobile: u.mobile,
  name: u.name,
  currentTeamId: u.current_team_id,
  avatar: shownAvatar(u.avatar),
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

  async existsByMobile(mobile: string): Promise<boolean> {
    return (await this.db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirst()) !== undefined;
  }

  /** Changes the own name and/or avatar; answers the user as now stored. */
  async updateProfile(userId: number, patch: { name?: string; avatar?: string | null }, now: number): Promise<UserRow | undefined> {
    return this.db
      .updateTable('users')
      .set({ ...patch, updated_at: now })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * Stores a new password hash and ends the user's sessions in the same transaction, so no
   * session opened with the old password survives: all of them, or all but `keepToken`'s.
   */
  async setPassword(userId: number, passwordHash: string, now: number, keepToken: string | null): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', userId).execute();
      let end = trx.deleteFrom('sessions').where('user_id', '=', userId);
      if (keepToken) end = end.where('token_hash', '<>', hashToken(keepToken));
      await end.execute();
    });
  }
}
