/** Input gaps longer than this count as away from the desk, not as work. */
export const IDLE_AFTER_MS = 60_000;

/**
 * Active working time on the open item, as the performance reports want it: the time between
 * inputs, each gap capped at IDLE_AFTER_MS, so a coffee break with the item open is not work.
 */
export class ActiveTime {
  private lastInput: number;
  private activeMs = 0;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.lastInput = now();
  }

  /** A key, click or wheel on the workspace. */
  touch(): void {
    const t = this.now();
    this.activeMs += Math.min(t - this.lastInput, IDLE_AFTER_MS);
    this.lastInput = t;
  }

  /** Active milliseconds since the last take, and start counting again. */
  take(): number {
    this.touch();
    const ms = Math.round(this.activeMs);
    this.activeMs = 0;
    return ms;
  }
}
