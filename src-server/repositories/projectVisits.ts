import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';

/** When each user last opened each project (for GET /project/recently). */
export class ProjectVisitsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** One row per user and project: a new visit moves its time forward. */
  async record(userId: number, projectId: number, now: number): Promise<void> {
    await this.db
      .insertInto('project_visits')
      .values({ user_id: userId, project_id: projectId, visited_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'project_id']).doUpdateSet({ visited_at: now }))
      .execute();
  }
}
