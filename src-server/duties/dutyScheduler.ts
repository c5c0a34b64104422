import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import { DutiesRepository } from '../repositories/duties';

/** One piece of background work that one process does for all, every `everyMs`. */
export interface Duty {
  name: string;
  everyMs: number;
  /** Does the work; takes the note the last run left and answers the next one (undefined keeps it). */
  run(note: string | null): Promise<string | null | undefined>;
}

export interface DutySchedulerDeps {
  db: Kysely<Database>;
  /** this process's name (instanceName.ts) */
  holder: string;
  onError: (duty: string, err: unknown) => void;
  /** How often holds are kept and duties looked at. */
  heartbeatMs?: number;
  /** How long a hold lasts without a heartbeat: how soon another process takes a dead one's duties. */
  leaseMs?: number;
  /** Wall clock: holds are about processes being alive, never the clock tests move. */
  clock?: () => number;
}

const HEARTBEAT_MS = 5000;
const LEASE_MS = 20_000;

/**
 * Runs the server's periodic background duties (docs/deploy.md, "Background work") so that,
 * however many processes serve one database, each duty is done by one of them at a time: a
 * process holds a duty by a lease in the `duties` table, kept every heartbeat, runs it when it
 * takes it (at its start, or from a process that stopped or died, whose last run may have been
 * cut short), and then whenever its period since the last run (recorded there too, whoever ran
 * it) is over. A process that stops gives its duties back; one that dies leaves them to lapse
 * after `leaseMs`, and the next process to look takes them. A
 * process whose event loop stalls past its lease may find its duty taken while it runs, so a
 * duty is written to be safe to run twice (every sweep is).
 */
export class DutyScheduler {
  private readonly repo: DutiesRepository;
  private readonly duties: Duty[] = [];
  private readonly running = new Map<string, Promise<void>>();
  /** the duties this process held at its last look */
  private readonly holding = new Set<string>();
  private readonly heartbeatMs: number;
  private readonly leaseMs: number;
  private readonly clock: () => number;
  private timer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly d: DutySchedulerDeps) {
    this.repo = new DutiesRepository(d.db);
    this.heartbeatMs = d.heartbeatMs ?? HEARTBEAT_MS;
    this.leaseMs = d.leaseMs ?? LEASE_MS;
    this.clock = d.clock ?? Date.now;
  }

  add(duty: Duty): void {
    this.duties.push(duty);
  }

  start(): void {
    if (this.closed || this.timer) return;
    this.timer = setInterval(() => this.beat(), this.heartbeatMs);
    this.timer.unref();
    this.beat();
  }

  /** Keeps the holds and runs what is due now, and resolves when those runs end (tests; a heartbeat does the same). */
  async lookNow(): Promise<void> {
    await this.beating;
    this.beat();
    await this.settled();
  }

  private async settled(): Promise<void> {
    await this.beating;
    await Promise.all(this.running.values());
  }

  /** Stops looking, waits for the runs under way, and gives every duty back. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.settled();
    await this.repo.release(this.duties.map((d) => d.name), this.d.holder).catch(() => undefined);
  }

  private beat(): void {
    if (this.closed || this.beating) return;
    this.beating = this.keepAndRun()
      .catch((err: unknown) => this.d.onError('heartbeat', err))
      .finally(() => {
        this.beating = null;
      });
  }

  private async keepAndRun(): Promise<void> {
    for (const duty of this.duties) {
      const now = this.clock();
      const held = await this.repo.hold(duty.name, this.d.holder, now, now + this.leaseMs);
      if (!held) {
        this.holding.delete(duty.name);
        continue;
      }
      // Taken just now (a start, or from a process that stopped or died): run at once, as the
      // last holder's run may have been cut short; then every period from there.
      const takenNow = !this.holding.has(duty.name);
      this.holding.add(duty.name);
      if (this.running.has(duty.name) || this.closed || (!takenNow && now - held.lastRunAt < duty.everyMs)) continue;
      const run = this.runOnce(duty, held.note).finally(() => this.running.delete(duty.name));
      this.running.set(duty.name, run);
    }
  }

  private async runOnce(duty: Duty, note: string | null): Promise<void> {
    try {
      const next = await duty.run(note);
      await this.repo.ran(duty.name, this.d.holder, this.clock(), next === undefined ? note : next);
    } catch (err) {
      // A failed run counts as a run, its note unchanged: it is tried again a period later, not every heartbeat.
      this.d.onError(duty.name, err);
      await this.repo.ran(duty.name, this.d.holder, this.clock(), note).catch(() => undefined);
    }
  }
}
