import type { Kysely, Selectable } from 'kysely';
import type { Database, ProjectsTable } from '../database/schema';
import type { ProjectConfig, ProjectType } from '../../src-shared/api/project';

export type ProjectRow = Selectable<ProjectsTable>;

/** Projects themselves: rows, names, vendor sharing, settings. Listing lives in projectList.ts. */
export class ProjectsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(projectId: number): Promise<ProjectRow | undefined> {
    return this.db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirst();
  }

  findByName(teamId: number, name: string): Promise<ProjectRow | undefined> {
    return this.db.selectFrom('projects').selectAll().where('team_id', '=', teamId).where('name', '=', name).executeTakeFirst();
  }

  /** Whether another project of the team already has this name (names are unique per team). */
  /** Whether any subject was imported into the project (its type is then fixed). */
  async hasSubjects(projectId: number): Promise<boolean> {
    return (await this.db.selectFrom('subjects').select('id').where('project_id', '=', projectId).limit(1).executeTakeFirst()) !== undefined;
  }

  async nameTaken(teamId: number, name: string, exceptProjectId?: number): Promise<boolean> {
    let q = this.db.selectFrom('projects').select('id').where('team_id', '=', teamId).where('name', '=', name);
    if (exceptProjectId !== undefined) q = q.where('id', '<>', exceptProjectId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  /**
   * Serialises name checks of one team inside a transaction: a no-op update takes the team row's
   * lock on PostgreSQL (SQLite runs one write transaction at a time anyway). There is no unique
   * index on (team_id, name) to do this for us.
   */
  async lockTeam(teamId: number): Promise<void> {
    await this.db.updateTable('teams').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', teamId).execute();
  }

  async create(p: { teamId: number; name: string; type: ProjectType; description?: string; createdBy: number; now: number }): Promise<number> {
    const row = await this.db
      .insertInto('projects')
      .values({
        team_id: p.teamId,
        name: p.name,
        type: p.type,
        is_vendor: 0,
        description: p.description ?? '',
        created_by: p.createdBy,
        created_at: p.now,
        updated_at: p.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(projectId: number, patch: { name?: string; description?: string; type?: ProjectType }, now: number): Promise<void> {
    await this.db
      .updateTable('projects')
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.type !== undefined ? { type: patch.type } : {}),
        updated_at: now,
      })
      .where('id', '=', projectId)
      .execute();
  }

  /** Marks a change to the project's settings, members or reasons (the list sorts by it). */
  async touch(projectId: number, now: number): Promise<void> {
    await this.db.updateTable('projects').set({ updated_at: now }).where('id', '=', projectId).execute();
  }

  /** Deletes projects; members, sharing, visits and reject reasons go with them (ON DELETE CASCADE). */
  async remove(projectIds: number[]): Promise<void> {
    if (projectIds.length > 0) await this.db.deleteFrom('projects').where('id', 'in', projectIds).execute();
  }

  /** Those of the ids that are projects of the team. */
  async idsInTeam(teamId: number, projectIds: number[]): Promise<number[]> {
    const rows = await this.db.selectFrom('projects').select('id').where('team_id', '=', teamId).where('id', 'in', projectIds).execute();
    return rows.map((r) => r.id);
  }

  /** The vendors (of the project's team) the project is shared with. */
  vendorsOf(projectId: number): Promise<{ vendorId: number; name: string; vendorTeamId: number }[]> {
    return this.db
      .selectFrom('project_vendors as pv')
      .innerJoin('vendors as v', 'v.id', 'pv.vendor_id')
      .select(['v.id as vendorId', 'v.name', 'v.vendor_team_id as vendorTeamId'])
      .where('pv.project_id', '=', projectId)
      .orderBy('v.id')
      .execute();
  }

  /** Those of the vendor ids that are vendors engaged by the team. */
  teamVendors(teamId: number, vendorIds: number[]): Promise<{ id: number; vendor_team_id: number }[]> {
    if (vendorIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('vendors').select(['id', 'vendor_team_id']).where('team_id', '=', teamId).where('id', 'in', vendorIds).execute();
  }

  /** Replaces the vendors the project is shared with; is_vendor records whether there are any. */
  async setVendors(projectId: number, vendorIds: number[]): Promise<void> {
    let del = this.db.deleteFrom('project_vendors').where('project_id', '=', projectId);
    if (vendorIds.length > 0) del = del.where('vendor_id', 'not in', vendorIds);
    await del.execute();
    if (vendorIds.length > 0) {
      await this.db
        .insertInto('project_vendors')
        .values(vendorIds.map((vendorId) => ({ project_id: projectId, vendor_id: vendorId })))
        .onConflict((oc) => oc.columns(['project_id', 'vendor_id']).doNothing())
        .execute();
    }
    await this.db.updateTable('projects').set({ is_vendor: vendorIds.length > 0 ? 1 : 0 }).where('id', '=', projectId).execute();
  }

  /** The settings object; a stored value that is not a JSON object reads as {}. */
  async config(projectId: number): Promise<ProjectConfig> {
    const row = await this.db.selectFrom('projects').select('config').where('id', '=', projectId).executeTakeFirst();
    try {
      const parsed: unknown = JSON.parse(row?.config ?? '{}');
      return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ProjectConfig) : {};
    } catch {
      return {};
    }
  }

  async setConfig(projectId: number, json: string, now: number): Promise<void> {
    await this.db.updateTable('projects').set({ config: json, updated_at: now }).where('id', '=', projectId).execute();
  }

  async setInstruction(projectId: number, instruction: string, now: number): Promise<void> {
    await this.db.updateTable('projects').set({ instruction, updated_at: now }).where('id', '=', projectId).execute();
  }
}
