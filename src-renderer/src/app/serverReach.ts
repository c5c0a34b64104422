import { useSyncExternalStore } from 'react';
import { setupListeners } from '@reduxjs/toolkit/query';
import type { Dispatch } from '@reduxjs/toolkit';
import { userRoutes } from '../../../src-shared/api/user';
import type { WorkstationBridge } from '../../../src-shared/ipc';
import { apiRequest, onCallOutcome } from './apiClient';

/**
 * Whether the team server answers, as this page last found out (docs/offline-day.md, "The page
 * knows the server is away"). Every call's outcome says it (any answer: reachable; none, or a
 * gateway with nothing behind it: away), and so does the main process's `connectivity` event
 * (its journal found the server gone or back).
 *
 * While it is away the page's reads (RTK Query's queries) do not go to the server: they fail at
 * once as unreachable (`mayRead`), and one probe every PROBE_EVERY_MS (a cheap unauthenticated
 * call) watches for its return. Before, a page working through a work package offline asked
 * `/user/info`, `/ai/allow` and `/note/subject` again for every item, each waiting for the
 * network to fail. Once it answers again, every query in use is asked again (RTK Query's
 * refetch on reconnect). Writes (mutations, the workstation's own calls) are never held back:
 * they are what a person asked for, and their outcome is news of the server too.
 */
export type Reach = 'unknown' | 'reachable' | 'away';

/** How often the page asks whether the server is back, while it is away; also how long one probe's answer holds. */
export const PROBE_EVERY_MS = 5_000;

let reach: Reach = 'unknown';
const listeners = new Set<() => void>();
let probing: Promise<boolean> | null = null;
let probedAt = 0;
let watching: ReturnType<typeof setInterval> | null = null;

function set(now: Exclude<Reach, 'unknown'>): void {
  if (now === reach) return;
  reach = now;
  probedAt = now === 'away' ? Date.now() : 0;
  if (now === 'away' && watching === null) watching = setInterval(() => void probeServer(), PROBE_EVERY_MS);
  if (now === 'reachable' && watching !== null) {
    clearInterval(watching);
    watching = null;
  }
  for (const l of [...listeners]) l();
}

/** Asks the server now whether it is there; one probe at a time. Answers whether it is. */
export function probeServer(): Promise<boolean> {
  probing ??= apiRequest({ method: userRoutes.isLogin.method, path: userRoutes.isLogin.path, body: {}, probe: true })
    .then(
      () => true,
      () => reach !== 'away', // another failure than no answer was an answer; onCallOutcome has set the reach
    )
    .finally(() => {
      probedAt = Date.now();
      probing = null;
    });
  return probing;
}

/**
 * Whether a read may go to the server now: yes unless it is known to be away; while away, only
 * once a probe (at most one every PROBE_EVERY_MS, shared by every read) found it back.
 */
export async function mayRead(): Promise<boolean> {
  if (reach !== 'away') return true;
  if (probing) return probing;
  if (Date.now() - probedAt < PROBE_EVERY_MS) return false;
  return probeServer();
}

export const serverReach = (): Reach => reach;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The reach, re-rendering on change. */
export function useServerReach(): Reach {
  return useSyncExternalStore(subscribe, serverReach);
}

/**
 * Starts following the reach (once, at the page's start): call outcomes, the main process's
 * connectivity event, and RTK Query told when the server comes back (every query in use is asked
 * again) or goes (`online: false` in its state).
 */
export function watchServerReach(dispatch: Dispatch, host: WorkstationBridge): void {
  onCallOutcome((answered) => set(answered ? 'reachable' : 'away'));
  host.on('connectivity', (e) => set(e.server === 'online' ? 'reachable' : 'away'));
  let last = reach;
  setupListeners(dispatch, (d, actions) =>
    subscribe(() => {
      // Back after being away, not the first answer of the page's start (its queries are on their way).
      if (reach === 'reachable' && last === 'away') d(actions.onOnline());
      else if (reach === 'away') d(actions.onOffline());
      last = reach;
    }),
  );
}
