/** Why a run stopped before its end. */
export type StopReason = 'cancelled' | 'shutdown' | 'lost';

export class Stopped extends Error {
  constructor(readonly reason: StopReason) {
    super(`export stopped: ${reason}`);
  }
}

/** The stop signal of one run: why it stopped, and a promise that rejects when it does. */
export class RunControl {
  reason: StopReason | null = null;
  private failure: unknown = null;
  private readonly listeners: ((reason: StopReason) => void)[] = [];
  private reject: (err: unknown) => void = () => undefined;
  readonly stopped: Promise<never> = new Promise<never>((_, reject) => {
    this.reject = reject;
  });

  constructor() {
    this.stopped.catch(() => undefined);
  }

  stop(reason: StopReason): void {
    if (this.reason || this.failure) return;
    this.reason = reason;
    for (const l of this.listeners) l(reason);
    this.reject(new Stopped(reason));
  }

  /** Ends the run with an error of its own (the upload failed). */
  fail(err: unknown): void {
    if (this.reason || this.failure) return;
    this.failure = err;
    this.reject(err);
  }

  onStop(listener: (reason: StopReason) => void): void {
    this.listeners.push(listener);
  }

  /** Throws once stopped: called between pages and entries, so a stop lands promptly. */
  check(): void {
    if (this.reason) throw new Stopped(this.reason);
    if (this.failure) throw this.failure;
  }
}
