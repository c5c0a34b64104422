import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import recorded from './testDurations.json' with { type: 'json' };

const seconds = recorded as Record<string, number>;

/**
 * Starts the longest test files first, by the seconds a full run recorded
 * (tests/support/testDurations.json, written by scripts/test-durations.mjs). Vitest's own order
 * uses durations from its cache, which a fresh clone (CI) does not have; it then falls back to
 * file size, and the role table (a short file that builds a world per route and role, 82 s) started
 * 319 s into a 418 s phase, so one worker ran it alone while the other ran out of files
 * (docs/testing.md). Files with no record yet (new ones) go first, as vitest puts unknown files:
 * they may be long.
 */
export class DurationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const known = (spec: TestSpecification) => seconds[path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join('/')];
    return [...files].sort((a, b) => (known(b) ?? Infinity) - (known(a) ?? Infinity) || (a.moduleId < b.moduleId ? -1 : 1));
  }
}
