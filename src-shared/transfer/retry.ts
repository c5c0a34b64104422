/** The transfer retry rule (spec section 4), shared by the storage layer and the browser host's page (its uploads to the host). */
/** Attempts after the first (spec section 4: retry up to 3 times). */
export const TRANSFER_RETRIES = 3;
/** Wait before retry n: 300 ms times n. */
export const RETRY_STEP_MS = 300;

export interface RetryOptions {
  retries?: number;
  stepMs?: number;
  signal?: AbortSignal;
  /** before each retry (the storage layer drops an expired token here) */
  beforeRetry?: (attempt: number, err: unknown) => void;
  /** errors not worth another try (aborts, refusals that will not change) */
  isFinal?: (err: unknown) => boolean;
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(signal.reason instanceof Error ? signal.reason : Object.assign(new Error('aborted'), { name: 'AbortError' }));
      },
      { once: true },
    );
  });

/**
 * Runs `fn`, and on failure runs it again up to `retries` times, waiting 300 ms times the
 * attempt number in between. Throws `exhausted(lastError)` when every attempt failed.
 */
export async function withRetry<T>(fn: (attempt: number) => Promise<T>, o: RetryOptions, exhausted: (err: unknown) => Error): Promise<T> {
  const retries = o.retries ?? TRANSFER_RETRIES;
  const step = o.stepMs ?? RETRY_STEP_MS;
  let last: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) {
      await wait(step * attempt, o.signal);
      o.beforeRetry?.(attempt, last);
    }
    try {
      return await fn(attempt);
    } catch (err) {
      last = err;
      if (o.signal?.aborted || o.isFinal?.(err)) throw err;
    }
  }
  throw exhausted(last);
}
