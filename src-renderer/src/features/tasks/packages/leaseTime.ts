import type { TFunction } from 'i18next';
import { relativeTime } from '../../../app/relativeTime';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * When a lease ends, relative to `now`: "in 23 h 5 min" ahead (hours and minutes: a lease is
 * counted in hours), "ran out 5 minutes ago" after, by the product's relative-time rules.
 */
export function leaseEndText(expiresAt: number, t: TFunction, now = Date.now()): string {
  const left = expiresAt - now;
  if (left <= 0) return t('tasks.packages.expiredAgo', { ago: relativeTime(expiresAt, t, now) });
  const hours = Math.floor(left / HOUR);
  const minutes = Math.floor((left % HOUR) / MINUTE);
  const parts = [
    ...(hours > 0 ? [t('tasks.packages.hoursLeft', { count: hours })] : []),
    ...(hours === 0 || minutes > 0 ? [t('tasks.packages.minutesLeft', { count: minutes })] : []),
  ];
  return t('tasks.packages.expiresIn', { left: parts.join(' ') });
}
