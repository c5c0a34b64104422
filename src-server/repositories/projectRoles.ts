import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { ProjectAccessRole, ProjectMemberRole, TeamRole } from '../../src-shared/model/permissions';
import { effectiveProjectRole } from '../auth/effectiveProjectRole';

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
