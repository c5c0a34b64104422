import type { FastifyInstance } from 'fastify';
import { teamRoutes } from '../../../src-shared/api/team';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import { TeamMembersRepository } from '../../repositories/teamMembers';
import type { ServerContext } from '../../context';
import { distinct } from '../group/outcome';
import { teamContactView } from '../../plugins/contactViews';

/**
 * Member management of a team (owner and admins, by the role table). Admins may manage every
 * member but the owner, other admins and themselves included; the owner's row changes only
 * by transfer. Batch changes are all or none.
 */
export function teamMemberRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const members = new TeamMembersRepository(ctx.db);

  /** Checks that every target is a member and none is the owner; answers the distinct ids. */
  const manageable = async (teamId: number, userIds: number[]): Promise<number[]> => {
    const ids = distinct(userIds);
    const roles = await members.rolesOf(teamId, ids);
    const missing = ids.filter((id) => !roles.has(id));
    if (missing.length) throw new AppError('team.memberNotFound', { userIds: missing });
    if (ids.some((id) => roles.get(id) === 'owner')) throw new AppError('team.ownerProtected');
    return ids;
  };

  addRoute(app, teamRoutes.addMembers, async (req) => {
    const { teamId } = accessOf(req);
    const mobiles = [...new Set(req.body.mobiles)];
    const found = await members.usersByMobiles(mobiles);
    const roles = await members.rolesOf(teamId, found.map((u) => u.id));
    const fresh = found.filter((u) => !roles.has(u.id));
    await members.addMany(teamId, fresh.map((u) => u.id), req.body.role, ctx.now());
    const known = new Set(found.map((u) => u.mobile));
    return {
      added: await members.byIds(teamId, fresh.map((u) => u.id), teamContactView(req)),
      alreadyMembers: mobiles.filter((m) => known.has(m) && !fresh.some((u) => u.mobile === m)),
      unknownMobiles: mobiles.filter((m) => !known.has(m)),
    };
  });

  addRoute(app, teamRoutes.setRole, async (req) => {
    const { teamId } = accessOf(req);
    const [userId] = await manageable(teamId, [req.body.userId]);
    await members.setRoles(teamId, [userId!], req.body.role);
    const [member] = await members.byIds(teamId, [userId!], teamContactView(req));
    if (!member) throw new AppError('team.memberNotFound', { userIds: [userId] });
    return member;
  });

  addRoute(app, teamRoutes.setRoles, async (req) => {
    const { teamId } = accessOf(req);
    const ids = await manageable(teamId, req.body.userIds);
    await members.setRoles(teamId, ids, req.body.role);
    return members.byIds(teamId, ids, teamContactView(req));
  });

  addRoute(app, teamRoutes.removeMember, async (req) => {
    const { teamId } = accessOf(req);
    await members.removeMany(teamId, await manageable(teamId, [req.query.userId]), ctx.now());
    return null;
  });

  addRoute(app, teamRoutes.removeMembers, async (req) => {
    const { teamId } = accessOf(req);
    await members.removeMany(teamId, await manageable(teamId, req.query.userIds), ctx.now());
    return null;
  });

  addRoute(app, teamRoutes.curators, async (req) => members.curators(accessOf(req).teamId, teamContactView(req)));
}
