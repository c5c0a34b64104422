import type { FastifyInstance } from 'fastify';
import { room } from '../../../src-shared/api/realtime';
import { projectRoutes, type ProjectMemberInput } from '../../../src-shared/api/project';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import { ProjectsRepository } from '../../repositories/projects';
import { ProjectMembersRepository } from '../../repositories/projectMembers';
import { projectDetail, uniqueIds, type ProjectDeps } from './deps';

const TEAM_ADMIN_ROLES: readonly string[] = ['owner', 'admin'];

/** The same user twice in one request: the last role given wins. */
const lastRoleWins = (members: readonly ProjectMemberInput[]): ProjectMemberInput[] => [
  ...new Map(members.map((m) => [m.userId, m])).values(),
];

/** The vendors given, all engaged by the team, or 404 naming the others. */
async function teamVendorsOrThrow(projects: ProjectsRepository, teamId: number, vendorIds: number[]) {
  const vendors = await projects.teamVendors(teamId, vendorIds);
  const found = new Set(vendors.map((v) => v.id));
  const missing = vendorIds.filter((id) => !found.has(id));
  if (missing.length > 0) throw new AppError('project.vendorNotFound', { vendorIds: missing });
  return vendors;
}

/** Create, read, update and delete projects. */
export function registerProjectCrud(app: FastifyInstance, d: ProjectDeps): void {
  const { ctx } = d;

  /** Tells the team's and the project's rooms, so open lists and pages refresh themselves. */
  const announce = async (teamId: number, projectId: number, change: 'created' | 'updated' | 'deleted') => {
    await ctx.realtime.publish(room('team', teamId), 'project.changed', { projectId, change });
    await ctx.realtime.publish(room('project', projectId), 'project.changed', { projectId, change });
  };

  addRoute(app, projectRoutes.create, async (req) => {
    const userId = requireUser(req);
    const { teamId, teamRole } = accessOf(req);
    const body = req.body;
    const vendorIds = uniqueIds(body.vendorIds ?? []);
    // Sharing with outside teams is the owner's and admins' call, as on PUT /project/{projectId}.
    if (vendorIds.length > 0 && !TEAM_ADMIN_ROLES.includes(teamRole ?? '')) throw new AppError('project.vendorShareForbidden');
    const members = lastRoleWins(body.memberIds ?? []);
    const name = body.projectName.trim();
    const now = ctx.now();
    const projectId = await ctx.db.transaction().execute(async (trx) => {
      const projects = new ProjectsRepository(trx);
      const pm = new ProjectMembersRepository(trx);
      await projects.lockTeam(teamId);
      if (await projects.nameTaken(teamId, name)) throw new AppError('project.nameTaken');
      const vendors = await teamVendorsOrThrow(projects, teamId, vendorIds);
      // Members come from the team, or from the vendor teams the new project is shared with.
      const allowed = await pm.inTeams([teamId, ...vendors.map((v) => v.vendor_team_id)], members.map((m) => m.userId));
      const strangers = members.filter((m) => !allowed.has(m.userId)).map((m) => m.userId);
      if (strangers.length > 0) throw new AppError('project.userNotFound', { userIds: strangers });
      const id = await projects.create({ teamId, name, type: body.type, description: body.description?.trim() ?? '', createdBy: userId, now });
      if (vendorIds.length > 0) await projects.setVendors(id, vendorIds);
      await pm.upsert(id, members, now);
      return id;
    });
    await announce(teamId, projectId, 'created');
    const access = await ctx.repos.access.projectAccess(projectId, userId);
    if (!access) throw new AppError('project.notFound');
    return projectDetail(d, projectId, access);
  });

  addRoute(app, projectRoutes.removeMany, async (req) => {
    const { teamId } = accessOf(req);
    const ids = uniqueIds(req.query.projectIds);
    await ctx.db.transaction().execute(async (trx) => {
      const projects = new ProjectsRepository(trx);
      const found = new Set(await projects.idsInTeam(teamId, ids));
      const missing = ids.filter((id) => !found.has(id));
      // All or nothing: one id outside the team (or gone) deletes none.
      if (missing.length > 0) throw new AppError('project.notFound', { projectIds: missing });
      await projects.remove(ids);
    });
    for (const id of ids) await announce(teamId, id, 'deleted');
    return null;
  });

  addRoute(app, projectRoutes.get, async (req) => {
    const project = accessOf(req).project!;
    await d.visits.record(requireUser(req), project.projectId, ctx.now());
    return projectDetail(d, project.projectId, project);
  });

  addRoute(app, projectRoutes.update, async (req) => {
    const project = accessOf(req).project!;
    const body = req.body;
    if (body.vendorIds !== undefined && project.role !== 'teamAdmin') throw new AppError('project.vendorShareForbidden');
    const vendorIds = body.vendorIds === undefined ? undefined : uniqueIds(body.vendorIds);
    const name = body.projectName?.trim();
    await ctx.db.transaction().execute(async (trx) => {
      const projects = new ProjectsRepository(trx);
      if (name !== undefined) {
        await projects.lockTeam(project.teamId);
        if (await projects.nameTaken(project.teamId, name, project.projectId)) throw new AppError('project.nameTaken');
      }
      // The type may change only while the project has no data: its subjects were made for it.
      if (body.type !== undefined && (await projects.hasSubjects(project.projectId))) throw new AppError('project.typeLocked');
      const patch = {
        ...(name !== undefined ? { name } : {}),
        ...(body.description !== undefined ? { description: body.description.trim() } : {}),
        ...(body.type !== undefined ? { type: body.type } : {}),
      };
      await projects.update(project.projectId, patch, ctx.now());
      if (vendorIds) {
        await teamVendorsOrThrow(projects, project.teamId, vendorIds);
        await projects.setVendors(project.projectId, vendorIds);
        // Members from a vendor team no longer shared with have no way in: drop them.
        await new ProjectMembersRepository(trx).pruneUnreachable({ id: project.projectId, teamId: project.teamId });
      }
    });
    await announce(project.teamId, project.projectId, 'updated');
    return projectDetail(d, project.projectId, project);
  });

  addRoute(app, projectRoutes.remove, async (req) => {
    const { projectId, teamId } = accessOf(req).project!;
    await d.projects.remove([projectId]);
    await announce(teamId, projectId, 'deleted');
    return null;
  });
}
