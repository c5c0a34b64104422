import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';

/**
 * Whether two people work together, for what one may see of the other beyond a member list
 * (their avatar): they share a team, or a project, or one is on a project of the other's team
 * (a vendor's worker and the team that engaged them). Strangers see nothing of each other.
 */
export class CoworkersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async worksWith(viewerId: number, userId: number): Promise<boolean> {
    if (viewerId === userId) return true;
    const sharedTeam = this.db
      .selectFrom('team_members as a')
      .innerJoin('team_members as b', 'b.team_id', 'a.team_id')
      .select('a.team_id')
      .where('a.user_id', '=', viewerId)
      .where('b.user_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    const sharedProject = this.db
      .selectFrom('project_members as a')
      .innerJoin('project_members as b', 'b.project_id', 'a.project_id')
      .select('a.project_id')
      .where('a.user_id', '=', viewerId)
      .where('b.user_id', '=', userId)
      .limit(1)
      .executeTakeFirst();
    /** `member` is on a project of a team `teamMember` belongs to. */
    const onProjectOfTeam = (member: number, teamMember: number) =>
      this.db
        .selectFrom('project_members as pm')
        .innerJoin('projects as p', 'p.id', 'pm.project_id')
        .innerJoin('team_members as tm', 'tm.team_id', 'p.team_id')
        .select('pm.project_id')
        .where('pm.user_id', '=', member)
        .where('tm.user_id', '=', teamMember)
        .limit(1)
        .executeTakeFirst();
    const found = await Promise.all([sharedTeam, sharedProject, onProjectOfTeam(userId, viewerId), onProjectOfTeam(viewerId, userId)]);
    return found.some((row) => row !== undefined);
  }
}
