import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { ProjectAccessRole, ProjectMemberRole, TeamRole } from '../../src-shared/model/permissions';
import { effectiveProjectRole } from '../auth/effectiveProjectRole';

/** What the access check learned about the caller; handlers reuse it instead of asking again. */
export interface ProjectAccess {
  projectId: number;
  /** the team that owns the project */
  teamId: number;
  role: ProjectAccessRole;
  /** set when the caller reaches the project as a member of a vendor team */
  vendorTeamId: number | null;
  /** the caller's role in the project's own team, if they are in it */
  teamRole: TeamRole | null;
}


/** The queries behind every permission decision. */
export class AccessRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async teamRole(teamId: number, userId: number): Promise<TeamRole | undefined> {
    const r = await this.db
      .selectFrom('team_members')
      .select('role')
      .where('team_id', '=', teamId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return r?.role as TeamRole | undefined;
  }

  /** The project a task subject belongs to and who holds it, or undefined when it does not exist. */
  async taskSubjectOwner(taskSubjectId: number): Promise<{ projectId: number; holderId: number | null } | undefined> {
    const r = await this.db.selectFrom('task_subjects').select(['project_id', 'holder_id']).where('id', '=', taskSubjectId).executeTakeFirst();
    return r && { projectId: r.project_id, holderId: r.holder_id };
  }

  /** The task subjects the user holds unsubmitted, most recently claimed first (index task_subjects_holder). */
  async heldTaskSubjects(userId: number, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('task_subjects')
      .select('id')
      .where('holder_id', '=', userId)
      .where('state', 'in', ['claimed', 'inProgress'])
      .orderBy('claimed_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * The caller's effective role on a project (see PROJECT_ACCESS_ROLES), or undefined when the
   * project does not exist or the caller has no way in. The strongest way in wins.
   */
  async projectAccess(projectId: number, userId: number): Promise<ProjectAccess | undefined> {
    const project = await this.db.selectFrom('projects').select(['id', 'team_id']).where('id', '=', projectId).executeTakeFirst();
    if (!project) return undefined;
    return this.accessToKnownProject(projectId, project.team_id, userId);
  }

  /** projectAccess for a project whose team the caller already read (one round trip fewer). */
  async accessToKnownProject(projectId: number, teamId: number, userId: number): Promise<ProjectAccess | undefined> {
    const project = { team_id: teamId };
    const [teamRole, member, vendorRoles] = await Promise.all([
      this.teamRole(project.team_id, userId),
      this.db
        .selectFrom('project_members')
        .select('role')
        .where('project_id', '=', projectId)
        .where('user_id', '=', userId)
        .executeTakeFirst(),
      this.db
        .selectFrom('project_vendors')
        .innerJoin('vendors', 'vendors.id', 'project_vendors.vendor_id')
        .innerJoin('team_members', 'team_members.team_id', 'vendors.vendor_team_id')
        .select(['team_members.role as role', 'vendors.vendor_team_id as vendorTeamId'])
        .where('project_vendors.project_id', '=', projectId)
        .where('team_members.user_id', '=', userId)
        .execute(),
    ]);
    const found = effectiveProjectRole({
      teamRole,
      memberRole: member?.role as ProjectMemberRole | undefined,
      vendorRoles: vendorRoles.map((v) => ({ role: v.role, vendorTeamId: v.vendorTeamId })),
    });
    return found && { projectId, teamId: project.team_id, ...found, teamRole: teamRole ?? null };
  }
}
