import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';

/** A time as a client shows it: epoch ms, an ISO string, a Date, or a dayjs. */
export type TimeInput = number | string | Date | Dayjs | null | undefined;

/**
 * "When" as the spec's section 9 says it, relative to `now`: under a minute "just now"; under
 * an hour "n minutes ago"; earlier today "n hours ago"; yesterday "yesterday HH:mm"; earlier this
 * year "MM-DD"; earlier years "YYYY-MM-DD". A time a little in the future (clock skew between
 * machines) is "just now". Not a date, or an invalid one, gives '' rather than "Invalid Date".
 */
export function relativeTime(value: TimeInput, t: TFunction, now: TimeInput = Date.now()): string {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean') return '';
  const at = dayjs(value as Exclude<TimeInput, null | undefined>);
  const ref = dayjs(now as Exclude<TimeInput, null | undefined>);
  if (!at.isValid() || !ref.isValid()) return '';
  const ms = ref.valueOf() - at.valueOf();
  if (ms < 60_000) return t('time.justNow');
  if (ms < 3_600_000) return t('time.minutesAgo', { count: Math.floor(ms / 60_000) });
  if (at.isSame(ref, 'day')) return t('time.hoursAgo', { count: Math.floor(ms / 3_600_000) });
  if (at.isSame(ref.subtract(1, 'day'), 'day')) return t('time.yesterday', { time: at.format('HH:mm') });
  if (at.isSame(ref, 'year')) return at.format('MM-DD');
  return at.format('YYYY-MM-DD');
}
