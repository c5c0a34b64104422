/**
 * Where an archive's lossless frames go in the new project: onto the frame made from each (its
 * item's new subject, the same frame index), for the frames of one old task at a time. Names
 * play no part: two pictures of one name in two batches stay apart.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import { addMatch, type FileMatches } from '../imports/matchFiles';
import type { ImportPlacement } from '../imports/runImport';
import { subjectFrames } from '../imports/subjectFrames';
import { Listed } from '../imports/tally';

export function archivePlacement(db: Kysely<Database>, oldTaskId: number, idOf: ReadonlyMap<number, number>): ImportPlacement {
  return {
    async match(frames) {
      const mine = frames.filter((f) => f.origin && f.origin.taskId === oldTaskId);
      const framesOf = await subjectFrames(db, mine.flatMap((f) => idOf.get(f.origin!.dataId) ?? []));
      const out: FileMatches = { matched: new Map(), unmatched: new Listed(), ambiguous: new Listed() };
      for (const source of mine) {
        const subjectId = idOf.get(source.origin!.dataId);
        const frame = subjectId === undefined ? undefined : framesOf.get(subjectId)?.find((f) => f.index === source.origin!.index);
        if (!frame) {
          out.unmatched.add(source.fileName);
          continue;
        }
        addMatch(out, frame, source);
      }
      return out;
    },
  };
}
