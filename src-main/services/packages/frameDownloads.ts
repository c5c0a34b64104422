import fs from 'node:fs';
import path from 'node:path';
import type { LocalPackageState, PackageProgress } from '../../../src-shared/ipc';
import type { EventBus } from '../events';
import type { StorageService } from '../storage';
import { runPool } from '../pool';
import { ThrottledReport } from '../throttledReport';
import type { ProductLog } from '../productLog';
import { errorData, packageError } from './packageErrors';
import { packageExtra } from './packageLog';
import type { FrameRow, PackageStore, SharedFile } from './store';

/**
 * Frames of one package moving at once. A frame of 1 to 2 MB is one GET (the storage layer sends
 * no HEAD first), and its round trip and disk work cost more than its bytes. 8 keep the line
 * busy where 3 left it waiting: 200 frames took at best 2.7 s at 3 and 1.6 to 2.3 s at 8 to 12
 * (docs/BENCHMARKS.md, issue 19). Most of the storage client's 64 sockets stay free for the
 * workstation's other transfers.
 */
export const PACKAGE_FILE_CONCURRENCY = 8;
/** At most this often a package's progress goes out while bytes move (state changes go out at once). */
const PROGRESS_EVERY_MS = 200;

interface Run {
  /** set when pause or cancel stops the run: the state it leaves the package in */
  stopped: LocalPackageState | null;
  /** transfers of the storage layer in flight, with the bytes each has moved */
  inFlight: Map<string, number>;
  done: Promise<void>;
  /** the package's progress while it runs: at most every PROGRESS_EVERY_MS, none held back for good */
  reports: ThrottledReport;
}

/**
 * Brings a package's frames to disk through the storage layer (its downloads: ranged GETs,
 * retries, token refresh), PACKAGE_FILE_CONCURRENCY at a time, in the items' order. A frame
 * counts only once the file on disk has the size the server gave; that is what makes a
 * restart resumable: the next run fetches exactly the frames not marked, and a file that
 * landed just before a crash (not marked yet) is checked and kept instead of fetched again.
 */
export class FrameDownloads {
  private readonly runs = new Map<number, Run>();
  private readonly offProgress: () => void;

  constructor(
    private readonly d: { store: PackageStore; storage: StorageService; events: EventBus; log: ProductLog; folderOf: (packageId: number) => string; concurrency?: number },
  ) {
    // The storage layer reports each file's bytes; a package sums its files in flight.
    this.offProgress = d.events.on('storage.progress', (e) => {
      const packageId = packageOfTransfer(e.transferId);
      const run = packageId === null ? undefined : this.runs.get(packageId);
      if (!run || !run.inFlight.has(e.transferId)) return;
      run.inFlight.set(e.transferId, e.loaded);
      this.report(packageId!, false);
    });
  }

  running(packageId: number): boolean {
    return this.runs.has(packageId);
  }

  /**
   * Starts (or goes on with) a package's download unless it runs already, or the package is gone:
   * items leave packages from several places (a hand-off taken, a return, a lost lease), and one
   * that restarts the download after an await may find another removed the package meanwhile.
   */
  start(packageId: number): void {
    if (this.runs.has(packageId) || !this.d.store.get(packageId)) return;
    const run: Run = { stopped: null, inFlight: new Map(), done: Promise.resolve(), reports: new ThrottledReport(PROGRESS_EVERY_MS, () => this.emit(packageId)) };
    this.runs.set(packageId, run);
    this.d.store.setState(packageId, 'downloading');
    this.report(packageId, true);
    run.done = this.download(packageId, run).finally(() => {
      run.reports.cancel();
      this.runs.delete(packageId);
    });
  }

  /** Stops a running download (files done stay) and leaves the package in `state`; answers once it has stopped. */
  async stop(packageId: number, state: LocalPackageState): Promise<void> {
    const run = this.runs.get(packageId);
    if (!run) return;
    run.stopped = state;
    this.cancelFiles(run);
    await run.done;
  }

  /** The package's counts with the bytes of files in flight, as the progress event carries them. */
  progress(packageId: number): Omit<PackageProgress, 'state' | 'error'> {
    const c = this.d.store.counts(packageId);
    const moving = [...(this.runs.get(packageId)?.inFlight.values() ?? [])].reduce((a, b) => a + b, 0);
    return { packageId, ...c, bytesDone: Math.min(c.bytesTotal, c.bytesDone + moving) };
  }

  /**
   * Emits `packages.progress` now (a state change) or, while the package downloads, at most every
   * PROGRESS_EVERY_MS; one held back goes out once the interval is over, so what arrived just
   * before the line stalls (a frame done, its bytes) is shown rather than the count of 200 ms
   * earlier.
   */
  report(packageId: number, now: boolean): void {
    const run = this.runs.get(packageId);
    if (run) run.reports.ask(now);
    else this.emit(packageId);
  }

  private emit(packageId: number): void {
    const row = this.d.store.get(packageId);
    if (!row) return;
    this.d.events.emit('packages.progress', { ...this.progress(packageId), state: row.state, ...(row.error ? { error: row.error } : {}) });
  }

  async close(): Promise<void> {
    this.offProgress();
    // Left as downloading: the next start goes on with them.
    const runs = [...this.runs.values()];
    for (const run of runs) {
      run.stopped = 'downloading';
      this.cancelFiles(run);
    }
    await Promise.all(runs.map((run) => run.done));
  }

  private cancelFiles(run: Run): void {
    for (const transferId of run.inFlight.keys()) this.d.storage.cancel(transferId);
  }

  private async download(packageId: number, run: Run): Promise<void> {
    const row = this.d.store.get(packageId)!;
    const extra = packageExtra(row);
    const folder = this.d.folderOf(packageId);
    // A video item's file and times once each, in the items' order with the frames of picture items.
    const missing: (FrameRow | SharedFile)[] = [...this.d.store.missingFrames(packageId), ...this.d.store.missingShared(packageId)].sort((a, b) => a.position - b.position);
    const started = Date.now();
    this.d.log.info(`package ${packageId}: downloading ${missing.length} files`, extra);
    try {
      if (missing.length > 0 && !this.d.storage.status().initialised) await this.d.storage.init();
      await runPool(missing, this.d.concurrency ?? PACKAGE_FILE_CONCURRENCY, async (f) => {
        if (run.stopped) return;
        const transferId = 'frameId' in f ? `pkg-${packageId}-${f.taskSubjectId}-${f.frameId}` : `pkg-${packageId}-file-${f.position}`;
        try {
          if ('frameId' in f) {
            await this.fetchFrame(transferId, folder, f, run);
            this.d.store.setFrameDone(f.taskSubjectId, f.frameId, true);
          } else {
            this.d.store.setSharedDone(packageId, f.file, true, await this.fetchShared(transferId, folder, f, run));
          }
        } finally {
          // Out of the in-flight sum only once counted as done: the bytes shown never step back.
          run.inFlight.delete(transferId);
        }
        this.report(packageId, false);
      });
      if (run.stopped) return this.settle(packageId, run);
      this.d.store.setState(packageId, 'ready');
      const c = this.d.store.counts(packageId);
      this.d.log.info(`package ${packageId}: ready offline, ${c.itemsTotal} items, ${c.filesTotal} files, ${c.bytesTotal} bytes in ${Date.now() - started} ms`, extra);
    } catch (err) {
      if (run.stopped) return this.settle(packageId, run);
      const e = errorData(err);
      this.d.store.setState(packageId, 'failed', e);
      this.d.log.warn(`package ${packageId}: download failed (${e.code}: ${e.message}); the files on disk are kept and the rest is fetched on resume`, extra);
    } finally {
      run.inFlight.clear();
      if (this.d.store.get(packageId)) this.report(packageId, true);
    }
  }

  private settle(packageId: number, run: Run): void {
    if (run.stopped && run.stopped !== 'cancelled' && this.d.store.get(packageId)) this.d.store.setState(packageId, run.stopped);
  }

  /**
   * A video item's file or frame times, once for every item of the package that names it; as a
   * frame, it counts once the file has the size the server gave. Answers the size on disk (what
   * the download brought, when the server could not say).
   */
  private async fetchShared(transferId: string, folder: string, f: SharedFile, run: Run): Promise<number> {
    const file = path.join(folder, f.file);
    // The storage layer renames a file into place only when it is whole: one there is kept.
    const there = await sizeOf(file);
    if (there >= 0 && (f.sizeBytes === null || there === f.sizeBytes)) return there;
    run.inFlight.set(transferId, 0);
    const { size } = await this.d.storage.download({ transferId, key: f.key, file });
    if (f.sizeBytes !== null && size !== f.sizeBytes) {
      await fs.promises.rm(file, { force: true });
      throw packageError('PACKAGE_FRAME_MISMATCH', `${f.key} is ${size} bytes, the server said ${f.sizeBytes}`);
    }
    return size;
  }

  private async fetchFrame(transferId: string, folder: string, frame: FrameRow, run: Run): Promise<void> {
    const file = path.join(folder, frame.file);
    // Landed before a crash, not marked yet: the size says whether it is whole.
    if ((await sizeOf(file)) === frame.sizeBytes) return;
    run.inFlight.set(transferId, 0);
    // The storage layer wrote exactly the object's bytes (each span checked), so its size is the file's.
    const { size } = await this.d.storage.download({ transferId, key: frame.key, file });
    if (size !== frame.sizeBytes) {
      await fs.promises.rm(file, { force: true });
      throw packageError('PACKAGE_FRAME_MISMATCH', `frame ${frame.frameId} of task subject ${frame.taskSubjectId} (${frame.key}) is ${size} bytes, the server said ${frame.sizeBytes}`);
    }
  }
}

/** The package id in a transfer id this service made (`pkg-<packageId>-<taskSubjectId>-<frameId>`, `pkg-<packageId>-file-<position>`), else null. */
function packageOfTransfer(transferId: string): number | null {
  const m = /^pkg-(\d+)-(?:\d+-\d+|file-\d+)$/.exec(transferId);
  return m ? Number(m[1]) : null;
}

/** A file's size, or -1 when it is not there. */
async function sizeOf(file: string): Promise<number> {
  return fs.promises.stat(file).then(
    (s) => s.size,
    () => -1,
  );
}
