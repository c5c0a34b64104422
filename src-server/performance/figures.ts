import { DAILY_COUNTERS, type DailyCounter } from './rollupDelta';

/** Counters of performance_daily summed over some rows. */
export type Sums = Record<DailyCounter, number>;

export const emptySums = (): Sums => Object.fromEntries(DAILY_COUNTERS.map((c) => [c, 0])) as Sums;

/** Adds `b` into `a` (and answers `a`). */
export function addSums(a: Sums, b: Sums): Sums {
  for (const c of DAILY_COUNTERS) a[c] += b[c];
  return a;
}

const HOUR_MS = 3_600_000;
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
const ratio = (n: number, d: number, places: number) => (d > 0 ? round(n / d, places) : null);

/** Subjects handed on: submitted at annotate steps, passed or rejected at review steps. */
export const subjectsOf = (s: Sums) => s.submits + s.passes_given + s.rejects_given;
/** Objects handed on with those subjects. */
export const objectsOf = (s: Sums) => s.submitted_objects + s.reviewed_objects;

/** Speed over active time; null where no active time (or no subject) was reported. */
export function speedOf(s: Sums) {
  const hours = s.active_ms / HOUR_MS;
  return {
    activeMs: s.active_ms,
    subjectsPerHour: ratio(subjectsOf(s), hours, 2),
    objectsPerHour: ratio(objectsOf(s), hours, 2),
    activeMsPerSubject: ratio(s.active_ms, subjectsOf(s), 0),
  };
}

/** First-pass acceptance of the work the sums' people submitted. */
export function firstPassOf(s: Sums) {
  return {
    firstVerdicts: s.first_verdicts_received,
    firstPassAccepted: s.first_passes_received,
    firstPassRate: ratio(s.first_passes_received, s.first_verdicts_received, 4),
  };
}
