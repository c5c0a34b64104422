/**
 * A job's callbacks to the team server: `POST ${callback.url}/${kind}` with the job's bearer
 * token, one at a time and in order, `seq` 1, 2, 3... A callback that fails for a passing reason
 * (network, timeout, 5xx, 429) is sent again with growing pauses; when it keeps failing, or the
 * server answers 409 (it considers the job finished) or another 4xx (it will never take it), the
 * sender stops and tells the job to stop.
 */
import type { NotifyBody, NotifyKind } from '../src-shared/ai/protocol';

export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  timeoutMs: number;
}
export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseDelayMs: 250, timeoutMs: 15_000 };

export type StopReason = 'finished-by-server' | 'rejected' | 'unreachable';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

export class CallbackSender {
  private seq = 0;
  private chain: Promise<void> = Promise.resolve();
  private stopped: StopReason | undefined;
  /** aborts a callback in flight and the pause before the next try */
  private readonly halt = new AbortController();

  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly onStop: (reason: StopReason, detail: string) => void,
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
  ) {}

  get stopReason(): StopReason | undefined {
    return this.stopped;
  }

  /** Queues one callback; resolves when it was delivered (or given up). */
  send(kind: NotifyKind, body: Omit<NotifyBody, 'seq'>): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const full: NotifyBody = { ...body, seq: ++this.seq };
    this.chain = this.chain.then(() => (this.stopped ? undefined : this.deliver(kind, full)));
    return this.chain;
  }

  /** Resolves when every queued callback is delivered or given up. */
  drained(): Promise<void> {
    return this.chain;
  }

  /** Stops at once, the callback in flight included, without telling the job (it stops itself). */
  abort(): void {
    this.stopped ??= 'rejected';
    this.halt.abort();
  }

  private stop(reason: StopReason, detail: string) {
    if (this.stopped) return;
    this.stopped = reason;
    this.onStop(reason, detail);
  }

  private async deliver(kind: NotifyKind, body: NotifyBody): Promise<void> {
    const target = `${this.url.replace(/\/+$/, '')}/${kind}`;
    let last = '';
    for (let attempt = 0; attempt < this.retry.attempts; attempt++) {
      if (attempt > 0) await sleep(this.retry.baseDelayMs * 2 ** (attempt - 1), this.halt.signal);
      if (this.halt.signal.aborted) return;
      try {
        const res = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
          body: JSON.stringify(body),
          signal: AbortSignal.any([AbortSignal.timeout(this.retry.timeoutMs), this.halt.signal]),
        });
        await res.body?.cancel().catch(() => undefined);
        if (res.ok) return;
        if (res.status === 409) return this.stop('finished-by-server', `callback ${body.seq} answered 409`);
        last = `HTTP ${res.status}`;
        if (res.status < 500 && res.status !== 429 && res.status !== 408) return this.stop('rejected', `callback ${body.seq} answered ${res.status}`);
      } catch (e) {
        if (this.halt.signal.aborted) return;
        last = (e as Error).message;
      }
    }
    this.stop('unreachable', `callback ${body.seq} failed ${this.retry.attempts} times, last: ${last}`);
  }
}
