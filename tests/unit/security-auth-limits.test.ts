import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { addressKey } from '../../src-server/auth/clientAddress';
import { AUTH_LIMITS } from '../../src-server/auth/limits';
import { THROTTLE_KEEP_MS } from '../../src-server/repositories/authThrottle';
import { newToken } from '../../src-server/auth/tokens';
import { DeviceToken } from '../../src-shared/api/user';
import { deviceTokenFor, keepDeviceToken } from '../../src-renderer/src/features/auth/deviceTokens';
import { retryAfterOf } from '../../src-renderer/src/features/auth/retryAfter';

describe('the address a per-address limit counts', () => {
  it('gives every address of one IPv6 /64 one budget, and other /64s their own', () => {
    const a = addressKey('2001:db8:1:2::1');
    expect(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(a);
    expect(addressKey('2001:0DB8:0001:0002:0:0:0:7')).toBe(a);
    expect(addressKey('2001:db8:1:3::1')).not.toBe(a);
    expect(addressKey('fe80::1%eth0')).toBe(addressKey('fe80::2'));
  });

  it('counts IPv4 addresses one by one, also when a dual-stack socket reports them mapped', () => {
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('192.0.2.2')).not.toBe(addressKey('192.0.2.1'));
  });
});

describe('the sign-in limits', () => {
  it('each fit the events the throttle keeps, and none lets more than 100 failures a day through', () => {
    for (const rule of AUTH_LIMITS) {
      for (const w of rule.windows) {
        expect(w.ms, rule.scope).toBeLessThanOrEqual(THROTTLE_KEEP_MS);
        expect(w.max, rule.scope).toBeGreaterThan(0);
      }
    }
    const account = AUTH_LIMITS.find((r) => r.scope === 'login.account')!;
    expect(Math.min(...account.windows.filter((w) => w.ms <= 24 * 3600_000).map((w) => w.max))).toBeLessThanOrEqual(100);
  });

  it('hand out device tokens the request schemas accept', () => {
    expect(Value.Check(DeviceToken, newToken())).toBe(true);
  });
});

describe('the workstation\'s device tokens', () => {
  const memory = () => {
    let text: string | null = null;
    return { getItem: () => text, setItem: (_k: string, v: string) => void (text = v) };
  };

  it('keeps one token per number, the newest, and forgets the oldest numbers past 20', () => {
    const store = memory();
    keepDeviceToken('123456', 'first-token-of-123456', store);
    keepDeviceToken('123456', 'second-token-of-123456', store);
    expect(deviceTokenFor('123456', store)).toBe('second-token-of-123456');
    for (let i = 0; i < 20; i++) keepDeviceToken(`1380000${String(i).padStart(4, '0')}`, `token-${i}`, store);
    expect(deviceTokenFor('123456', store)).toBeUndefined();
    expect(deviceTokenFor('13800000019', store)).toBe('token-19');
  });

  it('reads a damaged store as empty', () => {
    const store = memory();
    store.setItem('', '{not json');
    expect(deviceTokenFor('13800000000', store)).toBeUndefined();
    store.setItem('', '{"13800000000":"an-object-from-an-old-version"}');
    expect(deviceTokenFor('13800000000', store)).toBeUndefined();
  });

  it('reads the wait a refused call names, and nothing else', () => {
    expect(retryAfterOf({ body: { code: 429, msg: 'error.user.passwordLocked', data: { retryAfterSeconds: 899.2 } } })).toBe(900);
    expect(retryAfterOf({ body: { code: 401, msg: 'error.user.invalidCredentials', data: null } })).toBeNull();
    expect(retryAfterOf({ body: { data: { retryAfterSeconds: 'soon' } } })).toBeNull();
    expect(retryAfterOf(new Error('offline'))).toBeNull();
  });
});
