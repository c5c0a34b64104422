import type { Kysely } from 'kysely';
import type { Database } from '../../database/schema';
import { AppError } from '../../errors';
import type { NewNote } from '../../repositories/notes';

/** Where a note is pinned, as a client sends it. */
export interface NoteAnchor {
  taskSubjectId?: number | undefined;
  frameId?: number | undefined;
  objectId?: string | undefined;
  labelId?: number | undefined;
  content: string;
}

/**
 * Checks that notes' anchors belong together in the project (the subject is the project's,
 * the task subject is of that subject, the frame is the subject's, the label the project's),
 * so a note can never point into another project. Answers the rows to insert.
 */
export async function anchoredNotes(
  db: Kysely<Database>,
  p: { projectId: number; subjectId: number; createdBy: number; now: number },
  notes: readonly NoteAnchor[],
): Promise<NewNote[]> {
  const subject = await db.selectFrom('subjects').select('id').where('id', '=', p.subjectId).where('project_id', '=', p.projectId).executeTakeFirst();
  if (!subject) throw new AppError('note.subjectNotFound');
  const wanted = (key: 'taskSubjectId' | 'frameId' | 'labelId') => [...new Set(notes.flatMap((n) => (n[key] === undefined ? [] : [n[key]])))];
  const found = async (ids: number[], query: (ids: number[]) => Promise<{ id: number }[]>) => new Set(ids.length ? (await query(ids)).map((r) => r.id) : []);
  const [taskSubjects, frames, labels] = await Promise.all([
    found(wanted('taskSubjectId'), (ids) =>
      db.selectFrom('task_subjects').select('id').where('id', 'in', ids).where('subject_id', '=', p.subjectId).where('project_id', '=', p.projectId).execute(),
    ),
    found(wanted('frameId'), (ids) => db.selectFrom('subject_frames').select('id').where('id', 'in', ids).where('subject_id', '=', p.subjectId).execute()),
    found(wanted('labelId'), (ids) => db.selectFrom('note_labels').select('id').where('id', 'in', ids).where('project_id', '=', p.projectId).execute()),
  ]);
  for (const n of notes) {
    if (n.taskSubjectId !== undefined && !taskSubjects.has(n.taskSubjectId)) throw new AppError('note.taskSubjectNotFound');
    if (n.frameId !== undefined && !frames.has(n.frameId)) throw new AppError('note.frameNotFound');
    if (n.labelId !== undefined && !labels.has(n.labelId)) throw new AppError('note.labelNotFound');
  }
  return notes.map((n) => ({
    projectId: p.projectId,
    subjectId: p.subjectId,
    taskSubjectId: n.taskSubjectId ?? null,
    frameId: n.frameId ?? null,
    objectId: n.objectId ?? null,
    labelId: n.labelId ?? null,
    content: n.content,
    createdBy: p.createdBy,
    now: p.now,
  }));
}
