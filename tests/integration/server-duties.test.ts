/**
 * Issue 34: background duties (sweeps, health checks, the pyramid catch-up) are done by one
 * server process of however many share a database, and another takes them over when it stops
 * or dies (src-server/duties, docs/deploy.md "Background work"). Here, schedulers standing for
 * processes share one real database with a clock the test moves; tests/integration/cluster.test.ts
 * kills a real process that holds them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DutyScheduler, type Duty } from '../../src-server/duties/dutyScheduler';
import { DutiesRepository } from '../../src-server/repositories/duties';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';

const EVERY_MS = 60_000;
const LEASE_MS = 20_000;

describe.each(DB_KINDS)('background duties on %s', (kind) => {
  let s: TestServer;
  let t = 1_000_000_000;
  const schedulers: DutyScheduler[] = [];
  beforeAll(async () => {
    s = await startTestServer(kind);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(schedulers.map((x) => x.close()));
    await s?.close();
  });

  /** A process's scheduler of one duty; its heartbeat never fires by itself (the test looks for it). */
  function processWith(name: string, duty: string): { scheduler: DutyScheduler; runs: string[] } {
    const runs: string[] = [];
    const scheduler = new DutyScheduler({ db: s.app.ctx.db, holder: name, clock: () => t, leaseMs: LEASE_MS, heartbeatMs: 3600_000, onError: () => undefined });
    const d: Duty = {
      name: duty,
      everyMs: EVERY_MS,
      run: async (note) => {
        runs.push(note ?? 'first');
        return `after run ${runs.length} by ${name}`;
      },
    };
    scheduler.add(d);
    schedulers.push(scheduler);
    return { scheduler, runs };
  }
  const holderOf = async (duty: string) => (await new DutiesRepository(s.app.ctx.db).all()).find((d) => d.name === duty)?.holder;

  it('gives a duty to exactly one of twelve processes asking at once', async () => {
    const repo = new DutiesRepository(s.app.ctx.db);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => repo.hold('race', `process-${i}`, t, t + LEASE_MS)));
    expect(answers.filter((a) => a !== undefined)).toHaveLength(1);
    const winner = answers.findIndex((a) => a !== undefined);
    expect(await holderOf('race')).toBe(`process-${winner}`);
  });

  it('runs a duty on one process only, once each time it is due, and hands its note on', async () => {
    const a = processWith('A', 'sweep.one');
    const b = processWith('B', 'sweep.one');
    await a.scheduler.lookNow();
    await b.scheduler.lookNow();
    expect(a.runs).toEqual(['first']);
    expect(b.runs).toEqual([]);
    // Not due again until its period is over, whoever looks.
    t += EVERY_MS - 1;
    await a.scheduler.lookNow();
    await b.scheduler.lookNow();
    expect(a.runs).toHaveLength(1);
    t += 1;
    await b.scheduler.lookNow();
    await a.scheduler.lookNow();
    expect(a.runs).toEqual(['first', 'after run 1 by A']);
    expect(b.runs).toEqual([]);

    // A graceful stop gives it back: the other process takes it at its next look and runs it at once, then each period.
    await a.scheduler.close();
    await b.scheduler.lookNow();
    expect(await holderOf('sweep.one')).toBe('B');
    expect(b.runs).toEqual(['after run 2 by A']);
    t += EVERY_MS - 1;
    await b.scheduler.lookNow();
    expect(b.runs).toHaveLength(1);
    t += 1;
    await b.scheduler.lookNow();
    expect(b.runs).toEqual(['after run 2 by A', 'after run 1 by B']);
  });

  it("takes over a dead process's duty once its hold lapses, and runs it at once", async () => {
    const b = processWith('B2', 'sweep.two');
    // What a process that died holding the duty leaves: its hold, running on, and a run just before it died.
    await s.app.ctx.db.insertInto('duties').values({ name: 'sweep.two', holder: 'dead-process', held_until: t + LEASE_MS, last_run_at: t - 1, note: 'left by the dead one' }).execute();
    await b.scheduler.lookNow();
    expect(await holderOf('sweep.two')).toBe('dead-process');
    expect(b.runs).toEqual([]);
    t += LEASE_MS + 1;
    await b.scheduler.lookNow();
    expect(await holderOf('sweep.two')).toBe('B2');
    expect(b.runs).toEqual(['left by the dead one']);
  });

  it("does the server's own duties on the server that started first (sweeps, health, catch-up)", async () => {
    await s.app.duties.lookNow();
    const rows = await new DutiesRepository(s.app.ctx.db).all();
    const own = rows.filter((r) => !['race', 'sweep.one', 'sweep.two'].includes(r.name));
    expect(own.map((r) => r.name).sort()).toEqual(['ai.health', 'leases.lapse', 'logs.retention', 'pyramids.catchUp', 'realtime.prune']);
    expect(new Set(own.map((r) => r.holder)).size).toBe(1);
    expect(own.every((r) => r.lastRunAt > 0)).toBe(true);
  });
});
