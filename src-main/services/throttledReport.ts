/**
 * Sends a report at most every `everyMs`, and never holds one back for good: a report asked
 * for inside the interval goes out once the interval is over (one, with the state as it is
 * then), even if nothing more is asked. Progress on a line that stalls right after some bytes
 * would otherwise show the count of the last report for as long as the stall lasts. Serves a
 * transfer's progress (storage/progress.ts) and a work package's (packages/frameDownloads.ts).
 */
export class ThrottledReport {
  private last = 0;
  private held: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly everyMs: number,
    private readonly send: () => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** `atOnce`: sent now whatever the interval (a state change, the end of a transfer). */
  ask(atOnce = false): void {
    const t = this.now();
    if (atOnce || t - this.last >= this.everyMs) return this.sendNow(t);
    if (this.held) return;
    this.held = setTimeout(() => this.sendNow(this.now()), this.everyMs - (t - this.last));
    this.held.unref?.();
  }

  /** A report held back is not sent (what it reports on has ended). */
  cancel(): void {
    if (this.held) clearTimeout(this.held);
    this.held = null;
  }

  private sendNow(t: number): void {
    this.cancel();
    this.last = t;
    this.send();
  }
}
