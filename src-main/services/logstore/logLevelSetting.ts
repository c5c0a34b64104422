import { thresholdLevel, type LogThreshold } from '../../../src-shared/ipc/logs';

/**
 * The workstation's log level while it runs (docs/logging.md, "Log level"). It starts at
 * WORKSTATION_LOG_LEVEL and `logs.setLevel` moves it: ops raise it to debug to look into a
 * problem, then put it back. Not kept across restarts: a level left at debug (or off) by a
 * forgotten session must not outlive it; the configured level is what a start means.
 * Every writer reads it at each record (the main process's logger, the store's own check, and
 * the pages through the `logs.level` event), so a change holds from the next record on.
 */
export class LogLevelSetting {
  private current: LogThreshold;
  private readonly listeners = new Set<(level: LogThreshold) => void>();

  constructor(initial: LogThreshold) {
    this.current = initial;
  }

  get threshold(): LogThreshold {
    return this.current;
  }

  /** The lowest level recorded now (4 for `off`). */
  get minLevel(): number {
    return thresholdLevel(this.current);
  }

  set(level: LogThreshold): void {
    if (level === this.current) return;
    this.current = level;
    for (const l of this.listeners) l(level);
  }

  onChange(listener: (level: LogThreshold) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
