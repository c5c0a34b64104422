import { afterAll, vi } from 'vitest';

/**
 * Unit files share their worker's modules (isolate: false, vitest.config.ts): whatever a file
 * changed in the process's globals is put back when it ends, so the next file starts as if alone.
 * Fake timers left on by a test that failed half-way would otherwise stop the next file's timers.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
