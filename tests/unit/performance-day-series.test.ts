import { describe, expect, it } from 'vitest';
import { daysBetween, daysEndingOn, valuesPerDay } from '../../src-renderer/src/features/insight/performance/charts/daySeries';

describe('a trend over days plots every day of its range', () => {
  it('counts 14 UTC days back from today, across a month end, oldest first', () => {
    const days = daysEndingOn('2026-03-05', 14);
    expect(days).toHaveLength(14);
    expect(days[0]).toBe('2026-02-20');
    expect(days.at(-1)).toBe('2026-03-05');
    expect(days).toContain('2026-02-28');
    expect(days).not.toContain('2026-02-29');
  });

  it('puts a day without work at zero, and sums a day answered in several rows', () => {
    const days = daysBetween('2026-11-20', '2026-11-23');
    const rows = [
      { day: '2026-11-21', submitted: 3 },
      { day: '2026-11-23', submitted: 1 },
      { day: '2026-11-23', submitted: 2 },
      // outside the range: not plotted
      { day: '2026-11-30', submitted: 9 },
    ];
    expect(valuesPerDay(days, rows, (r) => r.submitted)).toEqual([0, 3, 0, 3]);
  });

  it('is empty for a range that is not one', () => {
    expect(daysBetween('2026-11-23', '2026-11-20')).toEqual([]);
    expect(daysBetween('soon', '2026-11-20')).toEqual([]);
    expect(daysEndingOn('2026-11-20', 0)).toEqual([]);
  });
});
