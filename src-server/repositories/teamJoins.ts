import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { InviteRole } from '../../src-shared/api/invite';

/** Users joining teams by invitation (code or mobile); construct it on a transaction. */
export class TeamJoinsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The membership, the team becoming the user's current one, and their other pending mobile
   * invitations to that team closing as accepted (they are in; nothing is left to answer).
   * Answers false, changing nothing, when the user is already a member.
   */
  async join(j: { teamId: number; userId: number; mobile: string; role: InviteRole; now: number }): Promise<boolean> {
    const inserted = await this.db
      .insertInto('team_members')
      .values({ team_id: j.teamId, user_id: j.userId, role: j.role, joined_at: j.now })
      .onConflict((oc) => oc.columns(['team_id', 'user_id']).doNothing())
      .returning('user_id')
      .executeTakeFirst();
    if (!inserted) return false;
    await this.db.updateTable('users').set({ current_team_id: j.teamId, updated_at: j.now }).where('id', '=', j.userId).execute();
    await this.db
      .updateTable('mobile_invitations')
      .set({ status: 'accepted', updated_at: j.now })
      .where('team_id', '=', j.teamId)
      .where('mobile', '=', j.mobile)
      .where('status', '=', 'pending')
      .execute();
    return true;
  }

  /** Whether a user is a member of a team, in any role. */
  async isMember(teamId: number, userId: number): Promise<boolean> {
    const r = await this.db.selectFrom('team_members').select('user_id').where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst();
    return r !== undefined;
  }
}
