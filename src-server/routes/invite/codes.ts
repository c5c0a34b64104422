import type { FastifyInstance } from 'fastify';
import { inviteRoutes, type InviteCodeKind, type InviteJoinResult, type InviteRole } from '../../../src-shared/api/invite';
import { teamRoleMay } from '../../../src-shared/model/permissions';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { InviteCodesRepository, type InviteCodeRow } from '../../repositories/inviteCodes';
import { TeamJoinsRepository } from '../../repositories/teamJoins';
import { VendorsRepository } from '../../repositories/vendors';
import type { ServerContext } from '../../context';

const memberCode = (r: InviteCodeRow) => ({ code: r.code, open: r.is_open === 1, role: r.role as InviteRole });
const vendorCode = (r: InviteCodeRow) => ({ code: r.code, open: r.is_open === 1 });

/** The team's two invitation codes, and joining by one. */
export function inviteCodeRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const codes = new InviteCodesRepository(ctx.db);
  const vendors = new VendorsRepository(ctx.db);

  addRoute(app, inviteRoutes.codes, async (req) => {
    const { teamId } = accessOf(req);
    const member = await codes.ensure(teamId, 'member', ctx.now());
    const vendor = await codes.ensure(teamId, 'vendor', ctx.now());
    return { member: memberCode(member), vendor: vendorCode(vendor) };
  });

  addRoute(app, inviteRoutes.open, async (req) => memberCode(await codes.setOpen(accessOf(req).teamId, 'member', true, req.body.role, ctx.now())));
  addRoute(app, inviteRoutes.close, async (req) => memberCode(await codes.setOpen(accessOf(req).teamId, 'member', false, undefined, ctx.now())));
  addRoute(app, inviteRoutes.reset, async (req) => memberCode(await codes.reset(accessOf(req).teamId, 'member', req.body.role, ctx.now())));
  addRoute(app, inviteRoutes.vendorOpen, async (req) => vendorCode(await codes.setOpen(accessOf(req).teamId, 'vendor', true, undefined, ctx.now())));
  addRoute(app, inviteRoutes.vendorClose, async (req) => vendorCode(await codes.setOpen(accessOf(req).teamId, 'vendor', false, undefined, ctx.now())));
  addRoute(app, inviteRoutes.vendorReset, async (req) => vendorCode(await codes.reset(accessOf(req).teamId, 'vendor', undefined, ctx.now())));

  // Any logged-in user may look a code up: holding the code is what the team shared.
  addRoute(app, inviteRoutes.preview, async (req) => {
    const found = await codes.findByCode(req.params.code);
    if (!found) throw new AppError('invite.codeNotFound');
    const kind = found.kind as InviteCodeKind;
    return { teamId: found.team_id, teamName: found.team_name, kind, open: found.is_open === 1, role: kind === 'member' ? (found.role as InviteRole) : null };
  });

  addRoute(app, inviteRoutes.acceptCode, async (req): Promise<InviteJoinResult> => {
    const userId = requireUser(req);
    const found = await codes.findByCode(req.body.code);
    if (!found) throw new AppError('invite.codeNotFound');
    if (found.is_open !== 1) throw new AppError('invite.codeClosed');
    const user = await ctx.repos.users.findById(userId);
    if (!user) throw new AppError('unauthorized');
    const team = { teamId: found.team_id, teamName: found.team_name };

    if (found.kind === 'member') {
      const role = found.role as InviteRole;
      const joined = await ctx.db.transaction().execute((trx) =>
        new TeamJoinsRepository(trx).join({ teamId: found.team_id, userId, mobile: user.mobile, role, now: ctx.now() }),
      );
      if (!joined) throw new AppError('invite.alreadyMember');
      return { kind: 'member', ...team, role };
    }

    // A vendor code engages the caller's current team, which only its owner or admin may commit.
    const vendorTeamId = user.current_team_id;
    const vendorRole = vendorTeamId === null ? undefined : await ctx.repos.access.teamRole(vendorTeamId, userId);
    if (vendorTeamId === null || !vendorRole) throw new AppError('team.noCurrentTeam');
    if (!teamRoleMay(vendorRole, 'team.vendor.manage')) throw new AppError('invite.vendorJoinForbidden');
    if (vendorTeamId === found.team_id) throw new AppError('vendor.ownTeam');
    const vendorId = await vendors.create({ teamId: found.team_id, vendorTeamId, now: ctx.now() });
    if (vendorId === undefined) throw new AppError('vendor.alreadyEngaged');
    return { kind: 'vendor', ...team, role: null };
  });
}
