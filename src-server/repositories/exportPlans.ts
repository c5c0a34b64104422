import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../database/schema';
import type { ExportPlansTable } from '../database/exportSchema';
import type { ExportFilters, ExportFormatName, ExportOptions, ExportPlan } from '../../src-shared/api/export';

const toPlan = (r: Selectable<ExportPlansTable>): ExportPlan => ({
  id: r.id,
  projectId: r.project_id,
  name: r.name,
  format: r.format as ExportFormatName,
  filters: JSON.parse(r.filters) as ExportFilters,
  options: JSON.parse(r.options) as ExportOptions,
  createdBy: r.created_by,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

/** Saved export plans of a project, names unique per project. */
export class ExportPlansRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(projectId: number): Promise<ExportPlan[]> {
    const rows = await this.db.selectFrom('export_plans').selectAll().where('project_id', '=', projectId).orderBy('name').orderBy('id').execute();
    return rows.map(toPlan);
  }

  async find(projectId: number, id: number): Promise<ExportPlan | undefined> {
    const r = await this.db.selectFrom('export_plans').selectAll().where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
    return r && toPlan(r);
  }

  async idByName(projectId: number, name: string): Promise<number | undefined> {
    return (await this.db.selectFrom('export_plans').select('id').where('project_id', '=', projectId).where('name', '=', name).executeTakeFirst())?.id;
  }

  async count(projectId: number): Promise<number> {
    const r = await this.db.selectFrom('export_plans').select((eb) => eb.fn.countAll<number>().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async create(p: { projectId: number; name: string; format: ExportFormatName; filters: ExportFilters; options: ExportOptions; userId: number; now: number }): Promise<ExportPlan> {
    const r = await this.db
      .insertInto('export_plans')
      .values({ project_id: p.projectId, name: p.name, format: p.format, filters: JSON.stringify(p.filters), options: JSON.stringify(p.options), created_by: p.userId, created_at: p.now, updated_at: p.now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toPlan(r);
  }

  async update(projectId: number, id: number, patch: { name?: string; format?: ExportFormatName; filters?: ExportFilters; options?: ExportOptions; now: number }): Promise<ExportPlan | undefined> {
    const r = await this.db
      .updateTable('export_plans')
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.format !== undefined ? { format: patch.format } : {}),
        ...(patch.filters !== undefined ? { filters: JSON.stringify(patch.filters) } : {}),
        ...(patch.options !== undefined ? { options: JSON.stringify(patch.options) } : {}),
        updated_at: patch.now,
      })
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return r && toPlan(r);
  }
}
