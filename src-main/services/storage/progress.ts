import { ThrottledReport } from '../throttledReport';

/** Progress of one transfer as the spec shapes it (section 3): loaded, total, percent, bps. */
export interface TransferProgress {
  loaded: number;
  total: number;
  percent: number;
  /** bytes per second over the transfer so far */
  bps: number;
}

/** At most this often a progress report goes out (a 1 GB file has 200 parts; a UI needs a few a second). */
const REPORT_EVERY_MS = 200;

/**
 * Counts bytes as they move and reports at most every 200 ms, and always at the end. Bytes
 * held back by the 200 ms are reported when the interval is over even if no more come
 * (ThrottledReport). The owner drops reports that come after its transfer ended.
 */
export class ProgressMeter {
  private loaded = 0;
  private readonly started: number;
  private readonly reports: ThrottledReport;

  constructor(
    private readonly total: number,
    report: (p: TransferProgress) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.started = now();
    this.reports = new ThrottledReport(REPORT_EVERY_MS, () => report(this.snapshot()), now);
  }

  /** Bytes already there before this run (a resumed upload) count as loaded from the start. */
  add(bytes: number): void {
    this.loaded += bytes;
    this.reports.ask(this.loaded >= this.total);
  }

  snapshot(): TransferProgress {
    const seconds = Math.max((this.now() - this.started) / 1000, 0.001);
    const percent = this.total === 0 ? 100 : Math.min(100, Math.round((this.loaded / this.total) * 10000) / 100);
    return { loaded: this.loaded, total: this.total, percent, bps: Math.round(this.loaded / seconds) };
  }
}
