import type { FastifyInstance } from 'fastify';
import { groupRoutes } from '../../../src-shared/api/group';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import { GroupsRepository, isUniqueViolation } from '../../repositories/groups';
import { TeamMembersRepository } from '../../repositories/teamMembers';
import type { ServerContext } from '../../context';
import { createGroup, distinct, groupOrError } from './outcome';
import { teamContactView } from '../../plugins/contactViews';

/**
 * Groups of members inside the caller's current team. Every group id is looked up within that
 * team, so another team's group answers 404 exactly like one that does not exist.
 */
export function groupRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  const groups = new GroupsRepository(ctx.db);
  const members = new TeamMembersRepository(ctx.db);

  const groupOfTeam = async (teamId: number, groupId: number) => {
    const group = await groups.find(teamId, groupId);
    if (!group) throw new AppError('group.notFound');
    return group;
  };

  addRoute(app, groupRoutes.create, async (req) => createGroup(groups, accessOf(req).teamId, req.body, ctx.now()));

  addRoute(app, groupRoutes.removeMany, async (req) => {
    const { teamId } = accessOf(req);
    const wanted = distinct(req.query.groupIds);
    const found = new Set(await groups.idsInTeam(teamId, wanted));
    // All or none: one unknown id (or another team's) deletes nothing.
    if (found.size !== wanted.length) throw new AppError('group.notFound', { groupIds: wanted.filter((id) => !found.has(id)) });
    await groups.removeMany(teamId, wanted);
    return null;
  });

  addRoute(app, groupRoutes.removeMembers, async (req) => {
    const { teamId } = accessOf(req);
    await groupOfTeam(teamId, req.query.groupId);
    await groups.removeMembers(req.query.groupId, distinct(req.query.userIds));
    return null;
  });

  addRoute(app, groupRoutes.update, async (req) => {
    const { teamId } = accessOf(req);
    const { name, userIds } = req.body;
    const patch = { ...(name !== undefined ? { name: name.trim() } : {}), ...(userIds ? { userIds: distinct(userIds) } : {}) };
    try {
      return groupOrError(await groups.update(teamId, req.params.groupId, patch));
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('group.nameTaken');
      throw err;
    }
  });

  addRoute(app, groupRoutes.remove, async (req) => {
    const { teamId } = accessOf(req);
    await groupOfTeam(teamId, req.params.groupId);
    await groups.removeMany(teamId, [req.params.groupId]);
    return null;
  });

  addRoute(app, groupRoutes.members, async (req) => {
    const { teamId } = accessOf(req);
    const { groupId } = req.params;
    await groupOfTeam(teamId, groupId);
    return members.page({ teamId, groupId, name: req.query.name?.trim() || undefined }, req.query.page ?? 1, req.query.pageSize ?? 20, teamContactView(req));
  });
}
