#!/usr/bin/env node
// Writes tests/support/testDurations.json from a run's vitest report (default
// test-results/vitest.json): each file's seconds, which DurationSequencer uses to start the
// longest files first on a fresh clone (docs/testing.md). Run after a full `npm test` when files
// were added or have grown: `node scripts/test-durations.mjs`.
import fs from 'node:fs';
import path from 'node:path';

const report = JSON.parse(fs.readFileSync(process.argv[2] ?? 'test-results/vitest.json', 'utf8'));
const root = path.resolve('.');
const seconds = {};
for (const f of report.testResults) {
  const rel = path.relative(root, f.name).split(path.sep).join('/');
  // A report from another checkout (a worktree) names its own paths: keep the part from tests/.
  const key = rel.slice(rel.indexOf('tests/'));
  seconds[key] = Math.round((f.endTime - f.startTime) / 100) / 10;
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => (a < b ? -1 : 1)));
fs.writeFileSync('tests/support/testDurations.json', `${JSON.stringify(sorted, null, 1)}\n`);
console.log(`tests/support/testDurations.json: ${Object.keys(sorted).length} files`);
