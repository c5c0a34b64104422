// Prints one closing line for the whole run, `N passed, N failed, N skipped`, from the JSON
// reports of vitest and Playwright; exits non-zero when a report is missing or nothing ran.
import fs from 'node:fs';

let passed = 0, failed = 0, skipped = 0;
const [vitestFile, playwrightFile] = process.argv.slice(2);

for (const file of [vitestFile, playwrightFile]) {
  if (!file || !fs.existsSync(file)) {
    console.error(`missing test report ${file}`);
    process.exit(1);
  }
}
const v = JSON.parse(fs.readFileSync(vitestFile, 'utf8'));
passed += v.numPassedTests;
// A file counts as one more failure only when it failed with no failed test in it (it did not
// load, or a hook threw): numFailedTestSuites also counts the file and describe blocks around
// a failed test, which would count one failure three times.
const brokenFiles = (v.testResults ?? []).filter((f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'));
failed += v.numFailedTests + brokenFiles.length;
skipped += v.numPendingTests + v.numTodoTests;

const p = JSON.parse(fs.readFileSync(playwrightFile, 'utf8'));
passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
failed += p.stats?.unexpected ?? 0;
skipped += p.stats?.skipped ?? 0;
failed += (p.errors ?? []).length;

console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
