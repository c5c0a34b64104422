import type { LogShipResult } from '../../../src-shared/ipc';
import { logObjectKey, randomSuffix } from './logObjectKey';
import { settleWithLimit } from '../pool';
import type { ZipSummary } from './logZip';
import { PendingRegistrations, type LogZipRegistrar, type ZipRegistration } from './registrations';

/** Puts bytes at a key of the object store (the storage service provides it). */
export type LogUploader = (key: string, bytes: Buffer, contentType: string) => Promise<void>;

/** One zip the log worker built: the records with fromId <= id <= toId not shipped before. */
export interface PreparedZip extends ZipSummary {
  fromId: number;
  toId: number;
  bytes: Uint8Array;
}

export interface ShipRound {
  zips: PreparedZip[];
  /** the last id this ship covers; fixed by the first round so a busy logger cannot keep a ship going */
  upToId: number;
  /** records are left for another round */
  more: boolean;
}

/** What the shipper needs of the log store (in the app: calls to the log worker). */
export interface ShipSource {
  /** send records still waiting in the main process to the writer, so they ship too */
  flush(): void;
  prepare(args: { upToId: number | null; maxZips: number; maxRecords: number; maxChars: number }): Promise<ShipRound>;
  mark(args: { fromId: number; toId: number; at: number }): Promise<void>;
}

export interface ShipperOptions {
  source: ShipSource;
  upload: LogUploader | undefined;
  /** tells the team server's index about each uploaded zip; without it nothing is registered */
  register?: LogZipRegistrar;
  /** uploaded zips not registered yet, retried at the start of every ship */
  pending?: PendingRegistrations;
  currentUserId: () => number | null;
  now: () => number;
  random?: () => string;
  intervalMs: number;
  concurrency: number;
  maxRecordsPerZip: number;
  maxCharsPerZip: number;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Ships the records not yet uploaded, every `intervalMs` and on demand: rounds of up to
 * `concurrency` zips uploaded at once, each zip marked shipped as soon as its upload succeeded.
 * A failed upload leaves its records unmarked for the next run; nothing is deleted here.
 */
export class LogShipper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<LogShipResult> | null = null;
  private readonly pending: PendingRegistrations;
  lastError: string | null = null;

  constructor(private readonly o: ShipperOptions) {
    this.pending = o.pending ?? new PendingRegistrations(null);
  }

  /** Uploaded zips the team server has not been told of yet. */
  get unregistered(): number {
    return this.pending.size;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.shipNow(), this.o.intervalMs);
    this.timer.unref();
  }

  /** One ship at a time: a call while one runs answers that one's result. */
  shipNow(): Promise<LogShipResult> {
    this.running ??= this.run().finally(() => (this.running = null));
    return this.running;
  }

  /** Stops the timer and lets a running ship finish for up to `graceMs`. */
  async stop(graceMs: number): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (!this.running) return;
    let t: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise((r) => (t = setTimeout(r, graceMs)))]);
    clearTimeout(t);
  }

  private async run(): Promise<LogShipResult> {
    const userId = this.o.currentUserId();
    if (userId === null) return { records: 0, zips: 0, skipped: 'NO_USER', error: null };
    const upload = this.o.upload;
    if (!upload) return { records: 0, zips: 0, skipped: 'NO_UPLOADER', error: null };
    const result: LogShipResult = { records: 0, zips: 0, skipped: null, error: null };
    await this.registerPending(userId);
    try {
      this.o.source.flush();
      let upToId: number | null = null;
      for (;;) {
        const round: ShipRound = await this.o.source.prepare({
          upToId,
          maxZips: this.o.concurrency,
          maxRecords: this.o.maxRecordsPerZip,
          maxChars: this.o.maxCharsPerZip,
        });
        upToId = round.upToId;
        const outcomes = await settleWithLimit(round.zips, this.o.concurrency, async (zip) => {
          const now = this.o.now();
          const key = logObjectKey(userId, now, (this.o.random ?? randomSuffix)());
          await upload(key, Buffer.from(zip.bytes.buffer, zip.bytes.byteOffset, zip.bytes.byteLength), 'application/zip');
          await this.o.source.mark({ fromId: zip.fromId, toId: zip.toId, at: now });
          const { records, firstAt, lastAt, levels } = zip;
          await this.registerOne({ userId, key, sizeBytes: zip.bytes.byteLength, records, firstAt, lastAt, levels });
          return zip.records;
        });
        for (const o of outcomes) {
          if (o.status === 'fulfilled') {
            result.records += o.value;
            result.zips++;
          } else {
            result.error ??= messageOf(o.reason);
          }
        }
        if (result.error || !round.more) break;
      }
    } catch (err) {
      result.error ??= messageOf(err);
    }
    this.lastError = result.error;
    return result;
  }

  /**
   * Registers an uploaded zip; one that cannot be registered now is kept for the next ship,
   * never uploaded again, and never fails the ship (its records are in the store).
   */
  private async registerOne(z: ZipRegistration): Promise<void> {
    if (!this.o.register) return;
    try {
      await this.o.register(z);
    } catch {
      this.pending.add(z);
    }
  }

  /** The zips of this user whose registration failed before, oldest first, until one fails again. */
  private async registerPending(userId: number): Promise<void> {
    const register = this.o.register;
    if (!register) return;
    const done = new Set<string>();
    for (const z of this.pending.of(userId)) {
      try {
        await register(z);
        done.add(z.key);
      } catch {
        break;
      }
    }
    this.pending.remove(done);
  }
}
