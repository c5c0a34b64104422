import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';

/** A limit: at most `max` events of `scope` per key within each window (several windows make it progressive). */
export interface ThrottleRule {
  scope: string;
  windows: readonly { max: number; ms: number }[];
}

/** One rule applied to one key, e.g. the account limit to a mobile number. */
export interface ThrottleCheck {
  rule: ThrottleRule;
  key: string;
}

/** Either the event counted (its ids, to release it if it turned out no failure) or the wait. */
export type ThrottleOutcome = { ok: true; ids: number[] } | { ok: false; retryAfterMs: number; scope: string };

/** Events older than the longest window of any rule are of no use (src-server/auth/limits.ts checks its rules fit). */
export const THROTTLE_KEEP_MS = 24 * 3600_000;
/** Old events are dropped at most this often per process: one indexed delete. */
const PURGE_EVERY_MS = 60_000;

/**
 * The one mechanism behind every sign-in limit: a table of events keyed by rule and key, in the
 * database so all server processes count together.
 *
 * The guarantee: of any number of concurrent attempts, at most `max` per window are let through.
 * The mechanism: each attempt first writes its event, then counts the events of its key including
 * its own and every other one already written; the k-th event written is counted with the k-1
 * before it, so no burst can pass the check before the earlier ones are seen (no transaction or
 * lock needed, on SQLite or PostgreSQL). A refused attempt removes its event again, so waiting
 * out `retryAfterMs` is enough; an attempt that succeeded is released the same way when only
 * failures should count.
 */
export class AuthThrottleRepository {
  private lastPurge = 0;

  constructor(private readonly db: Kysely<Database>) {}

  /** Counts one event under every check; refuses (and counts nothing) if any rule would be exceeded. */
  async take(checks: readonly ThrottleCheck[], now: number): Promise<ThrottleOutcome> {
    await this.purgeNowAndThen(now);
    if (checks.length === 0) return { ok: true, ids: [] };
    const rows = await this.db
      .insertInto('auth_throttle_events')
      .values(checks.map(({ rule, key }) => ({ scope: rule.scope, key, at: now })))
      .returning('id')
      .execute();
    const ids = rows.map((r) => r.id);
    let worst: { retryAfterMs: number; scope: string } | null = null;
    for (const { rule, key } of checks) {
      const wait = await this.waitFor(rule, key, ids, now);
      if (wait > 0 && (!worst || wait > worst.retryAfterMs)) worst = { retryAfterMs: wait, scope: rule.scope };
    }
    if (!worst) return { ok: true, ids };
    await this.release(ids);
    return { ok: false, ...worst };
  }

  /** Un-counts events taken earlier: the attempt succeeded, and the rule counts only failures. */
  async release(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('auth_throttle_events').where('id', 'in', ids).execute();
  }

  /** Forgets every event of a key, e.g. the account's wrong passwords once its owner signed in. */
  async clear(rule: ThrottleRule, key: string): Promise<void> {
    await this.db.deleteFrom('auth_throttle_events').where('scope', '=', rule.scope).where('key', '=', key).execute();
  }

  /**
   * Milliseconds until one more event of the key fits every window, counting the events other
   * than `own`; 0 when it fits now.
   */
  private async waitFor(rule: ThrottleRule, key: string, own: readonly number[], now: number): Promise<number> {
    let wait = 0;
    for (const w of rule.windows) {
      const newest = await this.db
        .selectFrom('auth_throttle_events')
        .select('at')
        .where('scope', '=', rule.scope)
        .where('key', '=', key)
        .where('at', '>', now - w.ms)
        .where('id', 'not in', own)
        .orderBy('at', 'desc')
        .limit(w.max)
        .execute();
      // Full: the next event fits once the oldest of the `max` newest leaves the window.
      if (newest.length >= w.max) wait = Math.max(wait, newest[w.max - 1]!.at + w.ms - now, 1);
    }
    return wait;
  }

  private async purgeNowAndThen(now: number): Promise<void> {
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    await this.db.deleteFrom('auth_throttle_events').where('at', '<=', now - THROTTLE_KEEP_MS).execute();
  }
}
