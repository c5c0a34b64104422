/**
 * The project's frames shown to a FrameMatcher, a page at a time in id order (keyset), so a
 * project of millions of frames is matched in bounded memory: the matcher keeps only frames
 * named like a file of the zip.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import { FrameMatcher } from './frameMatcher';

const PAGE = 5000;

export async function matchProjectFrames(db: Kysely<Database>, projectId: number, names: Iterable<string>): Promise<FrameMatcher> {
  const matcher = new FrameMatcher(names);
  for (let after = 0; ; ) {
    const rows = await db
      .selectFrom('subject_frames as sf')
      .innerJoin('subjects as s', 's.id', 'sf.subject_id')
      .select(['sf.id', 'sf.subject_id', 'sf.frame_index', 'sf.file_name', 'sf.width', 'sf.height'])
      .where('s.project_id', '=', projectId)
      .where('sf.id', '>', after)
      .orderBy('sf.id')
      .limit(PAGE)
      .execute();
    for (const r of rows) matcher.see({ frameId: r.id, subjectId: r.subject_id, index: r.frame_index, fileName: r.file_name, width: r.width, height: r.height });
    if (rows.length < PAGE) return matcher;
    after = rows[rows.length - 1]!.id;
  }
}
