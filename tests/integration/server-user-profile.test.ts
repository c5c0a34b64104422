import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';
import { userSamples } from '../support/routeSamples/user';
import { maskMobile } from '../../src-shared/model/mobile';

/** The smallest PNG there is: one transparent pixel. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

describe.each(DB_KINDS)('members, account check, profile and password on %s', (kind) => {
  let s: TestServer;
  let w: World;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  const login = (mobile: string, password: string) => s.call({ method: 'POST', url: '/core/user/login/mobile', payload: { mobile, password } });

  describe('GET /user', () => {
    it('lists the current team\'s members, paged, with role, join time and groups', async () => {
      w = await buildWorld(s.app.ctx);
      const { id: groupId } = await s.app.ctx.db
        .insertInto('team_groups')
        .values({ team_id: w.teamA, name: 'Night shift', created_at: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await s.app.ctx.db.insertInto('group_members').values({ group_id: groupId, user_id: w.users.reviewer.id }).execute();

      const all = await s.call({ method: 'GET', url: '/core/user', token: w.users.annotator.token });
      expect(all.body.code).toBe(200);
      expect(all.body.data).toMatchObject({ total: 6, page: 1, pageSize: 20 });
      const reviewer = all.body.data.list.find((m: { userId: number }) => m.userId === w.users.reviewer.id);
      // An annotator sees other members' numbers masked (security-contacts.test.ts has the whole rule).
      expect(reviewer).toMatchObject({ name: 'Reviewer A', mobile: maskMobile(w.users.reviewer.mobile), avatar: null, role: 'reviewer', groups: [{ groupId, name: 'Night shift' }] });
      expect(typeof reviewer.joinedAt).toBe('number');
      expect(all.body.data.list.map((m: { userId: number }) => m.userId)).not.toContain(w.users.vendorManager.id);

      const page2 = await s.call({ method: 'GET', url: '/core/user?page=2&pageSize=4', token: w.users.owner.token });
      expect(page2.body.data.list).toHaveLength(2);
      expect(page2.body.data.total).toBe(6);
      const ids = [...all.body.data.list.slice(4).map((m: { userId: number }) => m.userId)];
      expect(page2.body.data.list.map((m: { userId: number }) => m.userId)).toEqual(ids);
    });

    it('answers every team A role with its team (the access rule\'s sample) and each team only its own members', async () => {
      w = await buildWorld(s.app.ctx);
      for (const role of ['owner', 'admin', 'manager', 'reviewer', 'annotator', 'projectManager'] as const) {
        const req = await userSamples.samples.members!(w, s.app.ctx, role);
        const r = await s.call({ ...req, token: w.users[role].token });
        expect(r.body.code).toBe(200);
      }
      const b = await s.call({ method: 'GET', url: '/core/user', token: w.users.ownerB.token });
      expect(b.body.data.list.map((m: { userId: number }) => m.userId)).toEqual([w.users.ownerB.id]);
    });

    it('asks a user without a current team to choose one, and refuses bad paging', async () => {
      w = await buildWorld(s.app.ctx);
      const none = await s.call({ method: 'GET', url: '/core/user', token: w.users.outsider.token });
      expect(none.body).toMatchObject({ code: 409, msg: 'error.team.noCurrentTeam' });
      for (const q of ['page=0', 'pageSize=501', 'page=x', 'extra=1']) {
        const r = await s.call({ method: 'GET', url: `/core/user?${q}`, token: w.users.owner.token });
        expect(r.status).toBe(400);
        expect(r.body.msg).toBe('error.validation');
      }
    });
  });

  describe('GET /user/check', () => {
    it('tells whether a number is registered, without a session', async () => {
      w = await buildWorld(s.app.ctx);
      const yes = await s.call({ method: 'GET', url: '/core/user/check', query: { mobile: w.users.outsider.mobile } });
      expect(yes.body).toEqual({ code: 200, msg: 'ok', data: { registered: true } });
      const no = await s.call({ method: 'GET', url: '/core/user/check', query: { mobile: '+19990001234' } });
      expect(no.body.data).toEqual({ registered: false });
      const bad = await s.call({ method: 'GET', url: '/core/user/check', query: { mobile: 'not a number' } });
      expect(bad.body).toMatchObject({ code: 400, msg: 'error.validation' });
    });

    it('answers 429 after 30 calls a minute from one address, and again after the minute', async () => {
      s.advance(61_000);
      for (let i = 0; i < 30; i++) {
        const r = await s.call({ method: 'GET', url: '/core/user/check', query: { mobile: `+1888000${String(i).padStart(4, '0')}` } });
        expect(r.body.code).toBe(200);
      }
      const over = await s.call({ method: 'GET', url: '/core/user/check', query: { mobile: '+18880009999' } });
      expect(over.status).toBe(429);
      expect(over.body.msg).toBe('error.tooManyRequests');
      expect(over.body.data.retryAfterSeconds).toBeGreaterThan(0);
      const other = await s.call({ method: 'GET', url: '/core/user/check', query: { mobile: '+18880009999' }, remoteAddress: '10.0.0.7' });
      expect(other.body.code).toBe(200);
      s.advance(61_000);
      expect((await s.call({ method: 'GET', url: '/core/user/check', query: { mobile: '+18880009999' } })).body.code).toBe(200);
    });
  });

  describe('PUT /user/info', () => {
    it('changes the own name and avatar (a picture in the own avatar folder), and clears the avatar with null', async () => {
      w = await buildWorld(s.app.ctx);
      const token = w.users.annotator.token;
      const key = `user/${w.users.annotator.id}/avatar/me.png`;
      await s.app.ctx.storage.put(key, PNG_1X1, 'image/png');
      const r = await s.call({ method: 'PUT', url: '/core/user/info', token, payload: { name: '  Ann  ', avatar: key } });
      expect(r.body.data).toMatchObject({ id: w.users.annotator.id, name: 'Ann', avatar: key });
      expect((await s.call({ method: 'GET', url: '/core/user/info', token })).body.data).toMatchObject({ name: 'Ann', avatar: key });
      // An empty string clears it too (the validator reads '' as null for this field).
      expect((await s.call({ method: 'PUT', url: '/core/user/info', token, payload: { avatar: '' } })).body.data.avatar).toBeNull();
      await s.call({ method: 'PUT', url: '/core/user/info', token, payload: { avatar: key } });
      await s.call({ method: 'PUT', url: '/core/user/info', token, payload: { avatar: null } });
      const members = await s.call({ method: 'GET', url: '/core/user', token });
      expect(members.body.data.list.find((m: { userId: number }) => m.userId === w.users.annotator.id)).toMatchObject({ name: 'Ann', avatar: null });
    });

    it('refuses blank names, unsafe or oversized avatars and empty or unknown fields with 400', async () => {
      w = await buildWorld(s.app.ctx);
      const token = w.users.annotator.token;
      const payloads = [{}, { name: '   ' }, { name: '' }, { name: 'x'.repeat(65) }, { avatar: 'javascript:alert(1)' }, { avatar: 'https://cdn.example.com/a.png' }, { avatar: 'x'.repeat(513) }, { mobile: '+12345678' }];
      for (const payload of payloads) {
        const r = await s.call({ method: 'PUT', url: '/core/user/info', token, payload });
        expect(r.status, JSON.stringify(payload)).toBe(400);
        expect(r.body.msg).toBe('error.validation');
      }
      expect((await s.call({ method: 'GET', url: '/core/user/info', token })).body.data.name).toBe('Annotator A');
      expect((await s.call({ method: 'PUT', url: '/core/user/info', payload: { name: 'Anon' } })).status).toBe(401);
    });
  });

  describe('PUT /user/password', () => {
    it('needs the old password, then ends the other sessions and keeps this one', async () => {
      w = await buildWorld(s.app.ctx);
      const { mobile, token } = w.users.reviewer;
      const other = (await login(mobile, w.password)).body.data.tokenValue as string;

      const wrong = await s.call({ method: 'PUT', url: '/core/user/password', token, payload: { oldPassword: 'not my password', newPassword: 'brand new pw 1' } });
      expect(wrong.body).toEqual({ code: 400, msg: 'error.user.wrongPassword', data: null });
      expect((await s.call({ method: 'GET', url: '/core/user/info', token: other })).body.code).toBe(200);

      const ok = await s.call({ method: 'PUT', url: '/core/user/password', token, payload: { oldPassword: w.password, newPassword: 'brand new pw 1' } });
      expect(ok.body).toEqual({ code: 200, msg: 'ok', data: null });
      expect((await s.call({ method: 'GET', url: '/core/user/info', token })).body.code).toBe(200);
      expect((await s.call({ method: 'GET', url: '/core/user/info', token: other })).body.code).toBe(401);
      expect((await login(mobile, w.password)).body.msg).toBe('error.user.invalidCredentials');
      expect((await login(mobile, 'brand new pw 1')).body.code).toBe(200);
    });

    it('refuses short passwords and stops guessing the old password after 10 wrong tries', async () => {
      w = await buildWorld(s.app.ctx);
      const { token } = w.users.manager;
      const short = await s.call({ method: 'PUT', url: '/core/user/password', token, payload: { oldPassword: w.password, newPassword: 'short' } });
      expect(short.body.msg).toBe('error.validation');
      for (let i = 0; i < 10; i++) {
        const r = await s.call({ method: 'PUT', url: '/core/user/password', token, payload: { oldPassword: `guess number ${i}`, newPassword: 'brand new pw 2' } });
        expect(r.body.msg).toBe('error.user.wrongPassword');
      }
      const blocked = await s.call({ method: 'PUT', url: '/core/user/password', token, payload: { oldPassword: w.password, newPassword: 'brand new pw 2' } });
      expect(blocked.body).toMatchObject({ code: 429, msg: 'error.tooManyRequests' });
      s.advance(15 * 60_000);
      const later = await s.call({ method: 'PUT', url: '/core/user/password', token, payload: { oldPassword: w.password, newPassword: 'brand new pw 2' } });
      expect(later.body.code).toBe(200);
    });
  });

  describe('PUT /user/password/forget', () => {
    const sendForget = async (mobile: string) => {
      s.advance(61_000);
      expect((await s.call({ method: 'POST', url: '/core/sms/send', payload: { mobile, codeType: 'forget' } })).body.code).toBe(200);
      return s.lastSmsCode(mobile);
    };

    it('sets a new password with a forget code and ends every session', async () => {
      w = await buildWorld(s.app.ctx);
      const { mobile, token } = w.users.admin;
      const code = await sendForget(mobile);
      const wrongCode = code === '000000' ? '111111' : '000000';
      const wrong = await s.call({ method: 'PUT', url: '/core/user/password/forget', payload: { mobile, code: wrongCode, newPassword: 'recovered pw 1' } });
      expect(wrong.body).toMatchObject({ code: 400, msg: 'error.sms.codeInvalid' });

      const ok = await s.call({ method: 'PUT', url: '/core/user/password/forget', payload: { mobile, code, newPassword: 'recovered pw 1' } });
      expect(ok.body).toEqual({ code: 200, msg: 'ok', data: null });
      expect((await s.call({ method: 'GET', url: '/core/user/info', token })).body.code).toBe(401);
      expect((await login(mobile, w.password)).body.code).toBe(401);
      expect((await login(mobile, 'recovered pw 1')).body.code).toBe(200);

      const reused = await s.call({ method: 'PUT', url: '/core/user/password/forget', payload: { mobile, code, newPassword: 'recovered pw 2' } });
      expect(reused.body.msg).toBe('error.sms.codeInvalid');
    });

    it('answers an unknown number and a code of another type exactly like a wrong code', async () => {
      w = await buildWorld(s.app.ctx);
      const unknown = '+19990007777';
      const code = await sendForget(unknown);
      const r = await s.call({ method: 'PUT', url: '/core/user/password/forget', payload: { mobile: unknown, code, newPassword: 'whatever pw 1' } });
      expect(r.body).toEqual({ code: 400, msg: 'error.sms.codeInvalid', data: null });

      const { mobile } = w.users.annotator;
      s.advance(61_000);
      await s.call({ method: 'POST', url: '/core/sms/send', payload: { mobile, codeType: 'login' } });
      const loginCode = s.lastSmsCode(mobile);
      const other = await s.call({ method: 'PUT', url: '/core/user/password/forget', payload: { mobile, code: loginCode, newPassword: 'whatever pw 1' } });
      expect(other.body).toEqual(r.body);
      expect((await login(mobile, w.password)).body.code).toBe(200);

      const bad = await s.call({ method: 'PUT', url: '/core/user/password/forget', payload: { mobile, code: '12ab56', newPassword: 'whatever pw 1' } });
      expect(bad.body.msg).toBe('error.validation');
    });
  });
});
