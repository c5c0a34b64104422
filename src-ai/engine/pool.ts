/**
 * The HTTP thread's handle on the built-in models' thread: a queue in front of one worker (one is
 * right on a 2-core machine: the other core keeps HTTP, fetching and decoding going). Only the
 * built-in models run here; a team's uploaded models run in processes of their own (teams.ts).
 * A second pool drives SAM's image encoder on a thread of its own (encoderWorker.ts,
 * embeddings.ts), so a click never waits behind another picture's embedding.
 * Interactive calls (POST /v1/infer) go before batch-job items; within each, parties (`tenant`)
 * take turns, so one party's burst of clicks does not hold back another's; a party with 8
 * interactive calls waiting gets `busy` for the next (other parties do not). A task
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
  tenant: string;
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

/** Which thread a pool runs: its entry file next to this one (without extension), its name, its start data. */
export interface ThreadSpec {
  entry: 'worker' | 'encoderWorker';
  name: string;
  workerData?: unknown;
}

/** The built-in models' thread. */
export const MODELS_THREAD: ThreadSpec = { entry: 'worker', name: 'ai-models' };

function spawn(spec: ThreadSpec): Worker {
  const ts = import.meta.url.endsWith('.ts');
  const url = new URL(`./${spec.entry}.${ts ? 'ts' : 'js'}`, import.meta.url);
  const execArgv = ts ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [];
  return new Worker(url, { execArgv, name: spec.name, workerData: spec.workerData });
}

export class ModelPool {
  private worker: Worker | undefined;
  /** waiting, by party; Map order = whose turn is next */
  private readonly interactive = new Map<string, Queued[]>();
  private readonly batch = new Map<string, Queued[]>();
  /** the parties' tasks in the order they ran (tests): `${priority}:${tenant}` */
  readonly log: string[] = [];
  private current: { id: number; item: Queued } | undefined;
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly maxInteractive = 8,
    private readonly thread: ThreadSpec = MODELS_THREAD,
  ) {}

  /** Tasks waiting or running. */
  get load(): number {
    let n = this.current ? 1 : 0;
    for (const q of [...this.interactive.values(), ...this.batch.values()]) n += q.length;
    return n;
  }

  run(task: WorkerTask, priority: Priority, signal?: AbortSignal, tenant = ''): Promise<WorkerResult> {
    if (this.closed) return Promise.reject(new ServiceFailure('busy', 'the model service is shutting down'));
    if (signal?.aborted) return Promise.reject(new AbortedError());
    const waiting = this.interactive.get(tenant)?.length ?? 0;
    if (priority === 'interactive' && waiting >= this.maxInteractive) {
      return Promise.reject(new ServiceFailure('busy', `${waiting} interactive calls of this party are already waiting for the model thread`));
    }
    return new Promise<WorkerResult>((resolve, reject) => {
      const item: Queued = { task, priority, tenant, resolve, reject, signal, settled: false };
      if (signal) {
        item.onAbort = () => {
          this.unqueue(item);
          this.settle(item, () => item.reject(new AbortedError()));
        };
        signal.addEventListener('abort', item.onAbort, { once: true });
      }
      const byTenant = priority === 'interactive' ? this.interactive : this.batch;
      let q = byTenant.get(tenant);
      if (!q) byTenant.set(tenant, (q = []));
      q.push(item);
      this.pump();
    });
  }

  private unqueue(item: Queued) {
    const byTenant = item.priority === 'interactive' ? this.interactive : this.batch;
    const q = byTenant.get(item.tenant);
    const at = q ? q.indexOf(item) : -1;
    if (at < 0) return;
    q!.splice(at, 1);
    if (q!.length === 0) byTenant.delete(item.tenant);
  }

  /** The next task: interactive first; the party whose turn it is, then it goes to the back. */
  private take(): Queued | undefined {
    for (const byTenant of [this.interactive, this.batch]) {
      const first = byTenant.entries().next().value;
      if (!first) continue;
      const [tenant, q] = first;
      const item = q.shift()!;
      byTenant.delete(tenant);
      if (q.length > 0) byTenant.set(tenant, q);
      return item;
    }
    return undefined;
  }

  private settle(item: Queued, how: () => void) {
    if (item.settled) return;
    item.settled = true;
    if (item.signal && item.onAbort) item.signal.removeEventListener('abort', item.onAbort);
    how();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const w = spawn(this.thread);
    w.unref();
    w.on('message', (msg: FromWorker) => this.onMessage(msg));
    w.on('error', (e) => this.onDeath(w, e));
    w.on('exit', (code) => this.onDeath(w, new Error(`the model thread exited with code ${code}`)));
    this.worker = w;
    return w;
  }

  private pump() {
    if (this.current || this.closed) return;
    const item = this.take();
    if (!item) return;
    this.log.push(`${item.priority}:${item.tenant}`);
    if (this.log.length > 1000) this.log.splice(0, 500);
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
    const waiting = [...this.interactive.values(), ...this.batch.values()].flat();
    this.interactive.clear();
    this.batch.clear();
    for (const item of waiting) this.settle(item, () => item.reject(new ServiceFailure('busy', 'the model service is shutting down')));
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
