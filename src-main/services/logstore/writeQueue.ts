import type { WriteBatch } from './writeBatch';

export interface WriteQueueOptions {
  /** a flush is due once this many records wait (the spec's batch of 3) */
  minBatch: number;
  /** fewer records than minBatch are flushed after this long (the spec's idle flush, 1 minute) */
  idleMs: number;
  send(batch: WriteBatch): void;
}

/** Records accepted in the main process, one array per column, until they go to the writer. */
export interface RecordColumns {
  levels: number[];
  ats: number[];
  messages: string[];
  extras: string[];
}

/**
 * The main thread's half of the single-writer queue. Reading of the spec (docs/logging.md):
 * "batches of 3" is the smallest batch worth a message, not the size of every message. Once 3
 * or more records wait, a flush is scheduled with setImmediate, so every record accepted in the
 * same turn of the event loop (a burst) joins it and crosses to the writer as one message.
 * Fewer than 3 wait at most `idleMs`, counted from the first of them.
 */
export class WriteQueue {
  private cols: RecordColumns = emptyColumns();
  private immediate: NodeJS.Immediate | null = null;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(private readonly o: WriteQueueOptions) {}

  get length(): number {
    return this.cols.levels.length;
  }

  push(records: RecordColumns): void {
    const c = this.cols;
    for (let i = 0; i < records.levels.length; i++) {
      c.levels.push(records.levels[i]!);
      c.ats.push(records.ats[i]!);
      c.messages.push(records.messages[i]!);
      c.extras.push(records.extras[i]!);
    }
    if (c.levels.length >= this.o.minBatch) {
      this.immediate ??= setImmediate(() => this.flush());
    } else if (c.levels.length > 0 && !this.idleTimer) {
      this.idleTimer = setTimeout(() => this.flush(), this.o.idleMs);
      // a quiet app may exit; close() flushes what is left
      this.idleTimer.unref();
    }
  }

  /** Sends everything waiting as one batch. */
  flush(): void {
    if (this.immediate) clearImmediate(this.immediate);
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.immediate = null;
    this.idleTimer = null;
    if (this.cols.levels.length === 0) return;
    const c = this.cols;
    this.cols = emptyColumns();
    this.o.send(toWriteBatch(c));
  }

  /** Forgets what waits (the store is gone); answers how many records that was. */
  discard(): number {
    const n = this.length;
    this.cols = emptyColumns();
    this.flush();
    return n;
  }
}

/** The columns as the message to the writer carries them: numbers in typed arrays it can take over. */
export function toWriteBatch(c: RecordColumns): WriteBatch {
  return { levels: Uint8Array.from(c.levels), ats: Float64Array.from(c.ats), messages: c.messages, extras: c.extras };
}

function emptyColumns(): RecordColumns {
  return { levels: [], ats: [], messages: [], extras: [] };
}
