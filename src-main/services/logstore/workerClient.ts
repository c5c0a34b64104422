import type { Worker } from 'node:worker_threads';
import { storeUnavailable } from './badArgs';
import type { ErrorInfo, FromWorker, LogWorkerData, StoreOp, StoreOps, ToWorker } from './protocol';
import { spawnLogWorker } from './spawnWorker';
import type { WriteBatch } from './writeBatch';

export interface WorkerClientHooks {
  committed(count: number): void;
  writeFailed(count: number, error: ErrorInfo): void;
  /** the store is gone for good (it could not open, or the worker died); `lost` records were in flight */
  unavailable(error: ErrorInfo, lost: number): void;
  /** the database file was damaged: it was renamed to `movedTo` and an empty one is used */
  setAside(movedTo: string, error: string): void;
}

interface PendingCall {
  resolve(result: unknown): void;
  reject(err: Error): void;
}

/**
 * The main thread's end of the log worker: posts write batches, calls operations and matches
 * their replies. Messages sent before the worker has started wait here, in order.
 */
export class LogWorkerClient {
  private worker: Worker | null = null;
  private early: { msg: ToWorker; transfer: ArrayBuffer[] }[] = [];
  private readonly calls = new Map<number, PendingCall>();
  private nextId = 1;
  private dead: Error | null = null;
  private closing = false;
  private readonly exited: Promise<void>;
  /** records posted to the worker and not yet reported stored or failed */
  inFlight = 0;

  constructor(
    data: LogWorkerData,
    private readonly hooks: WorkerClientHooks,
  ) {
    this.exited = spawnLogWorker(data).then(
      (worker) => this.attach(worker),
      (err: unknown) => this.die({ message: `the log worker did not start: ${String(err)}`, code: null }),
    );
  }

  get unavailable(): Error | null {
    return this.dead;
  }

  write(batch: WriteBatch): void {
    if (this.dead) throw this.dead;
    this.inFlight += batch.levels.length;
    this.post({ kind: 'write', batch }, [batch.levels.buffer as ArrayBuffer, batch.ats.buffer as ArrayBuffer]);
  }

  call<K extends StoreOp>(op: K, args: StoreOps[K]['args']): Promise<StoreOps[K]['result']> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.calls.set(id, { resolve: resolve as (r: unknown) => void, reject });
      this.post({ kind: 'call', id, op, args }, []);
    });
  }

  /** Commits what the worker holds, closes the database and ends the thread. */
  async close(): Promise<void> {
    if (!this.dead) {
      this.closing = true;
      await this.call('close', {}).catch(() => undefined);
    }
    await this.worker?.terminate();
    await this.exited;
  }

  private attach(worker: Worker): Promise<void> {
    this.worker = worker;
    worker.on('message', (m: FromWorker) => this.receive(m));
    worker.on('error', (err) => this.die({ message: `the log worker failed: ${err.message}`, code: (err as { code?: string }).code ?? null }));
    const exited = new Promise<void>((resolve) =>
      worker.once('exit', (code) => {
        if (!this.closing) this.die({ message: `the log worker stopped (exit code ${code})`, code: null });
        // a call still waiting (a ship that outlived close) will get no answer now
        for (const call of this.calls.values()) call.reject(storeUnavailable('it is closed'));
        this.calls.clear();
        resolve();
      }),
    );
    for (const { msg, transfer } of this.early.splice(0)) worker.postMessage(msg, transfer);
    this.updateRef();
    return exited;
  }

  private post(msg: ToWorker, transfer: ArrayBuffer[]): void {
    if (this.worker) {
      this.worker.postMessage(msg, transfer);
      this.updateRef();
    } else {
      this.early.push({ msg, transfer });
    }
  }

  private receive(m: FromWorker): void {
    switch (m.kind) {
      case 'committed':
        this.inFlight -= m.count;
        this.hooks.committed(m.count);
        break;
      case 'writeFailed':
        this.inFlight -= m.count;
        this.hooks.writeFailed(m.count, m.error);
        break;
      case 'fatal':
        this.die(m.error);
        break;
      case 'setAside':
        this.hooks.setAside(m.movedTo, m.error);
        break;
      case 'reply': {
        const call = this.calls.get(m.id);
        this.calls.delete(m.id);
        if (m.ok) call?.resolve(m.result);
        else call?.reject(Object.assign(new Error(m.error.message), { code: m.error.code ?? 'LOG_STORE_FAILED' }));
        break;
      }
    }
    this.updateRef();
  }

  private die(error: ErrorInfo): void {
    if (this.dead) return;
    this.dead = storeUnavailable(error.message);
    for (const call of this.calls.values()) call.reject(this.dead);
    this.calls.clear();
    const lost = this.inFlight;
    this.inFlight = 0;
    this.early = [];
    this.hooks.unavailable(error, lost);
  }

  /** The worker keeps the process alive only while it owes us something. */
  private updateRef(): void {
    if (!this.worker) return;
    if (this.calls.size > 0 || this.inFlight > 0) this.worker.ref();
    else this.worker.unref();
  }
}
