import type { ServerContext } from '../context';
import { LogUploadsRepository } from '../repositories/logUploads';

/** Uploads removed per statement; a sweep goes on until none is left. */
const SWEEP_BATCH = 500;
export const LOG_RETENTION_SWEEP_MS = 3600_000;

/**
 * Deletes the log zips kept longer than their team's retention at `now` (days, default 30):
 * the object first, then its index row, so a sweep cut short leaves rows to find next time and
 * never a zip nobody can list. Answers how many went.
 */
export async function sweepLogUploads(ctx: Pick<ServerContext, 'db' | 'storage'>, now: number): Promise<number> {
  const repo = new LogUploadsRepository(ctx.db);
  let removed = 0;
  for (;;) {
    const batch = await repo.expired(now, SWEEP_BATCH);
    if (batch.length === 0) return removed;
    const gone: number[] = [];
    for (const u of batch) {
      try {
        await ctx.storage.delete(u.key);
        gone.push(u.id);
      } catch (err) {
        // already gone is what we wanted; anything else stays for the next sweep
        if ((err as { code?: string }).code === 'NoSuchKey') gone.push(u.id);
      }
    }
    await repo.remove(gone);
    removed += gone.length;
    // every object of the batch failed: the store is down, try again at the next sweep
    if (gone.length === 0) return removed;
  }
}
