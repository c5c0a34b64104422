import { defineConfig } from 'vitest/config';

/**
 * unit: fast, no system services. integration: the team server on SQLite and PostgreSQL and
 * storage on Ceph RGW (scripts/test.sh starts them and passes their env files).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/aiServiceSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two files at a time: each has its own databases, bucket and ports, and most of their
          // time is spent waiting on PostgreSQL, Ceph and HTTP, so two cores serve two files.
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
