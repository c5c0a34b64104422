/**
 * A trend over days as a chart needs it: every day of the range on the axis, in order. The
 * reports answer only days with work; a day nobody worked is a point at zero, not a gap that
 * joins its neighbours (a two-week trend of one busy day drew one point).
 */

const DAY_MS = 86_400_000;

/** Every day from `from` to `to`, both included, as YYYY-MM-DD (report days are UTC days). */
export function daysBetween(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) return [];
  const days: string[] = [];
  for (let t = start; t <= end; t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** The `count` days ending with `last` (YYYY-MM-DD), oldest first: counted in UTC days, never across a clock change. */
export function daysEndingOn(last: string, count: number): string[] {
  const end = Date.parse(`${last}T00:00:00Z`);
  if (Number.isNaN(end) || count < 1) return [];
  return daysBetween(new Date(end - (count - 1) * DAY_MS).toISOString().slice(0, 10), last);
}

/** One value per day of `days`: the rows of that day summed, 0 for a day with none. */
export function valuesPerDay<R extends { day: string }>(days: readonly string[], rows: readonly R[], valueOf: (r: R) => number): number[] {
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(r.day, (sums.get(r.day) ?? 0) + valueOf(r));
  return days.map((d) => sums.get(d) ?? 0);
}
