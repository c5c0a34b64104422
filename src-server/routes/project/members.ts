import type { FastifyInstance } from 'fastify';
import { projectRoutes, type ProjectMemberInput } from '../../../src-shared/api/project';
import { mayGrantProjectRole } from '../../../src-shared/model/permissions';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import type { ProjectAccess } from '../../repositories/access';
import { ProjectMembersRepository } from '../../repositories/projectMembers';
import { ProjectsRepository } from '../../repositories/projects';
import { uniqueIds, type ProjectDeps } from './deps';
import { projectContactView } from '../../plugins/contactViews';

/**
 * The teams whose members a caller may put on a project: a caller who reaches it through a
 * vendor team only their own vendor team; the team's owner, admins and managers the project's
 * team and every vendor team it is shared with; a project manager of the team the team only.
 */
async function addableTeams(projects: ProjectsRepository, p: ProjectAccess): Promise<number[]> {
  if (p.vendorTeamId !== null) return [p.vendorTeamId];
  if (p.role === 'teamAdmin' || p.role === 'teamManager') {
    return [p.teamId, ...(await projects.vendorsOf(p.projectId)).map((v) => v.vendorTeamId)];
  }
  return [p.teamId];
}

/** Adding, listing and removing project members. */
export function registerProjectMembers(app: FastifyInstance, d: ProjectDeps): void {
  const { ctx } = d;
  const ref = (p: ProjectAccess) => ({ id: p.projectId, teamId: p.teamId });

  addRoute(app, projectRoutes.addMembers, async (req) => {
    const project = accessOf(req).project!;
    const members: ProjectMemberInput[] = [...new Map(req.body.members.map((m) => [m.userId, m])).values()];
    const userIds = members.map((m) => m.userId);
    // No one hands out more than they hold: a vendor's manager cannot make anyone (themselves
    // included) a project manager, who may export what the vendor may not.
    const above = members.filter((m) => !mayGrantProjectRole(project.role, m.role));
    if (above.length > 0) throw new AppError('project.roleAboveOwn', { userIds: above.map((m) => m.userId), role: above[0]!.role });
    await ctx.db.transaction().execute(async (trx) => {
      const pm = new ProjectMembersRepository(trx);
      const projects = new ProjectsRepository(trx);
      const allowed = await pm.inTeams(await addableTeams(projects, project), userIds);
      const strangers = userIds.filter((id) => !allowed.has(id));
      if (strangers.length > 0) {
        throw new AppError(project.vendorTeamId !== null ? 'project.vendorMemberOnly' : 'project.userNotFound', { userIds: strangers });
      }
      const now = ctx.now();
      await pm.upsert(project.projectId, members, now);
      await projects.touch(project.projectId, now);
    });
    return d.members.byUserIds(ref(project), userIds, projectContactView(req));
  });

  addRoute(app, projectRoutes.listMembers, async (req) => {
    const q = req.query;
    return d.members.list(ref(accessOf(req).project!), {
      ...(q.name !== undefined ? { name: q.name } : {}),
      ...(q.role !== undefined ? { role: q.role } : {}),
      page: q.page ?? 1,
      pageSize: q.pageSize ?? 20,
    }, projectContactView(req));
  });

  addRoute(app, projectRoutes.removeMembers, async (req) => {
    const project = accessOf(req).project!;
    const userIds = uniqueIds(req.query.userIds);
    await ctx.db.transaction().execute(async (trx) => {
      const pm = new ProjectMembersRepository(trx);
      const present = new Set(await pm.existing(project.projectId, userIds));
      const missing = userIds.filter((id) => !present.has(id));
      if (missing.length > 0) throw new AppError('project.memberNotFound', { userIds: missing });
      if (project.vendorTeamId !== null) {
        const own = await pm.inTeams([project.vendorTeamId], userIds);
        const others = userIds.filter((id) => !own.has(id));
        if (others.length > 0) throw new AppError('project.vendorMemberOnly', { userIds: others });
      }
      await pm.remove(project.projectId, userIds);
      await new ProjectsRepository(trx).touch(project.projectId, ctx.now());
    });
    return null;
  });
}
