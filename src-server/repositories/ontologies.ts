import type { Kysely, Selectable } from 'kysely';
import type { OntologiesTable, OntologyDatabase } from '../database/ontologySchema';

export type OntologyRow = Selectable<OntologiesTable>;

/** Ontologies themselves: one per project, with a name and a description. Features: ontologyFeatures.ts. */
export class OntologiesRepository {
  constructor(private readonly db: Kysely<OntologyDatabase>) {}

  byProject(projectId: number): Promise<OntologyRow | undefined> {
    return this.db.selectFrom('ontologies').selectAll().where('project_id', '=', projectId).executeTakeFirst();
  }

  byId(ontologyId: number): Promise<OntologyRow | undefined> {
    return this.db.selectFrom('ontologies').selectAll().where('id', '=', ontologyId).executeTakeFirst();
  }

  /** The ontology only if it is the project's: an id of another project's ontology reads as absent. */
  ofProject(projectId: number, ontologyId: number): Promise<OntologyRow | undefined> {
    return this.db.selectFrom('ontologies').selectAll().where('id', '=', ontologyId).where('project_id', '=', projectId).executeTakeFirst();
  }

  /** A new ontology; the unique project_id makes a second one for the project fail. */
  async create(o: { projectId: number; name: string; description: string; createdBy: number; now: number }): Promise<OntologyRow> {
    return this.db
      .insertInto('ontologies')
      .values({ project_id: o.projectId, name: o.name, description: o.description, created_by: o.createdBy, created_at: o.now, updated_at: o.now })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * The project's ontology, created (named after the project) if it has none. Two callers at
   * once both end with the same row: the loser's insert does nothing.
   */
  async ensure(projectId: number, createdBy: number, now: number): Promise<OntologyRow> {
    const existing = await this.byProject(projectId);
    if (existing) return existing;
    const project = await this.db.selectFrom('projects').select('name').where('id', '=', projectId).executeTakeFirstOrThrow();
    await this.db
      .insertInto('ontologies')
      .values({ project_id: projectId, name: project.name, description: '', created_by: createdBy, created_at: now, updated_at: now })
      .onConflict((oc) => oc.column('project_id').doNothing())
      .execute();
    return (await this.byProject(projectId))!;
  }

  /**
   * Serialises changes to one ontology inside a transaction: a no-op update takes the row's lock
   * on PostgreSQL (SQLite runs one write transaction at a time anyway). Feature names and
   * hotkeys are checked across the whole ontology, so two saves must not interleave.
   */
  async lock(ontologyId: number): Promise<void> {
    await this.db.updateTable('ontologies').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', ontologyId).execute();
  }

  async update(ontologyId: number, patch: { name?: string; description?: string }): Promise<void> {
    if (Object.keys(patch).length > 0) await this.db.updateTable('ontologies').set(patch).where('id', '=', ontologyId).execute();
  }

  /** Marks a change of the ontology, and of its project (the project list sorts by it). */
  async touch(ontology: { id: number; project_id: number }, now: number): Promise<void> {
    await this.db.updateTable('ontologies').set({ updated_at: now }).where('id', '=', ontology.id).execute();
    await this.db.updateTable('projects').set({ updated_at: now }).where('id', '=', ontology.project_id).execute();
  }

  /** Deletes an ontology; its features go with it (ON DELETE CASCADE). */
  async remove(ontologyId: number): Promise<void> {
    await this.db.deleteFrom('ontologies').where('id', '=', ontologyId).execute();
  }
}
