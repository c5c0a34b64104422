import type { ServerContext } from '../context';
import { room } from '../../src-shared/api/realtime';
import { WorkPackagesRepository } from '../repositories/workPackages';

/** Expired packages handled per query; a sweep goes on until none is left. */
const SWEEP_BATCH = 100;
/** A lease lapses at most this long after its time: short next to leases counted in hours. */
export const LEASE_LAPSE_SWEEP_MS = 60_000;

/**
 * Ends the leases that ran out by `now` (docs/offline-day.md, "Lapse"): each expired package's
 * unstarted items go back to their step's queue with a `leaseLapsed` log row under the holder;
 * the started ones stay with the holder, still in the package, which is marked lapsed so a
 * dispatcher sees who has them. One transaction per package: a sweep cut short leaves whole
 * packages open to find next time. Answers how many items went back.
 */
export async function sweepLapsedLeases(ctx: Pick<ServerContext, 'db' | 'dialect' | 'realtime'>, now: number): Promise<number> {
  const repo = new WorkPackagesRepository(ctx.db, ctx.dialect);
  let returned = 0;
  for (;;) {
    const batch = await repo.expired(now, SWEEP_BATCH);
    if (batch.length === 0) return returned;
    for (const p of batch) {
      const { rows } = await repo.giveBack({ packageId: p.id, started: false, action: 'leaseLapsed', actorId: p.user_id, now });
      returned += rows.length;
      if (rows.length > 0) {
        await ctx.realtime.publish(room('task', p.task_id), 'taskSubject.changed', { taskId: p.task_id, taskSubjectIds: rows.map((r) => r.id), action: 'requeue' });
      }
    }
  }
}
