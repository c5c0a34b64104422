import type { Kysely, Selectable } from 'kysely';
import type { Database, ProjectsTable } from '../database/schema';
import type { PageOf } from '../../src-shared/api/envelope';
import type { ProjectListQuery, ProjectSummary, ProjectType } from '../../src-shared/api/project';

export const toProjectSummary = (p: Selectable<ProjectsTable>): ProjectSummary => ({
  projectId: p.id,
  projectName: p.name,
  type: p.type as ProjectType,
  isVendor: p.is_vendor === 1,
  teamId: p.team_id,
  createdAt: p.created_at,
  updatedAt: p.updated_at,
});

/** Escapes LIKE wildcards so a user's "50%" matches literally. */
const likeContains = (s: string) => `%${s.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

export class ProjectsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listForTeam(teamId: number, q: ProjectListQuery): Promise<PageOf<ProjectSummary>> {
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? 20;
    let base = this.db.selectFrom('projects').where('team_id', '=', teamId);
    if (q.projectName) base = base.where((eb) => eb('name', 'like', likeContains(q.projectName!)));
    if (q.type) base = base.where('type', '=', q.type);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list: rows.map(toProjectSummary), total: Number(count.n), page, pageSize };
  }

  async create(p: { teamId: number; name: string; type: ProjectType; createdBy: number; now: number }): Promise<ProjectSummary> {
    const row = await this.db
      .insertInto('projects')
      .values({ team_id: p.teamId, name: p.name, type: p.type, is_vendor: 0, created_by: p.createdBy, created_at: p.now, updated_at: p.now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toProjectSummary(row);
  }
}
