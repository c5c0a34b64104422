import { sql, type Kysely } from 'kysely';
import type { OntologyDatabase } from '../database/ontologySchema';
import type { PageOf } from '../../src-shared/api/envelope';
import type { OntologySummary } from '../../src-shared/api/ontology';
import { ONTOLOGY_TOOLS, type OntologyTool } from '../../src-shared/model/ontology';
import type { ProjectViewer } from './projectList';
import { likeContains } from './like';

const SEES_ALL_TEAM_ROLES: readonly string[] = ['owner', 'admin', 'manager'];

/**
 * Ontologies a caller may reuse: those of the projects they see in their current team, by the
 * project list's rule (its own projects and those shared with it as a vendor; owners, admins and
 * managers all of them, other members those they are project members of).
 */
export class OntologyReuseRepository {
  constructor(private readonly db: Kysely<OntologyDatabase>) {}

  private visibleProjectIds(viewer: ProjectViewer) {
    const seesAll = SEES_ALL_TEAM_ROLES.includes(viewer.teamRole);
    const memberOf = this.db.selectFrom('project_members').select('project_id').where('user_id', '=', viewer.userId);
    let own = this.db.selectFrom('projects').select('id').where('team_id', '=', viewer.teamId);
    let shared = this.db
      .selectFrom('project_vendors as pv')
      .innerJoin('vendors as v', 'v.id', 'pv.vendor_id')
      .select('pv.project_id as id')
      .where('v.vendor_team_id', '=', viewer.teamId)
      .where('v.team_id', '<>', viewer.teamId);
    if (!seesAll) {
      own = own.where('id', 'in', memberOf);
      shared = shared.where('pv.project_id', 'in', memberOf);
    }
    return own.union(shared);
  }

  /** A page of reusable ontologies, newest change first; `name` matches the ontology's or the project's name. */
  async list(viewer: ProjectViewer, f: { name?: string; page: number; pageSize: number }): Promise<PageOf<OntologySummary>> {
    let q = this.db.selectFrom('ontologies as o').innerJoin('projects as p', 'p.id', 'o.project_id').where('o.project_id', 'in', this.visibleProjectIds(viewer));
    const name = f.name?.trim();
    if (name) q = q.where((eb) => eb.or([likeContains('o.name', name), likeContains('p.name', name)]));
    const [rows, count] = await Promise.all([
      q
        .select(['o.id', 'o.project_id', 'p.name as project_name', 'o.name', 'o.description', 'o.updated_at'])
        .orderBy('o.updated_at', 'desc')
        .orderBy('o.id', 'desc')
        .limit(f.pageSize)
        .offset((f.page - 1) * f.pageSize)
        .execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const stats = rows.length
      ? await this.db
          .selectFrom('ontology_features')
          .select(['ontology_id', 'tool', (eb) => eb.fn.countAll<number>().as('features'), sql<number>`sum(label_count)`.as('labels')])
          .where('ontology_id', 'in', rows.map((r) => r.id))
          .groupBy(['ontology_id', 'tool'])
          .execute()
      : [];
    const list = rows.map((r) => {
      const mine = stats.filter((s) => s.ontology_id === r.id);
      const tools = new Set(mine.map((s) => s.tool));
      return {
        ontologyId: r.id,
        projectId: r.project_id,
        projectName: r.project_name,
        name: r.name,
        description: r.description,
        featureCount: mine.reduce((n, s) => n + Number(s.features), 0),
        labelCount: mine.reduce((n, s) => n + Number(s.labels), 0),
        tools: ONTOLOGY_TOOLS.filter((t: OntologyTool) => tools.has(t)),
        updatedAt: r.updated_at,
      };
    });
    return { list, total: Number(count.n), page: f.page, pageSize: f.pageSize };
  }
}
