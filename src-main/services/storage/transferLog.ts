import type { LogExtraInfo } from '../../../src-shared/ipc';
import { errorText, type ProductLog } from '../productLog';

/** The project a key belongs to (`dataset/<projectId>/...`, `export/<projectId>/...`), for the record's extra info. */
export function keyExtra(key: string): LogExtraInfo {
  const m = /^(?:[^/]+\/)*?(?:dataset|export)\/(\d+)\//.exec(key);
  return m ? { projectId: Number(m[1]) } : {};
}

const MB = 1024 * 1024;

/**
 * The log zips the shipper uploads (`user/<id>/logs/...`, docs/logging.md). Their start and
 * finish are not recorded: each hourly ship would otherwise write records for the next one to
 * ship, for ever. Their failures are.
 */
export const isLogUpload = (key: string): boolean => /(?:^|\/)user\/\d+\/logs\//.test(key);

/**
 * One transfer's records: started (debug: one per file is plenty for ops, and an import of
 * thousands of files must not flood the store), done with bytes, time, speed and retries (info),
 * failed with the spec's storage message (error; warn when the user cancelled it).
 */
export class TransferLog {
  retries = 0;
  private readonly started: number;
  constructor(
    private readonly log: ProductLog,
    private readonly what: string,
    private readonly extraKey: string,
    private readonly extra: LogExtraInfo,
    private readonly now: () => number = Date.now,
  ) {
    this.started = now();
  }

  start(detail: string): void {
    if (isLogUpload(this.extraKey)) return;
    this.log.debug(`storage ${this.what} started: ${detail}`, this.extra);
  }

  /** A retry is about to run (the storage layer's beforeRetry). */
  retried = (): void => {
    this.retries++;
  };

  done(bytes: number, detail = ''): void {
    if (isLogUpload(this.extraKey)) return;
    const s = Math.max(1, this.now() - this.started) / 1000;
    this.log.info(`storage ${this.what} done${detail}: ${bytes} bytes in ${s.toFixed(2)} s (${(bytes / MB / s).toFixed(2)} MB/s), ${this.retries} retries`, this.extra);
  }

  failed(err: unknown): void {
    const code = (err as { code?: unknown } | null)?.code;
    const aborted = code === 'UploadAborted' || code === 'DownloadAborted';
    const s = (this.now() - this.started) / 1000;
    const message = `storage ${this.what} failed: ${errorText(err)} after ${this.retries} retries, ${s.toFixed(2)} s`;
    if (aborted) this.log.warn(message, this.extra);
    else this.log.error(message, this.extra);
  }
}
