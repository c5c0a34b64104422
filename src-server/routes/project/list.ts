import type { FastifyInstance } from 'fastify';
import { projectRoutes } from '../../../src-shared/api/project';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { normalizeListFilters } from '../../repositories/projectList';
import type { ProjectDeps } from './deps';

/** How many recently opened projects GET /project/recently answers. */
const RECENT_LIMIT = 10;

/**
 * The list routes act on the caller's current team without an access rule: with no current team
 * there is simply nothing to list (an empty page), which is what a new user sees.
 */
export function registerProjectList(app: FastifyInstance, d: ProjectDeps): void {
  const listFor = async (userId: number, q: Parameters<typeof normalizeListFilters>[0]) => {
    const filters = normalizeListFilters(q);
    const viewer = await d.list.viewer(userId);
    if (!viewer) return { list: [], total: 0, page: filters.page, pageSize: filters.pageSize };
    return d.list.list(viewer, filters);
  };

  addRoute(app, projectRoutes.list, async (req) => listFor(requireUser(req), req.query));
  addRoute(app, projectRoutes.listPost, async (req) => listFor(requireUser(req), req.body));

  addRoute(app, projectRoutes.recently, async (req) => {
    const viewer = await d.list.viewer(requireUser(req));
    return viewer ? d.list.recent(viewer, RECENT_LIMIT) : [];
  });
}
