import type { TFunction } from 'i18next';

/** Active time as hours and minutes (3 h 05 min), or minutes and seconds under an hour. */
export function formatDuration(ms: number | null, t: TFunction): string {
  if (ms === null) return '–';
  const totalSeconds = Math.round(ms / 1000);
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  return h > 0 ? t('insight.performance.hoursMinutes', { h, m: String(m).padStart(2, '0') }) : t('insight.performance.minutesSeconds', { m, s: String(s).padStart(2, '0') });
}

/** A 0..1 rate as a percent with one decimal; '–' when there was nothing to divide by. */
export const formatRate = (rate: number | null): string => (rate === null ? '–' : `${(rate * 100).toFixed(1)}%`);

/** A per-hour figure with two decimals; '–' without active time. */
export const formatPerHour = (n: number | null): string => (n === null ? '–' : n.toFixed(2));
