import type { ServerConfig } from '../config';
import type { ClaimedExport } from '../repositories/exports';
import { produceExport, type ProduceDeps, type Produced } from './produceExport';
import { RunControl, type StopReason } from './runControl';
import { spawnExportWorker } from './spawnExportWorker';
import type { FromExportWorker, ToExportWorker } from './workerProtocol';

/** How one run ended: its zip, or why not. */
export type Outcome = ({ type: 'done' } & Produced) | { type: 'ended'; stopped: StopReason | null; code: string; message: string };

/** One export being written, wherever that happens. */
export interface Execution {
  stop(reason: StopReason): void;
  readonly outcome: Promise<Outcome>;
}

/** Starts writing an export; `onProgress` hears subjects done of total. */
export type Executor = (job: ClaimedExport, onProgress: (done: number, total: number) => void) => Execution;

const failureOf = (err: unknown, stopped: StopReason | null): Outcome => ({
  type: 'ended',
  stopped,
  code: (err as { code?: unknown }).code === 'export.tooLarge' ? 'export.tooLarge' : 'export.failed',
  message: err instanceof Error ? err.message : String(err),
});

/** The server's way: a worker thread per run (see exportWorker.ts). */
export const inWorker =
  (config: ServerConfig): Executor =>
  (job, onProgress) => {
    const worker = spawnExportWorker({ config, job });
    let last: Outcome | null = null;
    const outcome = new Promise<Outcome>((resolve) => {
      worker.on('message', (m: FromExportWorker) => {
        if (m.type === 'progress') onProgress(m.done, m.total);
        else last = m;
      });
      // A thread that dies without a last word (out of memory, a crash) ended the run too.
      worker.on('error', (err) => {
        last ??= failureOf(new Error(`the export thread failed: ${err.message}`), null);
      });
      worker.on('exit', (code) => resolve(last ?? failureOf(new Error(`the export thread exited with code ${code}`), null)));
    });
    return { stop: (reason) => worker.postMessage({ type: 'stop', reason } satisfies ToExportWorker), outcome };
  };

/** In this thread, with the given store: for tests that need to hold a run at a given point. */
export const inProcess =
  (deps: ProduceDeps): Executor =>
  (job, onProgress) => {
    const control = new RunControl();
    const outcome = produceExport(deps, job, control, onProgress).then(
      (p): Outcome => ({ type: 'done', ...p }),
      (err: unknown) => failureOf(err, control.reason),
    );
    return { stop: (reason) => control.stop(reason), outcome };
  };
