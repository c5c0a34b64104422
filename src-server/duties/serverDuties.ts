import type { ServerContext } from '../context';
import type { RealtimeHub } from '../realtime/hub';
import type { Duty } from './dutyScheduler';
import { LEASE_LAPSE_SWEEP_MS, sweepLapsedLeases } from '../leases/leaseLapse';
import { LOG_RETENTION_SWEEP_MS, sweepLogUploads } from '../logs/logRetention';
import { AI_HEALTH_EVERY_MS } from '../ai/runtime';

/** How often the pyramid catch-up looks at the frames registered since it last looked. */
export const PYRAMID_CATCH_UP_EVERY_MS = 5 * 60_000;
const HOUR_MS = 3600_000;

/** How far the pyramid catch-up got: frame ids up to `checkedTo` are looked at, up to `seenMax` are next. */
interface PyramidWalk {
  checkedTo: number;
  seenMax: number;
}

/**
 * One step of the pyramid catch-up's walk over frame ids, from the note the last run left and
 * the newest id now: which ids to look at, and the note to leave. The first step takes every
 * frame; each later one those registered before the step before it, so the process that
 * registered a frame had a whole period to make its pyramid and only a dead or stopped one's
 * are looked at here. A note that is not one (a hand edit) starts the walk again.
 */
export function pyramidWalkStep(note: string | null, newest: number): { afterId: number; upToId: number; note: string } {
  let walk: PyramidWalk | null = null;
  try {
    const w = note === null ? null : (JSON.parse(note) as Partial<PyramidWalk> | null);
    if (w && Number.isSafeInteger(w.checkedTo) && Number.isSafeInteger(w.seenMax)) walk = { checkedTo: w.checkedTo!, seenMax: w.seenMax! };
  } catch {
    walk = null;
  }
  const next: PyramidWalk = { checkedTo: walk?.seenMax ?? newest, seenMax: newest };
  return { afterId: walk?.checkedTo ?? 0, upToId: walk?.seenMax ?? newest, note: JSON.stringify(next) };
}

/**
 * The background duties one process does for all (docs/deploy.md, "Background work"). Each is
 * safe to run twice. Exports and AI job dispatch are not here: any process may run any export
 * or job, each claimed by its own lease (exportRunner.ts, ai/runtime.ts).
 */
export function serverDuties(ctx: ServerContext, hub: RealtimeHub): Duty[] {
  return [
    { name: 'leases.lapse', everyMs: LEASE_LAPSE_SWEEP_MS, run: async () => void (await sweepLapsedLeases(ctx, ctx.now())) },
    { name: 'logs.retention', everyMs: LOG_RETENTION_SWEEP_MS, run: async () => void (await sweepLogUploads(ctx, ctx.now())) },
    { name: 'ai.health', everyMs: AI_HEALTH_EVERY_MS, run: async () => void (await ctx.ai.checkServices()) },
    { name: 'realtime.prune', everyMs: HOUR_MS, run: async () => void (await hub.prune()) },
    {
      name: 'pyramids.catchUp',
      everyMs: PYRAMID_CATCH_UP_EVERY_MS,
      run: async (note) => {
        const step = pyramidWalkStep(note, await ctx.pyramids.newestFrameId());
        await ctx.pyramids.catchUp(step.afterId, step.upToId);
        return step.note;
      },
    },
  ];
}
