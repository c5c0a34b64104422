import { defineConfig } from 'vitest/config';
import { DurationSequencer } from './tests/support/durationSequencer';

/**
 * unit: fast, no system services. integration: the team server on SQLite and PostgreSQL and
 * storage on Ceph RGW (scripts/test.sh starts them and passes their env files).
 */
export default defineConfig({
  test: {
    // The longest files first, by a recorded run, so neither worker is left alone with one at the end.
    sequence: { sequencer: DurationSequencer },
    projects: [
      // The same number of workers as integration, so vitest runs both projects as one pool
      // (projects with different maxWorkers must be given separate groups).
      // A test's timeout catches a hang, not slowness: some unit files start real workers and
      // databases, which on a loaded 2-core machine take longer than vitest's default 5 s.
      // Threads, not processes, and one module graph per worker (isolate: false): 32 s of CPU
      // against 58 s with a graph per file, 82 s with a process per file (docs/testing.md). No
      // unit file mocks a module; what a file changes in globals is put back when it ends
      // (unitFileReset.ts). Integration files run in processes (one measures its process's peak
      // memory, threadWatch.ts, resetting the peak first), one module graph per process too.
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          pool: 'threads',
          isolate: false,
          setupFiles: ['tests/support/unitFileReset.ts'],
          maxWorkers: 2,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/aiServiceSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two files at a time: each has its own databases, bucket and ports. A third worker was
          // no faster: with PostgreSQL's and Ceph's own work counted, the cores were busy 99% of
          // the phase (docs/testing.md).
          fileParallelism: true,
          maxWorkers: 2,
          // A process and its modules serve file after file: a fresh process per file spent about
          // 1.7 s of each file starting and loading the server (30 small files: 73 s and 117 s of
          // CPU, against 35 s and 41 s), 43% of the phase with one worker idle (docs/testing.md).
          // What a file starts (servers, export runners, timers) it stops in afterAll.
          isolate: false,
        },
      },
    ],
  },
});
