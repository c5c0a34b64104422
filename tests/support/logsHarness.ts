import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, vi } from 'vitest';
import { workstationConfigFromEnv } from '../../src-main/config';
import { EventBus } from '../../src-main/services/events';
import { createLogsService, type LogsService, type LogsServiceDeps } from '../../src-main/services/logstore';

/**
 * The log service as the main process starts it, in a temp data folder, closed and removed
 * after each test (real timers restored first, so a close never waits on a faked clock).
 * Call at the top of a test file.
 */
export function useLogsHarness(prefix: string) {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    for (const fn of cleanup.splice(0).reverse()) await fn();
  });
  return {
    tmpDir(): string {
      const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      cleanup.push(() => fs.rmSync(d, { recursive: true, force: true }));
      return d;
    },
    startLogs(dir: string, deps: LogsServiceDeps = {}, events = new EventBus()): LogsService {
      const svc = createLogsService(workstationConfigFromEnv('node', '9.9.9', { WORKSTATION_DATA_DIR: dir }), events, deps);
      cleanup.push(() => svc.close());
      return svc;
    },
  };
}
