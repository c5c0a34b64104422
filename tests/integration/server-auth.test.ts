import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';

describe.each(DB_KINDS)('register, log in, log out on %s', (kind) => {
  let s: TestServer;
  let seq = 0;
  /** A mobile number no other test of this suite uses. */
  const newMobile = () => `1390000${String(++seq).padStart(4, '0')}`;

  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  async function register(mobile: string, password = 'correct horse 1') {
    await s.call({ method: 'POST', url: '/core/sms/send', payload: { mobile, codeType: 'register' } });
    return s.call({ method: 'POST', url: '/core/user/register', payload: { mobile, code: s.lastSmsCode(mobile), password, name: 'Ada' } });
  }

  it('answers 401 in the envelope to an anonymous call that needs a user', async () => {
    for (const url of ['/core/user/info', '/core/project']) {
      const r = await s.call({ method: 'GET', url });
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ code: 401, msg: 'error.unauthorized', data: null });
    }
    const logout = await s.call({ method: 'POST', url: '/core/user/logout', token: 'not-a-live-token' });
    expect(logout.body.code).toBe(401);
  });

  it('answers unknown routes with 404 in the envelope', async () => {
    const r = await s.call({ method: 'GET', url: '/core/no/such/route' });
    expect(r.status).toBe(404);
    expect(r.body.code).toBe(404);
    expect(r.body.msg).toBe('error.routeNotFound');
  });

  it('rejects malformed input with 400 and a message key, never a 500', async () => {
    const cases = [
      { payload: { mobile: 'abc', codeType: 'register' } },
      { payload: { mobile: '13900000000', codeType: 'hack' } },
      { payload: { mobile: '13900000000', codeType: 'register', extra: 1 } },
      { payload: { mobile: '1'.repeat(500), codeType: 'register' } },
      { payload: '{"mobile":', headers: { 'content-type': 'application/json' } },
    ];
    for (const c of cases) {
      const r = await s.call({ method: 'POST', url: '/core/sms/send', ...c });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(400);
      expect(r.body.msg).toMatch(/^error\.(validation|badRequest)$/);
    }
    const page = await s.call({ method: 'GET', url: '/core/project?page=-3' });
    expect(page.status).toBe(401); // auth is checked before anything else is read
  });

  it('registers with an SMS code, then shows the user and an empty project list', async () => {
    const mobile = newMobile();
    const sent = await s.call({ method: 'POST', url: '/core/sms/send', payload: { mobile, codeType: 'register' } });
    expect(sent.body).toEqual({ code: 200, msg: 'ok', data: { resendAfterSeconds: 60 } });
    const code = s.lastSmsCode(mobile);
    expect(code).toMatch(/^\d{6}$/);

    const reg = await s.call({ method: 'POST', url: '/core/user/register', payload: { mobile, code, password: 'correct horse 1', name: 'Ada' } });
    expect(reg.body.code).toBe(200);
    expect(reg.body.data.tokenName).toBe('x-annot-token');
    const token = reg.body.data.tokenValue as string;

    const info = await s.call({ method: 'GET', url: '/core/user/info', token });
    expect(info.body.data).toMatchObject({ mobile, name: 'Ada', currentTeamId: null });
    expect(info.body.data).not.toHaveProperty('password_hash');

    const projects = await s.call({ method: 'GET', url: '/core/project', token });
    expect(projects.body.data).toEqual({ list: [], total: 0, page: 1, pageSize: 20 });
  });

  it('stores the password only as an Argon2id hash', async () => {
    const mobile = newMobile();
    await register(mobile, 'a very secret pw');
    const row = await s.app.ctx.db.selectFrom('users').select('password_hash').where('mobile', '=', mobile).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain('a very secret pw');
  });

  it('refuses a wrong, reused or expired code and a taken number', async () => {
    const mobile = newMobile();
    await s.call({ method: 'POST', url: '/core/sms/send', payload: { mobile, codeType: 'register' } });
    const code = s.lastSmsCode(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await s.call({ method: 'POST', url: '/core/user/register', payload: { mobile, code: wrong, password: 'password1' } });
    expect(bad.body).toMatchObject({ code: 400, msg: 'error.sms.codeInvalid' });

    expect((await s.call({ method: 'POST', url: '/core/user/register', payload: { mobile, code, password: 'password1' } })).body.code).toBe(200);
    const reused = await s.call({ method: 'POST', url: '/core/user/register', payload: { mobile, code, password: 'password1' } });
    expect(reused.body.msg).toBe('error.sms.codeInvalid');

    s.advance(61_000);
    await s.call({ method: 'POST', url: '/core/sms/send', payload: { mobile, codeType: 'register' } });
    const taken = await s.call({ method: 'POST', url: '/core/user/register', payload: { mobile, code: s.lastSmsCode(mobile), password: 'password1' } });
    expect(taken.body).toMatchObject({ code: 409, msg: 'error.user.mobileTaken' });

    const other = newMobile();
    await s.call({ method: 'POST', url: '/core/sms/send', payload: { mobile: other, codeType: 'register' } });
    const late = s.lastSmsCode(other);
    s.advance(5 * 60_000 + 1000);
    const expired = await s.call({ method: 'POST', url: '/core/user/register', payload: { mobile: other, code: late, password: 'password1' } });
    expect(expired.body.msg).toBe('error.sms.codeInvalid');
  });

  it('rate-limits codes per number: one a minute', async () => {
    const mobile = newMobile();
    expect((await s.call({ method: 'POST', url: '/core/sms/send', payload: { mobile, codeType: 'login' } })).body.code).toBe(200);
    const again = await s.call({ method: 'POST', url: '/core/sms/send', payload: { mobile, codeType: 'login' } });
    expect(again.status).toBe(429);
    expect(again.body.msg).toBe('error.sms.tooFrequent');
    expect(again.body.data.retryAfterSeconds).toBeGreaterThan(0);
    s.advance(60_000);
    expect((await s.call({ method: 'POST', url: '/core/sms/send', payload: { mobile, codeType: 'login' } })).body.code).toBe(200);
  });

  it('logs in by password or SMS code and never says which accounts exist', async () => {
    const mobile = newMobile();
    await register(mobile, 'pass word 42');
    const ok = await s.call({ method: 'POST', url: '/core/user/login/mobile', payload: { mobile, password: 'pass word 42' } });
    expect(ok.body.code).toBe(200);

    const wrongPw = await s.call({ method: 'POST', url: '/core/user/login/mobile', payload: { mobile, password: 'pass word 43' } });
    const noUser = await s.call({ method: 'POST', url: '/core/user/login/mobile', payload: { mobile: newMobile(), password: 'pass word 42' } });
    expect(wrongPw.body).toEqual({ code: 401, msg: 'error.user.invalidCredentials', data: null });
    expect(noUser.body).toEqual(wrongPw.body);

    s.advance(61_000);
    await s.call({ method: 'POST', url: '/core/sms/send', payload: { mobile, codeType: 'login' } });
    const byCode = await s.call({ method: 'POST', url: '/core/user/login/mobile', payload: { mobile, code: s.lastSmsCode(mobile) } });
    expect(byCode.body.code).toBe(200);
    expect(byCode.body.data.tokenValue).not.toBe(ok.body.data.tokenValue);
  });

  it('logs out one device only; the other stays logged in', async () => {
    const mobile = newMobile();
    const first = (await register(mobile, 'two devices!')).body.data.tokenValue as string;
    const second = (await s.call({ method: 'POST', url: '/core/user/login/mobile', payload: { mobile, password: 'two devices!' } })).body.data
      .tokenValue as string;

    expect((await s.call({ method: 'POST', url: '/core/user/isLogin', token: first })).body.data).toEqual({ isLogin: true });
    expect((await s.call({ method: 'POST', url: '/core/user/logout', token: first })).body.code).toBe(200);
    expect((await s.call({ method: 'GET', url: '/core/user/info', token: first })).body.code).toBe(401);
    expect((await s.call({ method: 'POST', url: '/core/user/isLogin', token: first })).body.data).toEqual({ isLogin: false });
    expect((await s.call({ method: 'GET', url: '/core/user/info', token: second })).body.data.mobile).toBe(mobile);
  });

  it('publishes the OpenAPI document with every route and the token scheme', async () => {
    const r = await s.app.inject({ method: 'GET', url: '/core/openapi.json' });
    const doc = r.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ['/core/user/register', '/core/user/login/mobile', '/core/user/logout', '/core/user/info', '/core/sms/send', '/core/project']) {
      expect(doc.paths).toHaveProperty([p]);
    }
    expect(doc.components.securitySchemes.token).toEqual({ type: 'apiKey', in: 'header', name: 'x-annot-token' });
    expect(doc.paths['/core/user/info'].get.security).toEqual([{ token: [] }]);
  });
});
