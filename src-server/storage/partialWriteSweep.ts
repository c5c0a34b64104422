import type { ObjectStore } from './objectStore';

/**
 * Older than any write could take (the same bound as the upload spool's sweep): a partial write
 * this old was left by a server, or a workstation's direct upload, that died mid-write.
 */
export const STALE_PARTIAL_WRITE_MS = 24 * 3600 * 1000;

/** The folders uploads write to; export/ is the export runner's to clean (exports/exportLeftovers.ts), within a lease. */
const UPLOAD_AREAS = ['dataset/', 'annotate/', 'user/'] as const;

/**
 * Drops what died mid-write under the upload folders: temp files of a killed server's fallback
 * uploads on local disk, incomplete multipart uploads in S3 (the server's own, or a
 * workstation's that never completed nor aborted). Nothing else would ever remove them, and
 * they take space (in S3 unseen: a listing of objects does not show them). Answers how many.
 */
export async function sweepStalePartialWrites(storage: ObjectStore, now: number, olderThanMs = STALE_PARTIAL_WRITE_MS): Promise<number> {
  let dropped = 0;
  for (const area of UPLOAD_AREAS) {
    for (const w of await storage.partialWrites(area)) {
      if (w.since >= now - olderThanMs) continue;
      await storage.dropPartialWrite(w);
      dropped++;
    }
  }
  return dropped;
}
