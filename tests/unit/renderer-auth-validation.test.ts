import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { Mobile, Password, SmsCode } from '../../src-shared/api/user';
import { isValidMobile, isValidPassword, isValidSmsCode, stripSpaces } from '../../src-renderer/src/features/auth/validation';
import { secondsLeft } from '../../src-renderer/src/features/auth/useCountdown';

/** The forms must accept exactly what the server's schemas accept, or users meet a late 400. */
describe('register and login checks agree with the server schemas', () => {
  const mobiles = ['13800138000', '+8613800138000', '+447700900123', '123456', '012345678', '12345', '+1234567890123456', '138-0013-8000', '', '+'];
  const codes = ['123456', '000000', '12345', '1234567', 'abcdef', ' 12345'];
  const passwords = ['', 'short', '1234567', '12345678', 'x'.repeat(128), 'x'.repeat(129), '密码密码密码密码'];

  it.each(mobiles)('mobile %j', (m) => expect(isValidMobile(m)).toBe(Value.Check(Mobile, m)));
  it.each(codes)('sms code %j', (c) => expect(isValidSmsCode(c)).toBe(Value.Check(SmsCode, c)));
  it.each(passwords)('password %j', (p) => expect(isValidPassword(p)).toBe(Value.Check(Password, p)));

  it('drops the spaces people type inside numbers', () => {
    expect(stripSpaces(' 138 0013 8000 ')).toBe('13800138000');
    expect(stripSpaces(undefined)).toBe('');
  });
});

describe('send-code countdown', () => {
  it('counts whole seconds down to zero and never below', () => {
    expect(secondsLeft(null, 0)).toBe(0);
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 500)).toBe(60);
    expect(secondsLeft(60_000, 59_001)).toBe(1);
    expect(secondsLeft(60_000, 60_000)).toBe(0);
    expect(secondsLeft(60_000, 90_000)).toBe(0);
  });
});
