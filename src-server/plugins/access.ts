import type { FastifyInstance, FastifyRequest } from 'fastify';
import { projectRoleMay, teamRoleMay, type AccessRule, type TeamRole } from '../../src-shared/model/permissions';
import { AppError } from '../errors';
import type { ServerContext } from '../context';
import type { ProjectAccess } from '../repositories/access';
import type { TaskSubjectRow } from '../repositories/taskSubjectFlow';

declare module 'fastify' {
  interface FastifyRequest {
    /** What the access check established; set on every route with an `access` rule. */
    access: { teamId: number; teamRole: TeamRole | null; project: ProjectAccess | null; taskSubject?: TaskSubjectRow } | null;
  }
  interface FastifyContextConfig {
    access?: AccessRule;
    /** the route only reads (RouteDef.readOnly) */
    readOnly?: boolean;
  }
}

/** The id a rule points at, from the validated params, query or body. */
function scopeId(req: FastifyRequest, rule: Extract<AccessRule, { from: string }>): number | undefined {
  const source = (rule.from === 'params' ? req.params : rule.from === 'query' ? req.query : req.body) as Record<string, unknown> | undefined;
  const v = source?.[rule.key];
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/**
 * Permissions in one place: after validation, every route with an `access` rule has the
 * caller's role in the team or project (directly, or through a task subject) resolved and
 * checked against the table in src-shared/model/permissions.ts. Not a member at all answers 404 (the caller may not even
 * learn the thing exists); a member whose role may not do it answers 403.
 */
export function installAccess(app: FastifyInstance, ctx: ServerContext): void {
  app.decorateRequest('access', null);
  app.addHook('preHandler', async (req) => {
    const rule = req.routeOptions.config.access;
    if (!rule || req.userId === null) return;
    const userId = req.userId;

    if (rule.scope === 'taskSubject') {
      // The project comes from the task subject; one outside the caller's projects is "not found".
      const id = scopeId(req, rule);
      // The task subject with its project's team in one round trip: this runs on every save and submit.
      const found =
        id === undefined
          ? undefined
          : await ctx.db
              .selectFrom('task_subjects')
              .innerJoin('projects', 'projects.id', 'task_subjects.project_id')
              .selectAll('task_subjects')
              .select('projects.team_id as project_team_id')
              .where('task_subjects.id', '=', id)
              .executeTakeFirst();
      const project = found && (await ctx.repos.access.accessToKnownProject(found.project_id, found.project_team_id, userId));
      if (!found || !project) throw new AppError(rule.notFound);
      const { project_team_id: _team, ...row } = found;
      if (!projectRoleMay(project.role, rule.action)) throw new AppError('forbidden');
      req.access = { teamId: project.teamId, teamRole: project.teamRole, project, taskSubject: row };
      return;
    }

    if (rule.scope === 'project') {
      const projectId = scopeId(req, rule);
      const project = projectId === undefined ? undefined : await ctx.repos.access.projectAccess(projectId, userId);
      if (!project) throw new AppError('project.notFound');
      if (!projectRoleMay(project.role, rule.action)) throw new AppError('forbidden');
      req.access = { teamId: project.teamId, teamRole: project.teamRole, project };
      return;
    }

    let teamId: number | undefined;
    if (rule.scope === 'currentTeam') {
      teamId = (await ctx.repos.users.findById(userId))?.current_team_id ?? undefined;
      if (teamId === undefined) throw new AppError('team.noCurrentTeam');
    } else {
      teamId = scopeId(req, rule);
    }
    const role = teamId === undefined ? undefined : await ctx.repos.access.teamRole(teamId, userId);
    if (!role || teamId === undefined) throw new AppError(rule.scope === 'currentTeam' ? 'team.noCurrentTeam' : 'team.notFound');
    if (!teamRoleMay(role, rule.action)) throw new AppError('forbidden');
    req.access = { teamId, teamRole: role, project: null };
  });
}

/** The access a route's rule established; for use inside handlers of routes that have one. */
export function accessOf(req: FastifyRequest): NonNullable<FastifyRequest['access']> {
  if (!req.access) throw new AppError('forbidden');
  return req.access;
}
