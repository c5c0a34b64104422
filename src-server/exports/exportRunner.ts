import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { ExportSettings } from '../config';
import type { ObjectStore } from '../storage';
import type { RealtimePublisher } from '../realtime/publisher';
import { room } from '../../src-shared/api/realtime';
import { ExportsRepository, type ClaimedExport } from '../repositories/exports';
import type { StopReason } from './runControl';
import type { Executor } from './executions';
import { clearExportLeftovers, sweepExportLeftovers } from './exportLeftovers';
import { sweepStaleTempFolders } from '../staleTempFolders';
import { instanceName } from '../instanceName';

/** How often a running export renews its lease and announces its progress. */
export const EXPORT_PROGRESS_EVERY_MS = 1000;
/** How often an idle runner looks for queued work another server (or a restart) left. */
const POLL_MS = 2000;

export interface ExportRunnerDeps {
  db: Kysely<Database>;
  storage: ObjectStore;
  realtime: RealtimePublisher;
  now: () => number;
  settings: ExportSettings;
  /** where a run is written: a worker thread in the server (executions.ts) */
  execute: Executor;
}

/**
 * Runs exports in the background, `concurrency` at a time, each written by an executor (a
 * worker thread) while this runner keeps its books: it holds each export by a lease renewed
 * every second with the progress. A cancel or delete ends the lease; the run learns it at once
 * in this process (`stop`) or at its next renewal when another server took the call, and its
 * executor then aborts the upload and deletes what was written. A server that stops hands its
 * runs back to the queue; one that dies leaves them to lapse, and the next runner resumes them
 * from the start, failing them after `maxAttempts`. What a dead run half wrote is removed when
 * its export is taken over or fails, and at start for exports nobody runs any more
 * (exportLeftovers.ts).
 */
export class ExportRunner {
  readonly runnerId = instanceName();
  private readonly repo: ExportsRepository;
  private readonly running = new Map<number, { stop: (reason: StopReason) => void; done: Promise<void> }>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private sweeping: Promise<unknown> | null = null;
  private closed = false;

  constructor(private readonly d: ExportRunnerDeps) {
    this.repo = new ExportsRepository(d.db);
  }

  start(): void {
    if (this.closed || this.timer) return;
    this.sweeping = Promise.all([
      sweepExportLeftovers(this.d.db, this.d.storage, this.d.now(), this.d.settings.leaseMs).catch(() => 0),
      // The server's temp folders (exports' and imports') live in this runner's temp directory.
      sweepStaleTempFolders(this.d.settings.tempDir, this.d.now()).catch(() => 0),
    ]);
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.timer.unref();
    this.wake();
  }

  /** Looks for work now (after an export was queued). */
  wake(): void {
    if (this.closed || this.ticking) return;
    this.ticking = this.tick()
      .catch(() => undefined)
      .finally(() => {
        this.ticking = null;
      });
  }

  /** Stops a run of this process at once (its row was cancelled or deleted by the caller). */
  stop(exportId: number): Promise<void> {
    const run = this.running.get(exportId);
    if (!run) return Promise.resolve();
    run.stop('cancelled');
    return run.done;
  }

  /** Stops looking for work and hands running exports back to the queue. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.all([this.ticking, this.sweeping]);
    const runs = [...this.running.values()];
    for (const r of runs) r.stop('shutdown');
    await Promise.all(runs.map((r) => r.done));
  }

  private async tick(): Promise<void> {
    const { settings } = this.d;
    for (const f of await this.repo.failExhausted(this.d.now(), settings.leaseMs, settings.maxAttempts)) {
      await this.clearLeftovers(f.projectId, f.id);
      await this.announce(f.projectId, f.id, 'failed', 0, 0);
    }
    while (!this.closed && this.running.size < settings.concurrency) {
      const job = await this.repo.claimNext(this.runnerId, this.d.now(), settings.leaseMs);
      if (!job) return;
      const done = this.run(job)
        .catch(() => undefined)
        .finally(() => {
          this.running.delete(job.id);
          this.wake();
        });
      this.running.set(job.id, { stop: (reason) => this.stopRun.get(job.id)?.(reason), done });
    }
  }

  private readonly stopRun = new Map<number, (reason: StopReason) => void>();

  private announce(projectId: number, exportId: number, status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled', done: number, total: number) {
    return this.d.realtime.publish(room('exports', projectId), 'export.changed', { projectId, exportId, status, done, total }).catch(() => undefined);
  }

  /** Removes what runs of an export left; a store that fails here fails no run (the start-up sweep tries again). */
  private clearLeftovers(projectId: number, exportId: number): Promise<unknown> {
    return clearExportLeftovers(this.d.storage, projectId, exportId).catch(() => 0);
  }

  /**
   * Whether a stopped run's export will never run again (cancelled, deleted, failed), so what it
   * left may go. One taken over by another runner, or finished by it, is not: its prefix holds
   * that run's writes.
   */
  private async endedForGood(job: ClaimedExport): Promise<boolean> {
    const row = await this.repo.find(job.projectId, job.id).catch(() => null);
    return row === undefined || row?.status === 'cancelled' || row?.status === 'failed';
  }

  private async run(job: ClaimedExport): Promise<void> {
    const progress = { done: 0, total: 0 };
    const execution = this.d.execute(job, (done, total) => {
      progress.done = done;
      progress.total = total;
    });
    let stopped: StopReason | null = null;
    const stop = (reason: StopReason) => {
      if (stopped) return;
      stopped = reason;
      execution.stop(reason);
    };
    this.stopRun.set(job.id, stop);
    const beat = setInterval(() => {
      void this.repo.heartbeat(job.id, this.runnerId, this.d.now(), progress).then((held) => {
        if (!held) stop('lost');
        else void this.announce(job.projectId, job.id, 'running', progress.done, progress.total);
      });
    }, EXPORT_PROGRESS_EVERY_MS);
    try {
      await this.announce(job.projectId, job.id, 'running', 0, 0);
      const outcome = await execution.outcome;
      if (outcome.type === 'done') {
        const finished = await this.repo.finish(job.id, this.runnerId, { now: this.d.now(), objectKey: outcome.objectKey, sizeBytes: outcome.size, report: outcome.report, total: outcome.total });
        // Cancelled or deleted just as it ended: its zip must not outlive it.
        if (!finished) await this.d.storage.delete(outcome.objectKey).catch(() => undefined);
        else await this.announce(job.projectId, job.id, 'done', outcome.total, outcome.total);
      } else if ((outcome.stopped ?? stopped) === 'shutdown') {
        await this.repo.requeue(job.id, this.runnerId);
      } else if (!outcome.stopped && !stopped) {
        // Failed while still ours (a thread that died mid-write leaves its part behind).
        if (await this.repo.fail(job.id, this.runnerId, { now: this.d.now(), code: outcome.code, detail: outcome.message })) await this.clearLeftovers(job.projectId, job.id);
        await this.announce(job.projectId, job.id, 'failed', progress.done, progress.total);
      } else if (await this.endedForGood(job)) {
        // Cancelled or deleted, here or on another server: nobody runs it again.
        await this.clearLeftovers(job.projectId, job.id);
      }
    } finally {
      clearInterval(beat);
      this.stopRun.delete(job.id);
    }
  }
}
