import { LOG_LEVELS, type LogExtraInfo, type LogLevel, type LogRecordInput } from '../../../../src-shared/ipc/logs';
import { cleanExtra } from './cleanExtra';

/** Where batches go: `logs.write` of the workstation in the app; in unit tests, a function that records them. */
export type LogSink = (records: LogRecordInput[]) => Promise<unknown>;

export interface LogQueueOptions {
  /** runs `flush` soon, once; default: when the page is idle, at the latest after 200 ms */
  schedule?: (flush: () => void) => void;
  /** records kept while the host does not take them; past it the oldest go (counted) */
  maxBuffered?: number;
  /** records in one `logs.write` */
  maxBatch?: number;
  /** wait before sending again after the n-th failure in a row (n from 1) */
  retryDelayMs?: (failures: number) => number;
  /** told once per outage that sending failed; never logs into the queue (that would loop) */
  onSendFailure?: (error: unknown) => void;
}

interface Pending {
  level: LogLevel;
  message: string;
  at: number;
  extra: LogExtraInfo | undefined;
  /** the context when logged; an object replaced (never changed) by setContext */
  context: LogExtraInfo;
}

export interface LogStats {
  buffered: number;
  /** records lost since start: buffer overflow, or refused by the host as malformed */
  dropped: number;
  sent: number;
}

export const DEFAULT_MAX_BUFFERED = 5_000;
const DEFAULT_MAX_BATCH = 1_000;
const IDLE_TIMEOUT_MS = 200;

/** Idle time keeps the batch off the workspace's frames; the timeout bounds the wait in a busy (or hidden) page. */
function scheduleWhenIdle(flush: () => void): void {
  const ric = (globalThis as { requestIdleCallback?: (cb: () => void, o: { timeout: number }) => number }).requestIdleCallback;
  if (typeof ric === 'function') ric(flush, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(flush, 16);
}

const backoff = (failures: number) => Math.min(1_000 * 2 ** (failures - 1), 30_000);

const isBadArgs = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 'BAD_ARGS';

/**
 * The renderer's log queue. Logging a record only pushes it to an array (the workspace's hot
 * path must not pay for logging); one scheduled flush sends everything logged meanwhile as one
 * `logs.write`. One call is in flight at a time. While the host cannot be reached the records
 * wait, at most `maxBuffered` of them, and sending is tried again with a growing delay. The
 * queue never throws to its callers and never writes its own failures into itself.
 */
export function createLogQueue(options: LogQueueOptions = {}) {
  const schedule = options.schedule ?? scheduleWhenIdle;
  const maxBuffered = options.maxBuffered ?? DEFAULT_MAX_BUFFERED;
  const maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
  const retryDelayMs = options.retryDelayMs ?? backoff;
  const onSendFailure = options.onSendFailure ?? ((err: unknown) => console.warn('the workstation log did not take the renderer records; they wait', err));

  let buffer: Pending[] = [];
  let sink: LogSink | null = null;
  let context: LogExtraInfo = {};
  let scheduled = false;
  let inFlight = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let dropped = 0;
  let droppedReported = 0;
  let sent = 0;
  let minLevel = 0;
  let idleWaiters: (() => void)[] = [];

  function trim(): void {
    const over = buffer.length - maxBuffered;
    if (over > 0) {
      buffer.splice(0, over); // the oldest go: the newest say most about what is happening now
      dropped += over;
    }
  }

  function kick(): void {
    if (scheduled || inFlight || retryTimer !== null || sink === null || buffer.length === 0) return;
    scheduled = true;
    schedule(sendBatch);
  }

  function settleWaiters(): void {
    if (inFlight || (buffer.length > 0 && sink !== null)) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  }

  function toInput(p: Pending): LogRecordInput {
    const extra = cleanExtra(p.context, p.extra);
    const message = typeof p.message === 'string' ? p.message : String(p.message);
    return extra ? { level: p.level, message, at: p.at, extra } : { level: p.level, message, at: p.at };
  }

  function sendBatch(): void {
    scheduled = false;
    if (inFlight || sink === null || buffer.length === 0) return settleWaiters();
    const batch = buffer.splice(0, maxBatch);
    const unreported = dropped - droppedReported;
    let records: LogRecordInput[];
    try {
      records = batch.map(toInput);
      // Said once the host takes records again, so the loss itself is on record.
      if (unreported > 0) records.push({ level: LOG_LEVELS.warn, message: `renderer log: ${unreported} records dropped while the workstation log could not take them`, at: Date.now(), extra: cleanExtra(context) ?? {} });
    } catch {
      dropped += batch.length; // cannot happen with typed callers; never let one bad record wedge the queue
      return kick();
    }
    inFlight = true;
    let sending: Promise<unknown>;
    try {
      sending = sink(records);
    } catch (err) {
      sending = Promise.reject(err);
    }
    sending.then(
      () => {
        inFlight = false;
        failures = 0;
        sent += batch.length;
        droppedReported += unreported;
        kick();
        settleWaiters();
      },
      (err: unknown) => {
        inFlight = false;
        if (isBadArgs(err)) {
          // The host read the batch and refused it: sending it again would be refused again.
          dropped += batch.length;
          kick();
          return settleWaiters();
        }
        buffer = batch.concat(buffer);
        trim();
        failures += 1;
        if (failures === 1) {
          try {
            onSendFailure(err);
          } catch {
            // a failing observer must not stop the queue
          }
        }
        retryTimer = setTimeout(() => {
          retryTimer = null;
          kick();
        }, retryDelayMs(failures));
      },
    );
  }

  function write(level: LogLevel, message: string, extra?: LogExtraInfo): void {
    if (level < minLevel) return; // below the workstation's log level: no record at all
    buffer.push({ level, message, at: Date.now(), extra, context });
    if (buffer.length > maxBuffered) trim();
    kick();
  }

  return {
    debug: (message: string, extra?: LogExtraInfo) => write(LOG_LEVELS.debug, message, extra),
    info: (message: string, extra?: LogExtraInfo) => write(LOG_LEVELS.info, message, extra),
    warn: (message: string, extra?: LogExtraInfo) => write(LOG_LEVELS.warn, message, extra),
    error: (message: string, extra?: LogExtraInfo) => write(LOG_LEVELS.error, message, extra),
    write,
    /** Where batches go from now on; records logged before wait for it. */
    connect(next: LogSink | null): void {
      sink = next;
      kick();
    },
    /**
     * The workstation's log level (`app.info`): later records below it are not made, and waiting
     * ones below it are let go. 4 makes none (`off`).
     */
    setMinLevel(level: number): void {
      minLevel = level;
      if (level > 0) buffer = buffer.filter((p) => p.level >= level);
      settleWaiters();
    },
    /** Fields every later record gets unless it says otherwise (the signed-in user). */
    setContext(next: LogExtraInfo): void {
      context = { ...next };
    },
    /** Send what is waiting now (the page is going away), rather than at the next idle time. */
    flushNow(): void {
      if (!inFlight && retryTimer === null) sendBatch();
    },
    /** Resolves once nothing waits (or nothing can be sent: no sink). */
    drained(): Promise<void> {
      if (sink === null || (buffer.length === 0 && !inFlight)) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    stats: (): LogStats => ({ buffered: buffer.length, dropped, sent }),
  };
}

export type LogQueue = ReturnType<typeof createLogQueue>;
