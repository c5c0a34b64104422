import type { FastifyInstance } from 'fastify';
import { projectRoutes } from '../../../src-shared/api/project';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import type { ServerContext } from '../../context';

export function projectRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  addRoute(app, projectRoutes.list, async (req) => {
    const userId = requireUser(req);
    const user = await ctx.repos.users.findById(userId);
    const page = req.query.page ?? 1;
    const pageSize = req.query.pageSize ?? 20;
    const teamId = user?.current_team_id;
    // No current team, or no longer a member of it: nothing to see.
    if (!teamId || !(await ctx.repos.teams.roleOf(teamId, userId))) return { list: [], total: 0, page, pageSize };
    return ctx.repos.projects.listForTeam(teamId, req.query);
  });
}
