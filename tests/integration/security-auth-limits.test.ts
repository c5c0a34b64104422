import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { accountMaker, caller, OWNER_PASSWORD, secondInstance } from '../support/authLimits';

/**
 * Password guessing, account spraying, parallel bursts and several server processes, against
 * the limits of src-server/auth/limits.ts: 10 wrong passwords per number (from clients without
 * the account's device token), 20 per address, and the owner never locked out of the SMS code.
 */
describe.each(DB_KINDS)('sign-in guess limits on %s', (kind) => {
  let s: TestServer;
  let other: FastifyInstance;
  let accounts: ReturnType<typeof accountMaker>;
  beforeAll(async () => {
    s = await startTestServer(kind);
    other = await secondInstance(s);
    accounts = accountMaker(s, '21');
  });
  afterAll(async () => {
    await other?.close();
    await s?.close();
  });

  const login = (ip: string, body: object) => caller(s.app, ip)('POST', '/user/login/mobile', body);
  const wrong = (i: number) => `wrong guess ${i}`;

  it('stops a guessing run on one account after 10, refuses the right password then, and lets the owner in by SMS code', async () => {
    const mobile = await accounts.registered();
    for (let i = 0; i < 10; i++) {
      expect((await login('10.21.0.1', { mobile, password: wrong(i) })).body.msg).toBe('error.user.invalidCredentials');
    }
    const locked = await login('10.21.0.1', { mobile, password: wrong(10) });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 429, msg: 'error.user.passwordLocked', data: { smsLogin: true } });
    expect(locked.body.data.retryAfterSeconds).toBeGreaterThan(0);
    expect(locked.body.data.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    // The right password is refused too, from the attacker's address and from any other:
    // otherwise the refusal itself would tell the attacker which guess was right.
    expect((await login('10.21.0.1', { mobile, password: OWNER_PASSWORD })).body.msg).toBe('error.user.passwordLocked');
    expect((await login('10.21.0.2', { mobile, password: OWNER_PASSWORD })).body.msg).toBe('error.user.passwordLocked');

    // The owner's way in stays open: an SMS code, from the owner's phone.
    expect((await caller(s.app, '10.21.0.2')('POST', '/sms/send', { mobile, codeType: 'login' })).body.code).toBe(200);
    const byCode = await login('10.21.0.2', { mobile, code: s.lastSmsCode(mobile) });
    expect(byCode.body.code).toBe(200);
    expect(byCode.body.data.deviceToken).toMatch(/^[\w-]{20,}$/);
    // Signing in proved the account: the password works again at once.
    expect((await login('10.21.0.3', { mobile, password: OWNER_PASSWORD })).body.code).toBe(200);
  });

  it('answers an unknown number exactly like a registered one under the limit', async () => {
    const known = await accounts.registered();
    const unknown = accounts.unknown();
    for (const mobile of [known, unknown]) {
      for (let i = 0; i < 10; i++) await login('10.21.1.1', { mobile, password: wrong(i) });
    }
    const a = await login('10.21.1.2', { mobile: known, password: wrong(99) });
    const b = await login('10.21.1.2', { mobile: unknown, password: wrong(99) });
    expect(a.body.msg).toBe('error.user.passwordLocked');
    expect(b.body.msg).toBe(a.body.msg);
    expect(Object.keys(b.body.data).sort()).toEqual(Object.keys(a.body.data).sort());
  });

  it('lets the owner\'s own device sign in with the password while strangers have locked the account', async () => {
    const mobile = await accounts.registered();
    const first = await login('10.21.2.1', { mobile, password: OWNER_PASSWORD });
    const deviceToken = first.body.data.deviceToken as string;
    for (let i = 0; i < 11; i++) await login('10.21.2.9', { mobile, password: wrong(i) });
    expect((await login('10.21.2.1', { mobile, password: OWNER_PASSWORD })).body.msg).toBe('error.user.passwordLocked');
    // A device token of another account buys nothing.
    const stranger = await accounts.registered();
    const strangerDevice = (await login('10.21.2.9', { mobile: stranger, password: OWNER_PASSWORD })).body.data.deviceToken as string;
    expect((await login('10.21.2.9', { mobile, password: OWNER_PASSWORD, deviceToken: strangerDevice })).body.msg).toBe('error.user.passwordLocked');

    const owner = await login('10.21.2.1', { mobile, password: OWNER_PASSWORD, deviceToken });
    expect(owner.body.code).toBe(200);
    expect(owner.body.data.deviceToken).toBe(deviceToken);
  });

  it('lets the password in again once the wait it announced is over', async () => {
    const mobile = await accounts.registered();
    for (let i = 0; i < 10; i++) await login('10.21.3.1', { mobile, password: wrong(i) });
    const locked = await login('10.21.3.1', { mobile, password: OWNER_PASSWORD });
    expect(locked.body.msg).toBe('error.user.passwordLocked');
    s.advance(locked.body.data.retryAfterSeconds * 1000);
    expect((await login('10.21.3.1', { mobile, password: OWNER_PASSWORD })).body.code).toBe(200);
  });

  it('stops one address spraying a wrong password over many accounts, and no other address', async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 25; i++) {
      const mobile = i % 2 ? await accounts.registered() : accounts.unknown();
      outcomes.push((await login('10.21.4.1', { mobile, password: 'Summer2026!' })).body.msg);
    }
    expect(outcomes.slice(0, 20).every((m) => m === 'error.user.invalidCredentials')).toBe(true);
    expect(outcomes.slice(20)).toEqual(Array(5).fill('error.user.passwordLocked'));
    expect((await login('10.21.4.2', { mobile: accounts.unknown(), password: 'Summer2026!' })).body.msg).toBe('error.user.invalidCredentials');
  });

  it('lets no more than 10 guesses of parallel bursts from many addresses reach the password check', async () => {
    const mobile = await accounts.registered();
    const guess = (i: number) => login(`10.21.5.${(i % 250) + 1}`, { mobile, password: wrong(i) });
    const checkedIn = (answers: { body: { msg: string } }[]) => answers.filter((r) => r.body.msg === 'error.user.invalidCredentials').length;
    let checked = 0;
    for (let round = 0; round < 2; round++) {
      const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => guess(round * 40 + i)));
      expect(burst.every((r) => ['error.user.invalidCredentials', 'error.user.passwordLocked'].includes(r.body.msg))).toBe(true);
      checked += checkedIn(burst);
    }
    expect(checked).toBeLessThanOrEqual(10);
    // Guessing on one by one reaches the limit exactly: what the bursts lost to each other was refused, not counted.
    for (let i = 0; checked < 10 && i < 10; i++) checked += checkedIn([await guess(100 + i)]);
    expect(checked).toBe(10);
    expect((await login('10.21.5.251', { mobile, password: OWNER_PASSWORD })).body.msg).toBe('error.user.passwordLocked');
  });

  it('counts guesses sent to two server processes on one database together', async () => {
    const mobile = await accounts.registered();
    for (let i = 0; i < 10; i++) {
      const r = await caller(i % 2 ? other : s.app, '10.21.6.1')('POST', '/user/login/mobile', { mobile, password: wrong(i) });
      expect(r.body.msg).toBe('error.user.invalidCredentials');
    }
    for (const app of [s.app, other]) {
      expect((await caller(app, '10.21.6.2')('POST', '/user/login/mobile', { mobile, password: OWNER_PASSWORD })).body.msg).toBe('error.user.passwordLocked');
    }
  });

  it('limits GET /user/check to 30 a minute per address across two server processes', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) {
      const r = await caller(i % 2 ? other : s.app, '10.21.7.1')('GET', '/user/check', { mobile: accounts.unknown() });
      answers.push(r.status);
    }
    expect(answers.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(answers[30]).toBe(429);
    const over = await caller(s.app, '10.21.7.1')('GET', '/user/check', { mobile: accounts.unknown() });
    expect(over.body).toMatchObject({ code: 429, msg: 'error.tooManyRequests' });
    expect(over.body.data.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('limits wrong old passwords to PUT /user/password across processes and parallel bursts', async () => {
    const mobile = await accounts.registered();
    const token = (await login('10.21.8.1', { mobile, password: OWNER_PASSWORD })).body.data.tokenValue as string;
    const change = (app: FastifyInstance, oldPassword: string) =>
      caller(app, '10.21.8.1')('PUT', '/user/password', { oldPassword, newPassword: 'a new password 9' }, token);
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => change(i % 2 ? other : s.app, wrong(i))));
    let checked = burst.filter((r) => r.body.msg === 'error.user.wrongPassword').length;
    expect(checked).toBeLessThanOrEqual(10);
    for (let i = 0; checked < 10 && i < 10; i++) checked += Number((await change(other, wrong(50 + i))).body.msg === 'error.user.wrongPassword');
    expect(checked).toBe(10);
    const locked = await change(s.app, OWNER_PASSWORD);
    expect(locked.body).toMatchObject({ code: 429, msg: 'error.tooManyRequests' });
    expect(locked.body.data.retryAfterSeconds).toBeGreaterThan(0);
  });
});
