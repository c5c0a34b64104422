/** The task subjects of a task for the subjects the zip matched, by subject id. */
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';

export interface TaskSubjectRef {
  id: number;
  subjectId: number;
  state: string;
  holderId: number | null;
}

/** A worker has it in hand: an import must not change what they are editing. */
export const isHeld = (t: { state: string }): boolean => t.state === 'claimed' || t.state === 'inProgress';

export async function taskSubjectsOf(db: Kysely<Database>, taskId: number, subjectIds: readonly number[]): Promise<Map<number, TaskSubjectRef>> {
  const out = new Map<number, TaskSubjectRef>();
  for (let i = 0; i < subjectIds.length; i += 1000) {
    const rows = await db
      .selectFrom('task_subjects')
      .select(['id', 'subject_id', 'state', 'holder_id'])
      .where('task_id', '=', taskId)
      .where('subject_id', 'in', subjectIds.slice(i, i + 1000))
      .execute();
    for (const r of rows) out.set(r.subject_id, { id: r.id, subjectId: r.subject_id, state: r.state, holderId: r.holder_id });
  }
  return out;
}
