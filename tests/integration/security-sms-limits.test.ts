import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { accountMaker, caller, OWNER_PASSWORD, secondInstance } from '../support/authLimits';

/**
 * SMS bombing and pumping, code guessing, and strangers who try to keep an owner from their
 * codes, against the limits of src-server/auth/limits.ts.
 */
describe.each(DB_KINDS)('SMS code limits on %s', (kind) => {
  let s: TestServer;
  let other: FastifyInstance;
  let accounts: ReturnType<typeof accountMaker>;
  beforeAll(async () => {
    s = await startTestServer(kind);
    other = await secondInstance(s);
    accounts = accountMaker(s, '22');
  });
  afterAll(async () => {
    await other?.close();
    await s?.close();
  });

  const send = (ip: string, mobile: string, codeType = 'login', deviceToken?: string) =>
    caller(s.app, ip)('POST', '/sms/send', { mobile, codeType, ...(deviceToken ? { deviceToken } : {}) });
  const loginByCode = (ip: string, mobile: string, code: string) => caller(s.app, ip)('POST', '/user/login/mobile', { mobile, code });
  const minuteLater = () => s.advance(61_000);
  /** A six-digit code that is not `code`. */
  const not = (code: string, i = 0) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

  it('stops one address sending codes to 25 numbers after 20, across server processes; other addresses still send', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 25; i++) {
      const r = await caller(i % 2 ? other : s.app, '10.22.0.1')('POST', '/sms/send', { mobile: accounts.unknown(), codeType: 'register' });
      answers.push(r.body.msg);
    }
    expect(answers.slice(0, 20)).toEqual(Array(20).fill('ok'));
    expect(answers.slice(20)).toEqual(Array(5).fill('error.sms.tooFrequent'));
    expect((await send('10.22.0.2', accounts.unknown(), 'register')).body.code).toBe(200);
  });

  it('keeps sending the owner codes, and taking them, while a stranger asks for codes to the same number', async () => {
    const mobile = await accounts.registered();
    // A stranger asks again and again: after 5 an hour that stranger is refused...
    const strangerAnswers: string[] = [];
    for (let i = 0; i < 8; i++) {
      strangerAnswers.push((await send('10.22.1.9', mobile)).body.msg);
      minuteLater();
    }
    expect(strangerAnswers).toEqual([...Array(5).fill('ok'), ...Array(3).fill('error.sms.tooFrequent')]);
    // ...and the owner, from their own address, still gets a code and logs in with it.
    expect((await send('10.22.1.1', mobile)).body.code).toBe(200);
    const byCode = await loginByCode('10.22.1.1', mobile, s.lastSmsCode(mobile));
    expect(byCode.body.code).toBe(200);
    const deviceToken = byCode.body.data.deviceToken as string;
    // A password reset code too.
    expect((await send('10.22.1.1', mobile, 'forget')).body.code).toBe(200);

    // A second stranger uses up what the number may receive from requesters it does not know:
    // the owner's device is not one of them.
    minuteLater();
    for (let i = 0; i < 5; i++) {
      await send('10.22.1.8', mobile, 'register');
      minuteLater();
    }
    const busy = await send('10.22.1.2', mobile);
    expect(busy.body).toMatchObject({ code: 429, msg: 'error.sms.numberBusy' });
    expect(busy.body.data.retryAfterSeconds).toBeGreaterThan(0);
    expect((await send('10.22.1.2', mobile, 'login', deviceToken)).body.code).toBe(200);
    expect((await loginByCode('10.22.1.2', mobile, s.lastSmsCode(mobile))).body.code).toBe(200);
  });

  it('accepts the code the owner holds after a stranger asked for a newer one', async () => {
    const mobile = await accounts.registered();
    expect((await send('10.22.2.1', mobile)).body.code).toBe(200);
    const ownersCode = s.lastSmsCode(mobile);
    minuteLater();
    expect((await send('10.22.2.9', mobile)).body.code).toBe(200);
    expect((await loginByCode('10.22.2.1', mobile, ownersCode)).body.code).toBe(200);
    // Each code is still used once.
    expect((await loginByCode('10.22.2.1', mobile, ownersCode)).body.msg).toBe('error.user.invalidCredentials');
  });

  it('counts wrong codes per address across numbers and purposes: the 11th is refused', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 11; i++) {
      const mobile = accounts.unknown();
      answers.push(
        i % 3 === 0
          ? (await caller(s.app, '10.22.3.1')('POST', '/user/register', { mobile, code: '123456', password: 'a password 1' })).body.msg
          : i % 3 === 1
            ? (await loginByCode('10.22.3.1', mobile, '123456')).body.msg
            : (await caller(s.app, '10.22.3.1')('PUT', '/user/password/forget', { mobile, code: '123456', newPassword: 'a password 1' })).body.msg,
      );
    }
    expect(answers.slice(0, 10).every((m) => m !== 'error.sms.tooManyGuesses')).toBe(true);
    expect(answers[10]).toBe('error.sms.tooManyGuesses');
    const refused = await loginByCode('10.22.3.1', accounts.unknown(), '123456');
    expect(refused.body).toMatchObject({ code: 429, msg: 'error.sms.tooManyGuesses' });
    expect(refused.body.data.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('bounds parallel bursts of wrong codes: 10 per address, and 5 per code from any number of addresses', async () => {
    const mobile = await accounts.registered();
    expect((await send('10.22.4.1', mobile)).body.code).toBe(200);
    const code = s.lastSmsCode(mobile);
    const fromOne = await Promise.all(Array.from({ length: 30 }, (_, i) => loginByCode('10.22.4.9', mobile, not(code, i))));
    const answered = fromOne.filter((r) => r.body.msg === 'error.user.invalidCredentials').length;
    expect(answered).toBeLessThanOrEqual(10);
    expect(fromOne.filter((r) => r.body.msg === 'error.sms.tooManyGuesses')).toHaveLength(30 - answered);

    const fromMany = await Promise.all(Array.from({ length: 30 }, (_, i) => loginByCode(`10.22.4.${i + 10}`, mobile, not(code, 40 + i))));
    expect(fromMany.every((r) => r.body.msg === 'error.user.invalidCredentials')).toBe(true);
    // The code has answered its 5 guesses: spent, even for the right one. Its owner asks for another.
    expect((await loginByCode('10.22.4.1', mobile, code)).body.code).toBe(401);
    minuteLater();
    expect((await send('10.22.4.1', mobile)).body.code).toBe(200);
    expect((await loginByCode('10.22.4.1', mobile, s.lastSmsCode(mobile))).body.code).toBe(200);
  });

  it('resets a forgotten password by SMS while password sign-in is locked, and signs in with the new one', async () => {
    const mobile = await accounts.registered();
    const login = (password: string) => caller(s.app, '10.22.5.1')('POST', '/user/login/mobile', { mobile, password });
    for (let i = 0; i < 10; i++) await caller(s.app, '10.22.5.9')('POST', '/user/login/mobile', { mobile, password: `wrong guess ${i}` });
    expect((await login(OWNER_PASSWORD)).body.msg).toBe('error.user.passwordLocked');
    expect((await send('10.22.5.1', mobile, 'forget')).body.code).toBe(200);
    const reset = await caller(s.app, '10.22.5.1')('PUT', '/user/password/forget', { mobile, code: s.lastSmsCode(mobile), newPassword: 'my new password' });
    expect(reset.body.code).toBe(200);
    expect((await login('my new password')).body.code).toBe(200);
  });
});
