import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { NoteLabel } from '../../src-shared/api/note';

const toLabel = (r: { id: number; project_id: number; name: string; color: string }): NoteLabel => ({ id: r.id, projectId: r.project_id, name: r.name, color: r.color });

/** A project's note labels (kinds of notes: question, error, ...), names unique per project. */
export class NoteLabelsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(projectId: number): Promise<NoteLabel[]> {
    const rows = await this.db.selectFrom('note_labels').selectAll().where('project_id', '=', projectId).orderBy('name').orderBy('id').execute();
    return rows.map(toLabel);
  }

  async find(projectId: number, id: number): Promise<NoteLabel | undefined> {
    const r = await this.db.selectFrom('note_labels').selectAll().where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
    return r && toLabel(r);
  }

  /** The label with this name (compared as stored: trimmed), if any. */
  async idByName(projectId: number, name: string): Promise<number | undefined> {
    return (await this.db.selectFrom('note_labels').select('id').where('project_id', '=', projectId).where('name', '=', name).executeTakeFirst())?.id;
  }

  async count(projectId: number): Promise<number> {
    const r = await this.db.selectFrom('note_labels').select((eb) => eb.fn.countAll<number>().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async add(projectId: number, name: string, color: string): Promise<NoteLabel> {
    const r = await this.db.insertInto('note_labels').values({ project_id: projectId, name, color }).returningAll().executeTakeFirstOrThrow();
    return toLabel(r);
  }

  async update(projectId: number, id: number, patch: { name?: string; color?: string }): Promise<NoteLabel | undefined> {
    const r = await this.db.updateTable('note_labels').set(patch).where('project_id', '=', projectId).where('id', '=', id).returningAll().executeTakeFirst();
    return r && toLabel(r);
  }

  /** Deletes the label; its notes keep their content without a label (ON DELETE SET NULL). */
  async remove(projectId: number, id: number): Promise<boolean> {
    const r = await this.db.deleteFrom('note_labels').where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }
}
