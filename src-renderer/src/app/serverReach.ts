import { useSyncExternalStore } from 'react';
import { setupListeners } from '@reduxjs/toolkit/query';
import type { Dispatch } from '@reduxjs/toolkit';
import { userRoutes } from '../../../src-shared/api/user';
import type { WorkstationBridge } from '../../../src-shared/ipc';
import { apiRequest, isAnswer, onCallOutcome } from './apiClient';

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

export class ServerReach {
  private reach: Reach = 'unknown';
  private readonly listeners = new Set<(now: Reach, before: Reach) => void>();
  private probing: Promise<boolean> | null = null;
  /** when the server was last asked (a probe, or the failure that found it away) */
  private askedAt = 0;
  private watching: ReturnType<typeof setInterval> | null = null;

  constructor(
    /** asks the server whether it is there: true for an answer */
    private readonly ask: () => Promise<boolean>,
    private readonly now: () => number = Date.now,
    private readonly everyMs = PROBE_EVERY_MS,
  ) {}

  get current(): Reach {
    return this.reach;
  }

  /** What a call, a probe or the main process found. */
  set(now: Exclude<Reach, 'unknown'>): void {
    const before = this.reach;
    if (now === before) return;
    this.reach = now;
    if (now === 'away') {
      this.askedAt = this.now();
      this.watching ??= setInterval(() => void this.probe(), this.everyMs);
    } else if (this.watching !== null) {
      clearInterval(this.watching);
      this.watching = null;
    }
    for (const l of [...this.listeners]) l(now, before);
  }

  /** Asks the server now; one probe at a time. Answers whether it is there. */
  probe(): Promise<boolean> {
    this.probing ??= this.ask()
      .catch(() => false)
      .then((there) => {
        this.askedAt = this.now();
        this.probing = null;
        this.set(there ? 'reachable' : 'away');
        return there;
      });
    return this.probing;
  }

  /**
   * Whether a read may go to the server now: yes unless it is known to be away; while away, only
   * once a probe (at most one every PROBE_EVERY_MS, shared by every read) found it back.
   */
  async mayRead(): Promise<boolean> {
    if (this.reach !== 'away') return true;
    if (this.probing) return this.probing;
    if (this.now() - this.askedAt < this.everyMs) return false;
    return this.probe();
  }

  subscribe(listener: (now: Reach, before: Reach) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stops watching for the server's return (a test's end). */
  stop(): void {
    if (this.watching !== null) clearInterval(this.watching);
    this.watching = null;
  }
}

/** The page's one reach, asked with the cheap unauthenticated `/user/isLogin`. */
export const serverReach = new ServerReach(() =>
  apiRequest({ method: userRoutes.isLogin.method, path: userRoutes.isLogin.path, body: {}, probe: true }).then(
    () => true,
    (err: unknown) => isAnswer(err),
  ),
);

export const probeServer = (): Promise<boolean> => serverReach.probe();
export const mayRead = (): Promise<boolean> => serverReach.mayRead();

const subscribeReach = (listener: () => void) => serverReach.subscribe(listener);
const currentReach = () => serverReach.current;

/** The reach, re-rendering on change. */
export function useServerReach(): Reach {
  return useSyncExternalStore(subscribeReach, currentReach);
}

/**
 * Starts following the reach (once, at the page's start): call outcomes, the main process's
 * connectivity event, and RTK Query told when the server comes back (every query in use is asked
 * again) or goes (`online: false` in its state).
 */
export function watchServerReach(dispatch: Dispatch, host: WorkstationBridge): void {
  onCallOutcome((answered) => serverReach.set(answered ? 'reachable' : 'away'));
  host.on('connectivity', (e) => serverReach.set(e.server === 'online' ? 'reachable' : 'away'));
  setupListeners(dispatch, (d, actions) =>
    serverReach.subscribe((now, before) => {
      // Back after being away, not the first answer of the page's start (its queries are on their way).
      if (now === 'reachable' && before === 'away') d(actions.onOnline());
      else if (now === 'away') d(actions.onOffline());
    }),
  );
}
