import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
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
 * The effective role from the ways in, strongest first. This is the rule of
 * AccessRepository.projectAccess (src-server/repositories/access.ts), written as a pure function
 * so a whole page of projects can be resolved with three queries; the project tests check that
 * the list's `myRole` and `check/permission` agree for every world role.
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

/** Effective roles of one user on many projects at once (a page of the project list). */
export class ProjectRolesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async rolesOn(userId: number, projects: readonly { id: number; teamId: number }[]): Promise<Map<number, ProjectAccessRole>> {
    const out = new Map<number, ProjectAccessRole>();
    if (projects.length === 0) return out;
    const ids = projects.map((p) => p.id);
    const teamIds = [...new Set(projects.map((p) => p.teamId))];
    const [teamRows, memberRows, vendorRows] = await Promise.all([
      this.db.selectFrom('team_members').select(['team_id', 'role']).where('user_id', '=', userId).where('team_id', 'in', teamIds).execute(),
      this.db.selectFrom('project_members').select(['project_id', 'role']).where('user_id', '=', userId).where('project_id', 'in', ids).execute(),
      this.db
        .selectFrom('project_vendors as pv')
        .innerJoin('vendors as v', 'v.id', 'pv.vendor_id')
        .innerJoin('team_members as tm', 'tm.team_id', 'v.vendor_team_id')
        .select(['pv.project_id', 'tm.role', 'v.vendor_team_id'])
        .where('tm.user_id', '=', userId)
        .where('pv.project_id', 'in', ids)
        .execute(),
    ]);
    const teamRole = new Map(teamRows.map((r) => [r.team_id, r.role as TeamRole]));
    const memberRole = new Map(memberRows.map((r) => [r.project_id, r.role as ProjectMemberRole]));
    for (const p of projects) {
      const found = effectiveProjectRole({
        teamRole: teamRole.get(p.teamId),
        memberRole: memberRole.get(p.id),
        vendorRoles: vendorRows.filter((v) => v.project_id === p.id).map((v) => ({ role: v.role, vendorTeamId: v.vendor_team_id })),
      });
      if (found) out.set(p.id, found.role);
    }
    return out;
  }
}
