import type { FastifyInstance } from 'fastify';
import { inviteRoutes, MOBILE_INVITES_PER_DAY, type InviteJoinResult, type InviteRole } from '../../../src-shared/api/invite';
import { room } from '../../../src-shared/api/realtime';
import { teamRoleMay } from '../../../src-shared/model/permissions';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { MobileInvitationsRepository } from '../../repositories/mobileInvitations';
import { TeamJoinsRepository } from '../../repositories/teamJoins';
import type { ServerContext } from '../../context';

/** Registered invitees hear of an invitation at once in their own room: the banner needs no poll. */
async function tellInvitees(ctx: ServerContext, mobiles: readonly string[], change: 'created' | 'cancelled'): Promise<void> {
  for (const mobile of new Set(mobiles)) {
    const user = await ctx.repos.users.findByMobile(mobile);
    if (user) await ctx.realtime.publish(room('user', user.id), 'invite.received', { change });
  }
}

/** Invitations by mobile number: the team's side (invite, cancel) and the invitee's (accept, decline). */
export function inviteMobileRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const invitations = new MobileInvitationsRepository(ctx.db);

  const caller = async (userId: number) => {
    const user = await ctx.repos.users.findById(userId);
    if (!user) throw new AppError('unauthorized');
    return user;
  };

  addRoute(app, inviteRoutes.mobileList, async (req) => {
    const user = await caller(requireUser(req));
    const { box = 'received', status, page = 1, pageSize = 20 } = req.query;
    if (box === 'received') return invitations.listReceived(user.mobile, user.id, page, pageSize);
    // One route serves both boxes, so the sent box's rule cannot be the route's access rule:
    // the same table decides here, with the same answers the access hook would give.
    const teamId = user.current_team_id;
    const role = teamId === null ? undefined : await ctx.repos.access.teamRole(teamId, user.id);
    if (teamId === null || !role) throw new AppError('team.noCurrentTeam');
    if (!teamRoleMay(role, 'team.invite.manage')) throw new AppError('forbidden');
    return invitations.listSent(teamId, status, page, pageSize);
  });

  addRoute(app, inviteRoutes.mobileInvite, async (req) => {
    const { teamId } = accessOf(req);
    const { mobiles, role } = req.body;
    const result = await ctx.db.transaction().execute((trx) =>
      new MobileInvitationsRepository(trx).inviteMany({ teamId, mobiles, role, invitedBy: requireUser(req), now: ctx.now(), limit: MOBILE_INVITES_PER_DAY }),
    );
    if (!result.ok) throw new AppError('invite.tooManyInvitations', { limit: MOBILE_INVITES_PER_DAY, remaining: result.remaining });
    const { outcomes } = result;
    await tellInvitees(ctx, outcomes.filter((o) => o.outcome === 'invited').map((o) => o.mobile), 'created');
    // Nothing done at all is a conflict; the key says why when every number failed the same way.
    if (!outcomes.some((o) => o.outcome === 'invited')) {
      const reasons = new Set(outcomes.map((o) => o.outcome));
      const key = reasons.size > 1 ? 'invite.nothingInvited' : reasons.has('alreadyMember') ? 'invite.alreadyMember' : 'invite.alreadyPending';
      throw new AppError(key, outcomes);
    }
    return outcomes;
  });

  /** Cancels pending invitations of the team, all or none: unknown ids 404, answered ones 409. */
  const cancel = async (teamId: number, ids: number[]) => {
    const unique = [...new Set(ids)];
    const mobiles = await ctx.db.transaction().execute(async (trx) => {
      const repo = new MobileInvitationsRepository(trx);
      const found = await repo.ofTeam(teamId, unique);
      const known = new Set(found.map((f) => f.id));
      const missing = unique.filter((id) => !known.has(id));
      if (missing.length) throw new AppError('invite.invitationNotFound', { ids: missing });
      const answered = found.filter((f) => f.status !== 'pending').map((f) => f.id);
      if (answered.length) throw new AppError('invite.invitationNotPending', { ids: answered });
      // Guarded by status in the update itself, so a concurrent accept cannot be overwritten.
      if ((await repo.answer(unique, 'cancelled', ctx.now())) !== unique.length) throw new AppError('invite.invitationNotPending');
      return (await trx.selectFrom('mobile_invitations').select('mobile').where('id', 'in', unique).execute()).map((r) => r.mobile);
    });
    await tellInvitees(ctx, mobiles, 'cancelled');
    return null;
  };
  addRoute(app, inviteRoutes.mobileCancel, async (req) => cancel(accessOf(req).teamId, [req.body.id]));
  addRoute(app, inviteRoutes.mobileCancelMany, async (req) => cancel(accessOf(req).teamId, req.body.ids));

  /** The invitation addressed to the caller's number, still pending; anyone else's is 404. */
  const addressed = async (mobile: string, id: number) => {
    const inv = await invitations.addressedTo(mobile, id);
    if (!inv) throw new AppError('invite.invitationNotFound');
    if (inv.status !== 'pending') throw new AppError('invite.invitationNotPending');
    return inv;
  };

  addRoute(app, inviteRoutes.acceptMobile, async (req): Promise<InviteJoinResult> => {
    const user = await caller(requireUser(req));
    const inv = await addressed(user.mobile, req.body.id);
    const role = inv.role as InviteRole;
    await ctx.db.transaction().execute(async (trx) => {
      if ((await new MobileInvitationsRepository(trx).answer([inv.id], 'accepted', ctx.now())) !== 1) throw new AppError('invite.invitationNotPending');
      const joined = await new TeamJoinsRepository(trx).join({ teamId: inv.team_id, userId: user.id, mobile: user.mobile, role, now: ctx.now() });
      if (!joined) throw new AppError('invite.alreadyMember');
    });
    return { kind: 'member', teamId: inv.team_id, teamName: inv.team_name, role };
  });

  addRoute(app, inviteRoutes.declineMobile, async (req) => {
    const user = await caller(requireUser(req));
    const inv = await addressed(user.mobile, req.body.id);
    if ((await invitations.answer([inv.id], 'declined', ctx.now())) !== 1) throw new AppError('invite.invitationNotPending');
    return null;
  });
}
