import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { relativeTime } from '../../src-renderer/src/app/relativeTime';
import { resources } from '../../src-renderer/src/i18n/resources';

const t = (lng: 'zh-CN' | 'en-US') => i18next.getFixedT(lng);
/** A fixed "now": 2026-11-23 14:30:00 local time. */
const NOW = new Date(2026, 10, 23, 14, 30, 0).getTime();
const at = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, mo - 1, d, h, mi, s).getTime();

describe('relative time (spec section 9)', () => {
  beforeAll(async () => {
    await i18next.init({ resources, lng: 'zh-CN', fallbackLng: false, interpolation: { escapeValue: false } });
  });

  it('says just now under a minute, and for a time slightly in the future', () => {
    expect(relativeTime(NOW - 59_000, t('zh-CN'), NOW)).toBe('刚刚');
    expect(relativeTime(NOW + 5_000, t('en-US'), NOW)).toBe('just now');
  });

  it('counts minutes under an hour, even across midnight', () => {
    expect(relativeTime(NOW - 60_000, t('zh-CN'), NOW)).toBe('1 分钟前');
    expect(relativeTime(NOW - 59 * 60_000, t('en-US'), NOW)).toBe('59 min ago');
    const justAfterMidnight = at(2026, 11, 23, 0, 10);
    expect(relativeTime(at(2026, 11, 22, 23, 50), t('en-US'), justAfterMidnight)).toBe('20 min ago');
  });

  it('counts hours earlier today', () => {
    expect(relativeTime(at(2026, 11, 23, 13, 30), t('zh-CN'), NOW)).toBe('1 小时前');
    expect(relativeTime(at(2026, 11, 23, 0, 0, 1), t('en-US'), NOW)).toBe('14 h ago');
  });

  it('says yesterday with the time of day', () => {
    expect(relativeTime(at(2026, 11, 22, 9, 5), t('zh-CN'), NOW)).toBe('昨天 09:05');
    expect(relativeTime(at(2026, 11, 22, 23, 59), t('en-US'), NOW)).toBe('yesterday 23:59');
  });

  it('gives month-day earlier this year and year-month-day for earlier years', () => {
    expect(relativeTime(at(2026, 11, 21, 12, 0), t('zh-CN'), NOW)).toBe('11-21');
    expect(relativeTime(at(2026, 1, 1, 0, 0), t('en-US'), NOW)).toBe('01-01');
    expect(relativeTime(at(2025, 12, 31, 23, 59), t('zh-CN'), NOW)).toBe('2025-12-31');
  });

  it('answers nothing for what is not a date or an invalid one', () => {
    expect(relativeTime(null, t('zh-CN'), NOW)).toBe('');
    expect(relativeTime(undefined, t('zh-CN'), NOW)).toBe('');
    expect(relativeTime('', t('zh-CN'), NOW)).toBe('');
    expect(relativeTime('not a date', t('zh-CN'), NOW)).toBe('');
    expect(relativeTime(Number.NaN, t('en-US'), NOW)).toBe('');
    expect(relativeTime(new Date('2026-13-45'), t('en-US'), NOW)).toBe('');
  });

  it('takes epoch ms, ISO strings and Dates alike', () => {
    const iso = new Date(NOW - 5 * 60_000).toISOString();
    expect(relativeTime(iso, t('en-US'), NOW)).toBe('5 min ago');
    expect(relativeTime(new Date(NOW - 5 * 60_000), t('en-US'), NOW)).toBe('5 min ago');
  });
});
