/**
 * The HTTP thread's handle on the model thread: a queue in front of one worker (one is right on
 * a 2-core machine: the other core keeps HTTP, fetching and decoding going). Interactive calls
 * (POST /v1/infer) go before batch-job items; a full interactive queue answers `busy`. A task
 * whose caller gives up (job cancelled) leaves the queue at once, and if it is already running its
 * answer is dropped. A worker that dies is started again for the next task.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { fromFailureShape, ServiceFailure } from '../errors';
import type { FromWorker, WorkerResult, WorkerTask } from './messages';

export type Priority = 'interactive' | 'batch';

interface Queued {
  task: WorkerTask;
  priority: Priority;
  resolve: (r: WorkerResult) => void;
  reject: (e: unknown) => void;
  signal?: AbortSignal;
  settled: boolean;
  onAbort?: () => void;
}

export class AbortedError extends Error {
  constructor() {
    super('aborted');
    this.name = 'AbortError';
  }
}

function spawn(): Worker {
  const url = new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url);
  const execArgv = import.meta.url.endsWith('.ts') ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [];
  return new Worker(url, { execArgv, name: 'ai-models' });
}

export class ModelPool {
  private worker: Worker | undefined;
  private readonly interactive: Queued[] = [];
  private readonly batch: Queued[] = [];
  private current: { id: number; item: Queued } | undefined;
  private nextId = 1;
  private closed = false;

  constructor(private readonly maxInteractive = 8) {}

  /** Tasks waiting or running. */
  get load(): number {
    return this.interactive.length + this.batch.length + (this.current ? 1 : 0);
  }

  run(task: WorkerTask, priority: Priority, signal?: AbortSignal): Promise<WorkerResult> {
    if (this.closed) return Promise.reject(new ServiceFailure('busy', 'the model service is shutting down'));
    if (signal?.aborted) return Promise.reject(new AbortedError());
    if (priority === 'interactive' && this.interactive.length >= this.maxInteractive) {
      return Promise.reject(new ServiceFailure('busy', `${this.interactive.length} interactive calls are already waiting for the model thread`));
    }
    return new Promise<WorkerResult>((resolve, reject) => {
      const item: Queued = { task, priority, resolve, reject, signal, settled: false };
      if (signal) {
        item.onAbort = () => {
          const q = item.priority === 'interactive' ? this.interactive : this.batch;
          const at = q.indexOf(item);
          if (at >= 0) q.splice(at, 1);
          this.settle(item, () => item.reject(new AbortedError()));
        };
        signal.addEventListener('abort', item.onAbort, { once: true });
      }
      (priority === 'interactive' ? this.interactive : this.batch).push(item);
      this.pump();
    });
  }

  private settle(item: Queued, how: () => void) {
    if (item.settled) return;
    item.settled = true;
    if (item.signal && item.onAbort) item.signal.removeEventListener('abort', item.onAbort);
    how();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const w = spawn();
    w.unref();
    w.on('message', (msg: FromWorker) => this.onMessage(msg));
    w.on('error', (e) => this.onDeath(w, e));
    w.on('exit', (code) => this.onDeath(w, new Error(`the model thread exited with code ${code}`)));
    this.worker = w;
    return w;
  }

  private pump() {
    if (this.current || this.closed) return;
    const item = this.interactive.shift() ?? this.batch.shift();
    if (!item) return;
    const id = this.nextId++;
    this.current = { id, item };
    this.ensureWorker().postMessage({ id, task: item.task });
  }

  private onMessage(msg: FromWorker) {
    const cur = this.current;
    if (!cur || cur.id !== msg.id) return;
    this.current = undefined;
    if (msg.ok) this.settle(cur.item, () => cur.item.resolve(msg.result));
    else this.settle(cur.item, () => cur.item.reject(fromFailureShape(msg.failure)));
    this.pump();
  }

  private onDeath(w: Worker, e: Error) {
    if (this.worker !== w) return;
    this.worker = undefined;
    const cur = this.current;
    this.current = undefined;
    if (cur) this.settle(cur.item, () => cur.item.reject(new ServiceFailure('internal', `the model thread failed: ${e.message}`)));
    if (!this.closed) this.pump();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const item of [...this.interactive.splice(0), ...this.batch.splice(0)]) this.settle(item, () => item.reject(new ServiceFailure('busy', 'the model service is shutting down')));
    const w = this.worker;
    this.worker = undefined;
    if (this.current) {
      const cur = this.current;
      this.current = undefined;
      this.settle(cur.item, () => cur.item.reject(new ServiceFailure('busy', 'the model service is shutting down')));
    }
    if (w) await w.terminate();
  }
}
