import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { ObjectStore, PartialWrite } from '../storage';
import { exportKeyPrefix, exportOfKey } from './exportKey';

/**
 * Removes everything runs of one export left in the store: zips of earlier attempts and their
 * half-written parts (temp files on local disk, incomplete multipart uploads in S3), which a
 * server killed mid-run leaves behind (tens of MB each). Only for a caller that holds the
 * export, or for one nobody will run again: a live run's own writes are under the same prefix.
 * Answers how many it removed.
 */
export async function clearExportLeftovers(storage: ObjectStore, projectId: number, exportId: number): Promise<number> {
  const prefix = exportKeyPrefix(projectId, exportId);
  const [objects, partial] = await Promise.all([storage.list(prefix), storage.partialWrites(prefix)]);
  await Promise.all([...objects.map((key) => storage.delete(key)), ...partial.map((w) => storage.dropPartialWrite(w))]);
  return objects.length + partial.length;
}

/**
 * At a runner's start: drops half-written exports under `export/` whose export no runner holds
 * (finished, failed, cancelled, deleted, or of a project gone) and that have not moved for a
 * lease: their server died and nothing else would ever remove them. A running export's own
 * leftovers are its next runner's to clear (clearExportLeftovers when it takes it over).
 */
export async function sweepExportLeftovers(db: Kysely<Database>, storage: ObjectStore, now: number, leaseMs: number): Promise<number> {
  const stale = (await storage.partialWrites('export/')).filter((w) => w.since < now - leaseMs);
  if (stale.length === 0) return 0;
  const ids = [...new Set(stale.flatMap((w) => exportOfKey(w.key)?.exportId ?? []))];
  const running = new Set(
    ids.length === 0
      ? []
      : (await db.selectFrom('exports').select(['id', 'project_id']).where('id', 'in', ids).where('status', '=', 'running').execute()).map((r) => `${r.project_id}/${r.id}`),
  );
  const orphaned = (w: PartialWrite) => {
    const of = exportOfKey(w.key);
    return !of || !running.has(`${of.projectId}/${of.exportId}`);
  };
  const dropped = stale.filter(orphaned);
  await Promise.all(dropped.map((w) => storage.dropPartialWrite(w)));
  return dropped.length;
}
