import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { Note, NoteListBody, NoteStatus, NoteThread } from '../../src-shared/api/note';
import type { PageOf } from '../../src-shared/api/envelope';

/** A note to insert, its anchors already checked against the project. */
export interface NewNote {
  projectId: number;
  subjectId: number;
  taskSubjectId: number | null;
  frameId: number | null;
  objectId: string | null;
  labelId: number | null;
  content: string;
  createdBy: number;
  now: number;
}

/**
 * `other` is on the same anchor as `notes`: the same subject, task subject, frame and object
 * (absent ones equal), the unit a conversation is about.
 */
const sameAnchor = sql`other.project_id = notes.project_id and other.subject_id = notes.subject_id
  and coalesce(other.task_subject_id, 0) = coalesce(notes.task_subject_id, 0)
  and coalesce(other.frame_id, 0) = coalesce(notes.frame_id, 0)
  and coalesce(other.object_id, '') = coalesce(notes.object_id, '')`;

/** Notes: comments pinned to subjects, task subjects, frames and objects, open or resolved. */
export class NotesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private select() {
    return this.db
      .selectFrom('notes')
      .innerJoin('users', 'users.id', 'notes.created_by')
      .innerJoin('subjects', 'subjects.id', 'notes.subject_id')
      .selectAll('notes')
      .select(['users.name as author_name', 'subjects.name as subject_name']);
  }

  private static toNote(r: Awaited<ReturnType<ReturnType<NotesRepository['select']>['execute']>>[number]): Note {
    return {
      id: r.id,
      projectId: r.project_id,
      dataId: r.subject_id,
      dataName: r.subject_name,
      taskSubjectId: r.task_subject_id,
      frameId: r.frame_id,
      objectId: r.object_id,
      labelId: r.label_id,
      content: r.content,
      status: r.status as NoteStatus,
      createdBy: r.created_by,
      createdByName: r.author_name,
      createdAt: Number(r.created_at),
      resolvedBy: r.resolved_by,
      resolvedAt: r.resolved_at === null ? null : Number(r.resolved_at),
    };
  }

  async create(notes: readonly NewNote[]): Promise<number[]> {
    if (notes.length === 0) return [];
    const rows = await this.db
      .insertInto('notes')
      .values(
        notes.map((n) => ({
          project_id: n.projectId,
          subject_id: n.subjectId,
          task_subject_id: n.taskSubjectId,
          frame_id: n.frameId,
          object_id: n.objectId,
          label_id: n.labelId,
          content: n.content,
          created_by: n.createdBy,
          created_at: n.now,
        })),
      )
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** These notes, in id order; only those of the project when one is given. */
  async byIds(ids: readonly number[], projectId?: number): Promise<Note[]> {
    if (ids.length === 0) return [];
    let q = this.select().where('notes.id', 'in', ids);
    if (projectId !== undefined) q = q.where('notes.project_id', '=', projectId);
    return (await q.orderBy('notes.id').execute()).map(NotesRepository.toNote);
  }

  /** Who wrote each of these notes and in which project, for the delete rule. */
  async owners(ids: readonly number[]): Promise<{ id: number; projectId: number; createdBy: number }[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('notes').select(['id', 'project_id', 'created_by']).where('id', 'in', ids).execute();
    return rows.map((r) => ({ id: r.id, projectId: r.project_id, createdBy: r.created_by }));
  }

  async list(f: NoteListBody): Promise<PageOf<NoteThread>> {
    const page = f.page ?? 1;
    const pageSize = f.pageSize ?? 20;
    let q = this.db.selectFrom('notes').where('notes.project_id', '=', f.projectId);
    // A thread starts at the first note of its anchor: no earlier note on the same one.
    if (f.threads) q = q.where(sql<boolean>`not exists (select 1 from notes as other where ${sameAnchor} and other.id < notes.id)`);
    if (f.status !== undefined) q = q.where('notes.status', '=', f.status);
    if (f.labelId !== undefined) q = q.where('notes.label_id', '=', f.labelId);
    if (f.dataId !== undefined) q = q.where('notes.subject_id', '=', f.dataId);
    if (f.taskSubjectId !== undefined) q = q.where('notes.task_subject_id', '=', f.taskSubjectId);
    if (f.createdBy !== undefined) q = q.where('notes.created_by', '=', f.createdBy);
    if (f.taskId !== undefined) {
      const inTask = this.db.selectFrom('task_subjects').select('id').where('task_id', '=', f.taskId);
      q = q.where('notes.task_subject_id', 'in', inTask);
    }
    const [ids, total] = await Promise.all([
      q.select('notes.id').orderBy('notes.id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const notes = (await this.byIds(ids.map((r) => r.id))).reverse();
    return { list: f.threads ? await this.withReplies(notes) : notes, total: Number(total.n), page, pageSize };
  }

  /** Each first note with the later notes on its anchor, oldest first. */
  private async withReplies(firsts: Note[]): Promise<NoteThread[]> {
    if (firsts.length === 0) return [];
    const firstIds = sql.join(firsts.map((n) => n.id));
    const replies = await this.select()
      .where(sql<boolean>`exists (select 1 from notes as other where ${sameAnchor} and other.id < notes.id and other.id in (${firstIds}))`)
      .orderBy('notes.id')
      .execute();
    const key = (n: { dataId: number; taskSubjectId: number | null; frameId: number | null; objectId: string | null }) => `${n.dataId}/${n.taskSubjectId}/${n.frameId}/${n.objectId}`;
    const byAnchor = new Map<string, Note[]>();
    for (const r of replies.map(NotesRepository.toNote)) byAnchor.set(key(r), [...(byAnchor.get(key(r)) ?? []), r]);
    return firsts.map((n) => ({ ...n, replies: byAnchor.get(key(n)) ?? [] }));
  }

  /** The notes of a subject (or one task subject of it), oldest first. */
  async bySubject(projectId: number, subjectId: number, taskSubjectId: number | undefined, limit: number): Promise<Note[]> {
    let q = this.select().where('notes.project_id', '=', projectId).where('notes.subject_id', '=', subjectId);
    if (taskSubjectId !== undefined) q = q.where('notes.task_subject_id', '=', taskSubjectId);
    return (await q.orderBy('notes.id').limit(limit).execute()).map(NotesRepository.toNote);
  }

  async setStatus(ids: readonly number[], status: NoteStatus, userId: number, now: number): Promise<void> {
    const resolved = status === 'resolved';
    await this.db
      .updateTable('notes')
      .set({ status, resolved_by: resolved ? userId : null, resolved_at: resolved ? now : null })
      .where('id', 'in', ids)
      // Resolving a resolved note again keeps who resolved it first.
      .where('status', '<>', status)
      .execute();
  }

  async remove(ids: readonly number[]): Promise<void> {
    await this.db.deleteFrom('notes').where('id', 'in', ids).execute();
  }
}
