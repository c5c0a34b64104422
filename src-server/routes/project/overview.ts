import type { FastifyInstance } from 'fastify';
import { projectRoutes, type ProjectOverview } from '../../../src-shared/api/project';
import { PROJECT_PERMISSIONS, projectRoleMay, type ProjectAction } from '../../../src-shared/model/permissions';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import type { ProjectDeps } from './deps';

type ByTeam = Extract<ProjectOverview, { queryType: 'members' }>['byTeam'];

/** Overview figures and the caller's permissions on a project. */
export function registerProjectOverview(app: FastifyInstance, d: ProjectDeps): void {
  addRoute(app, projectRoutes.overview, async (req) => {
    const p = accessOf(req).project!;
    const ref = { id: p.projectId, teamId: p.teamId };
    if (req.params.queryType === 'summary') {
      const [row, memberCount, vendors, rejectReasonCount] = await Promise.all([
        d.projects.findById(p.projectId),
        d.members.count(p.projectId),
        d.projects.vendorsOf(p.projectId),
        d.reasons.count(p.projectId),
      ]);
      if (!row) throw new AppError('project.notFound');
      return { queryType: 'summary' as const, memberCount, vendorCount: vendors.length, rejectReasonCount, createdAt: row.created_at, updatedAt: row.updated_at };
    }
    const [byRole, userIds, origins] = await Promise.all([d.members.countByRole(p.projectId), d.members.userIds(p.projectId), d.members.origins(ref)]);
    const byTeam = new Map<number | null, ByTeam[number]>();
    for (const userId of userIds) {
      const o = origins.get(userId);
      const key = o?.teamId ?? null;
      const entry = byTeam.get(key) ?? { teamId: key, teamName: o?.teamName ?? null, fromVendor: o?.fromVendor ?? false, count: 0 };
      entry.count += 1;
      byTeam.set(key, entry);
    }
    // The project's own team first, then vendor teams by size.
    const teams = [...byTeam.values()].sort((a, b) => Number(a.fromVendor) - Number(b.fromVendor) || b.count - a.count || (a.teamId ?? 0) - (b.teamId ?? 0));
    return { queryType: 'members' as const, byRole, byTeam: teams };
  });

  addRoute(app, projectRoutes.checkPermission, async (req) => {
    const { role } = accessOf(req).project!;
    const actions = (Object.keys(PROJECT_PERMISSIONS) as ProjectAction[]).filter((a) => projectRoleMay(role, a));
    return { role, actions };
  });
}
