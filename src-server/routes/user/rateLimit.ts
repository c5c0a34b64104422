/**
 * A fixed-window counter per key, kept in memory: enough for one server process, and it
 * forgets everything on restart, which is harmless for limits measured in minutes.
 * At most `maxKeys` keys are kept, so a flood of distinct keys cannot grow memory without end.
 */
export class WindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys = 10_000,
  ) {}

  /** Milliseconds until the key may act again, or 0 when it is under the limit now. */
  blockedFor(key: string, now: number): number {
    const w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs || w.count < this.limit) return 0;
    return w.start + this.windowMs - now;
  }

  /** Counts one action of the key; answers what blockedFor answered before counting it. */
  hit(key: string, now: number): number {
    const wait = this.blockedFor(key, now);
    if (wait > 0) return wait;
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) this.evict(now);
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count++;
    return 0;
  }

  /** Drops finished windows, then the oldest ones if still full (Map keeps insertion order). */
  private evict(now: number): void {
    for (const [k, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(k);
    for (const k of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(k);
    }
  }
}
