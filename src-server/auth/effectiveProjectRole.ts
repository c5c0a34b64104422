import type { ProjectAccessRole, ProjectMemberRole, TeamRole } from '../../src-shared/model/permissions';

const TEAM_ADMIN_ROLES: readonly string[] = ['owner', 'admin'];
const VENDOR_MANAGER_ROLES: readonly string[] = ['owner', 'admin', 'manager'];

/** Every way one user reaches one project. */
export interface ProjectWaysIn {
  /** the user's role in the project's own team */
  teamRole: TeamRole | undefined;
  /** the user's project_members role */
  memberRole: ProjectMemberRole | undefined;
  /** the user's roles in vendor teams the project is shared with */
  vendorRoles: { role: string; vendorTeamId: number }[];
}

/**
 * The effective role from the ways in, strongest first (see PROJECT_ACCESS_ROLES). A pure
 * function, so the access check (one project) and the project list (a page of projects
 * resolved with three queries) apply the very same rule.
 */
export function effectiveProjectRole(w: ProjectWaysIn): { role: ProjectAccessRole; vendorTeamId: number | null } | undefined {
  if (w.teamRole && TEAM_ADMIN_ROLES.includes(w.teamRole)) return { role: 'teamAdmin', vendorTeamId: null };
  if (w.teamRole === 'manager') return { role: 'teamManager', vendorTeamId: null };
  const vendorManager = w.vendorRoles.find((v) => VENDOR_MANAGER_ROLES.includes(v.role));
  if (vendorManager) return { role: 'vendorManager', vendorTeamId: vendorManager.vendorTeamId };
  if (w.memberRole && (w.teamRole || w.vendorRoles.length > 0)) {
    return { role: w.memberRole, vendorTeamId: w.teamRole ? null : w.vendorRoles[0]!.vendorTeamId };
  }
  return undefined;
}
