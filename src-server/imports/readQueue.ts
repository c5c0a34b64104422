import { AppError } from '../errors';

/**
 * How many import zips one server process reads at once, and how many may wait their turn.
 * Each reading may use a reader process's heap and the unpacked texts (readZipInChild.ts,
 * IMPORT_LIMITS.unpackedBytes), so concurrent imports, honest or not, add up to at most
 * `running` times that; past `waiting` callers a new one is refused with import.busy rather
 * than queued without end.
 */
export class ReadQueue {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly running: number,
    private readonly waiting: number,
  ) {}

  async run<T>(read: () => Promise<T>): Promise<T> {
    if (this.active >= this.running) {
      if (this.queue.length >= this.waiting) throw new AppError('import.busy', { running: this.running, waiting: this.waiting });
      await new Promise<void>((resume) => this.queue.push(resume));
    } else this.active++;
    try {
      return await read();
    } finally {
      // The slot passes straight to the next in line, so `active` never drops below the queue's need.
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    }
  }
}
