import type { FastifyRequest } from 'fastify';
import { projectRoleMay, teamRoleMay } from '../../src-shared/model/permissions';
import type { ContactView } from '../auth/contactView';
import { accessOf } from './access';
import { requireUser } from './auth';

/** The contact view (auth/contactView.ts) of a route with a team access rule. */
export function teamContactView(req: FastifyRequest): ContactView {
  const { teamRole } = accessOf(req);
  return { viewerId: requireUser(req), seesAll: teamRole !== null && teamRoleMay(teamRole, 'team.member.contact') };
}

/** The contact view of a route with a project access rule. */
export function projectContactView(req: FastifyRequest): ContactView {
  const { project } = accessOf(req);
  return { viewerId: requireUser(req), seesAll: project !== null && projectRoleMay(project.role, 'project.member.contact') };
}
