import type { FastifyInstance } from 'fastify';
import { teamRoutes } from '../../../src-shared/api/team';
import { ASSIGNABLE_TEAM_ROLES, TEAM_ROLES } from '../../../src-shared/model/permissions';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import { GroupsRepository } from '../../repositories/groups';
import type { ServerContext } from '../../context';
import { createGroup } from '../group/outcome';
import { teamMemberRoutes } from './members';

/** Teams: the caller's list, creating and switching, details, deletion, roles and transfer. */
export function teamRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  const { teams, users } = ctx.repos;
  const groups = new GroupsRepository(ctx.db);

  /** The team as the caller now sees it; gone (deleted, or the caller removed) answers 404. */
  const infoOf = async (teamId: number, userId: number) => {
    const info = await teams.infoFor(teamId, userId);
    if (!info) throw new AppError('team.notFound');
    return info;
  };

  addRoute(app, teamRoutes.list, async (req) => teams.listFor(requireUser(req)));

  addRoute(app, teamRoutes.create, async (req) => {
    const userId = requireUser(req);
    const teamId = await teams.createOwned({
      name: req.body.name.trim(),
      description: req.body.description?.trim() ?? '',
      ownerId: userId,
      now: ctx.now(),
    });
    return infoOf(teamId, userId);
  });

  addRoute(app, teamRoutes.switch, async (req) => {
    const userId = requireUser(req);
    const { teamId } = accessOf(req);
    await users.setCurrentTeam(userId, teamId, ctx.now());
    return infoOf(teamId, userId);
  });

  addRoute(app, teamRoutes.get, async (req) => infoOf(accessOf(req).teamId, requireUser(req)));

  addRoute(app, teamRoutes.update, async (req) => {
    const { teamId } = accessOf(req);
    const { name, description } = req.body;
    await teams.update(
      teamId,
      { ...(name !== undefined ? { name: name.trim() } : {}), ...(description !== undefined ? { description: description.trim() } : {}) },
      ctx.now(),
    );
    return infoOf(teamId, requireUser(req));
  });

  addRoute(app, teamRoutes.remove, async (req) => {
    await teams.remove(accessOf(req).teamId, ctx.now());
    return null;
  });

  addRoute(app, teamRoutes.createGroup, async (req) => createGroup(groups, accessOf(req).teamId, req.body, ctx.now()));

  addRoute(app, teamRoutes.roles, async (req) => {
    const assignable = new Set<string>(ASSIGNABLE_TEAM_ROLES);
    return TEAM_ROLES.filter((role) => req.query.hasOwn === true || assignable.has(role)).map((role) => ({ role, assignable: assignable.has(role) }));
  });

  addRoute(app, teamRoutes.transfer, async (req) => {
    const userId = requireUser(req);
    const { teamId } = accessOf(req);
    const target = req.body.userId;
    if (target === userId) throw new AppError('team.alreadyOwner');
    // The access check saw the caller as owner; the transaction checks it again, so two
    // concurrent transfers cannot both succeed.
    const outcome = await teams.transfer(teamId, userId, target, ctx.now());
    if (outcome === 'notMember') throw new AppError('team.memberNotFound', { userIds: [target] });
    if (outcome === 'notOwner') throw new AppError('forbidden');
    return infoOf(teamId, userId);
  });

  teamMemberRoutes(app, ctx);
}
