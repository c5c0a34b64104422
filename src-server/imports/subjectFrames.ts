/** Every frame of some items, in frame order: what MOT's frame numbers and the tracks of an import are placed on. */
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { ProjectFrame } from './frameMatcher';

export async function subjectFrames(db: Kysely<Database>, subjectIds: Iterable<number>): Promise<Map<number, ProjectFrame[]>> {
  const ids = [...new Set(subjectIds)];
  const out = new Map<number, ProjectFrame[]>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('subject_frames')
      .select(['id', 'subject_id', 'frame_index', 'file_name', 'width', 'height'])
      .where('subject_id', 'in', ids.slice(i, i + 500))
      .orderBy('subject_id')
      .orderBy('frame_index')
      .execute();
    for (const r of rows) {
      const list = out.get(r.subject_id) ?? [];
      list.push({ frameId: r.id, subjectId: r.subject_id, index: r.frame_index, fileName: r.file_name, width: r.width, height: r.height });
      out.set(r.subject_id, list);
    }
  }
  return out;
}
