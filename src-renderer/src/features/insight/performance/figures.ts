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

/** A 0..1 rate as a percent with one decimal, in the reader's language; '–' when there was nothing to divide by. */
export const formatRate = (rate: number | null, locale: string): string =>
  rate === null ? '–' : new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rate);

/**
 * A per-hour figure in the reader's language: one decimal under 100 ("12.5"), whole numbers
 * with group separators above ("1,240"); '–' without active time.
 */
export const formatPerHour = (n: number | null, locale: string): string => {
  if (n === null) return '–';
  const digits = Math.abs(n) < 100 ? 1 : 0;
  return new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
};
