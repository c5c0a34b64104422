import { PERFORMANCE_DEFAULT_DAYS, PERFORMANCE_MAX_DAYS } from '../../src-shared/api/performance';
import { AppError } from '../errors';
import { DAY_MS, dayOf } from './rollupDelta';

/** The UTC days a report covers, both included, as rollup `day` values and as YYYY-MM-DD. */
export interface DayRange {
  fromDay: number;
  toDay: number;
  from: string;
  to: string;
}

/** YYYY-MM-DD of a UTC midnight. */
export const isoDay = (day: number): string => new Date(day).toISOString().slice(0, 10);

function parseBound(v: number | string, field: 'from' | 'to'): number {
  if (typeof v === 'number') return dayOf(v);
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  const day = Date.UTC(y, m - 1, d);
  // Date.UTC rolls 2024-02-30 over to March 1st: a day that does not exist is refused, not moved.
  if (!Number.isFinite(day) || isoDay(day) !== v) throw new AppError('performance.badDate', { field });
  return day;
}

/**
 * The range a report asks for: `to` defaults to today (UTC), `from` to the
 * PERFORMANCE_DEFAULT_DAYS days ending at `to`. Refuses days that do not exist, a start after
 * the end, and ranges over PERFORMANCE_MAX_DAYS days.
 */
export function resolveRange(body: { from?: number | string; to?: number | string }, now: number): DayRange {
  const toDay = body.to === undefined ? dayOf(now) : parseBound(body.to, 'to');
  const fromDay = body.from === undefined ? toDay - (PERFORMANCE_DEFAULT_DAYS - 1) * DAY_MS : parseBound(body.from, 'from');
  if (fromDay > toDay) throw new AppError('performance.badRange', { from: isoDay(fromDay), to: isoDay(toDay) });
  if ((toDay - fromDay) / DAY_MS + 1 > PERFORMANCE_MAX_DAYS) throw new AppError('performance.rangeTooLong', { maxDays: PERFORMANCE_MAX_DAYS });
  return { fromDay, toDay, from: isoDay(fromDay), to: isoDay(toDay) };
}
