import type { FastifyRequest } from 'fastify';
import { projectRoleMay, teamRoleMay } from '../../src-shared/model/permissions';
import { maskMobile } from '../../src-shared/model/mobile';
import { accessOf } from '../plugins/access';
import { requireUser } from '../plugins/auth';

/**
 * Whose contact details a member list shows in full: every number to those the role table
 * lets see them (`team.member.contact`, `project.member.contact`), and each viewer their own.
 * Member repositories take one on every read, so no list can forget to mask.
 */
export interface ContactView {
  viewerId: number;
  seesAll: boolean;
}

export const mobileFor = (view: ContactView, userId: number, mobile: string): string =>
  view.seesAll || view.viewerId === userId ? mobile : maskMobile(mobile);

/** The view of a route with a team access rule. */
export function teamContactView(req: FastifyRequest): ContactView {
  const { teamRole } = accessOf(req);
  return { viewerId: requireUser(req), seesAll: teamRole !== null && teamRoleMay(teamRole, 'team.member.contact') };
}

/** The view of a route with a project access rule. */
export function projectContactView(req: FastifyRequest): ContactView {
  const { project } = accessOf(req);
  return { viewerId: requireUser(req), seesAll: project !== null && projectRoleMay(project.role, 'project.member.contact') };
}
