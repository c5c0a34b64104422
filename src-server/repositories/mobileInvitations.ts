import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { PageOf } from '../../src-shared/api/envelope';
import type { InviteRole, MobileInvitation, MobileInvitationStatus, MobileInviteOutcome } from '../../src-shared/api/invite';

/** The window of the per-team invitation limit (MOBILE_INVITES_PER_DAY). */
export const INVITE_LIMIT_WINDOW_MS = 24 * 3600 * 1000;

/** Outcome of inviting a list of numbers: done, or refused whole by the daily limit. */
export type InviteManyResult = { ok: true; outcomes: MobileInviteOutcome[] } | { ok: false; remaining: number };

/** Invitations of a team to mobile numbers, and their answers. */
export class MobileInvitationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Invitations with their team's and inviter's names, newest first. */
  private listed() {
    return this.db
      .selectFrom('mobile_invitations as mi')
      .innerJoin('teams', 'teams.id', 'mi.team_id')
      .innerJoin('users as inviter', 'inviter.id', 'mi.invited_by');
  }

  private async page(
    base: ReturnType<MobileInvitationsRepository['listed']>,
    page: number,
    pageSize: number,
  ): Promise<PageOf<MobileInvitation>> {
    const [rows, count] = await Promise.all([
      base
        .select([
          'mi.id', 'mi.team_id', 'teams.name as team_name', 'mi.mobile', 'mi.role', 'mi.status',
          'inviter.name as inviter_name', 'mi.created_at', 'mi.updated_at',
        ])
        .orderBy('mi.created_at', 'desc')
        .orderBy('mi.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const list = rows.map((r) => ({
      id: r.id,
      teamId: r.team_id,
      teamName: r.team_name,
      mobile: r.mobile,
      role: r.role as InviteRole,
      status: r.status as MobileInvitationStatus,
      inviterName: r.inviter_name,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }));
    return { list, total: Number(count.n), page, pageSize };
  }

  /** Pending invitations addressed to a number, leaving out teams its user is already in. */
  listReceived(mobile: string, userId: number, page: number, pageSize: number): Promise<PageOf<MobileInvitation>> {
    const base = this.listed()
      .where('mi.mobile', '=', mobile)
      .where('mi.status', '=', 'pending')
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('team_members as tm').select('tm.user_id').whereRef('tm.team_id', '=', 'mi.team_id').where('tm.user_id', '=', userId))),
      );
    return this.page(base, page, pageSize);
  }

  /** A team's invitations, in any status or the one asked. */
  listSent(teamId: number, status: MobileInvitationStatus | undefined, page: number, pageSize: number): Promise<PageOf<MobileInvitation>> {
    let base = this.listed().where('mi.team_id', '=', teamId);
    if (status) base = base.where('mi.status', '=', status);
    return this.page(base, page, pageSize);
  }

  /**
   * Invites each number not yet a member and not already pending; the daily limit counts only
   * the invitations this call would make, and refuses the call whole rather than half of it.
   * Run it in a transaction.
   */
  async inviteMany(i: { teamId: number; mobiles: string[]; role: InviteRole; invitedBy: number; now: number; limit: number }): Promise<InviteManyResult> {
    const mobiles = [...new Set(i.mobiles)];
    const [members, pending, recent] = await Promise.all([
      this.db
        .selectFrom('users')
        .innerJoin('team_members', 'team_members.user_id', 'users.id')
        .select('users.mobile')
        .where('team_members.team_id', '=', i.teamId)
        .where('users.mobile', 'in', mobiles)
        .execute(),
      this.db
        .selectFrom('mobile_invitations')
        .select(['id', 'mobile'])
        .where('team_id', '=', i.teamId)
        .where('status', '=', 'pending')
        .where('mobile', 'in', mobiles)
        .execute(),
      this.db
        .selectFrom('mobile_invitations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('team_id', '=', i.teamId)
        .where('created_at', '>', i.now - INVITE_LIMIT_WINDOW_MS)
        .executeTakeFirstOrThrow(),
    ]);
    const memberSet = new Set(members.map((m) => m.mobile));
    const pendingId = new Map(pending.map((p) => [p.mobile, p.id]));
    const fresh = mobiles.filter((m) => !memberSet.has(m) && !pendingId.has(m));
    const remaining = Math.max(0, i.limit - Number(recent.n));
    if (fresh.length > remaining) return { ok: false, remaining };

    const created = fresh.length
      ? await this.db
          .insertInto('mobile_invitations')
          .values(fresh.map((mobile) => ({ team_id: i.teamId, mobile, role: i.role, status: 'pending', invited_by: i.invitedBy, created_at: i.now, updated_at: i.now })))
          .returning(['id', 'mobile'])
          .execute()
      : [];
    const createdId = new Map(created.map((c) => [c.mobile, c.id]));
    const outcomes = mobiles.map((mobile): MobileInviteOutcome => {
      if (memberSet.has(mobile)) return { mobile, outcome: 'alreadyMember', id: null };
      const waiting = pendingId.get(mobile);
      if (waiting !== undefined) return { mobile, outcome: 'alreadyPending', id: waiting };
      return { mobile, outcome: 'invited', id: createdId.get(mobile)! };
    });
    return { ok: true, outcomes };
  }

  /** Of these ids, those that belong to the team, with their status. */
  ofTeam(teamId: number, ids: number[]): Promise<{ id: number; status: string }[]> {
    return this.db.selectFrom('mobile_invitations').select(['id', 'status']).where('team_id', '=', teamId).where('id', 'in', ids).execute();
  }

  /** One invitation addressed to a number, undefined when there is none such. */
  addressedTo(mobile: string, id: number) {
    return this.db
      .selectFrom('mobile_invitations as mi')
      .innerJoin('teams', 'teams.id', 'mi.team_id')
      .select(['mi.id', 'mi.team_id', 'mi.role', 'mi.status', 'teams.name as team_name'])
      .where('mi.id', '=', id)
      .where('mi.mobile', '=', mobile)
      .executeTakeFirst();
  }

  /** Moves pending invitations to another status; answers how many were still pending. */
  async answer(ids: number[], status: Exclude<MobileInvitationStatus, 'pending'>, now: number): Promise<number> {
    const r = await this.db
      .updateTable('mobile_invitations')
      .set({ status, updated_at: now })
      .where('id', 'in', ids)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }
}
