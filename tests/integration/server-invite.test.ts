import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';

/** Team invitation codes: reading, opening, closing, resetting, previewing and joining by them. */
describe.each(DB_KINDS)('invitation codes on %s', (kind) => {
  let s: TestServer;
  let w: World;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });
  const fresh = async () => {
    w = await buildWorld(s.app.ctx);
  };
  const codesOf = async (token: string) => (await s.call({ method: 'GET', url: '/core/invite', token })).body.data;
  const preview = (code: string, token = w.users.outsider.token) => s.call({ method: 'GET', url: `/core/invite/code/${code}`, token });
  const accept = (code: string, token: string) => s.call({ method: 'POST', url: '/core/invite/accept/code', payload: { code }, token });
  const put = (url: string, token: string, payload?: object) => s.call({ method: 'PUT', url: `/core/invite${url}`, token, ...(payload ? { payload } : {}) });
  const currentTeamOf = async (token: string) => (await s.call({ method: 'GET', url: '/core/user/info', token })).body.data.currentTeamId;
  const roleIn = async (teamId: number, userId: number) =>
    (await s.app.ctx.db.selectFrom('team_members').select('role').where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst())?.role;

  it('makes two unguessable codes on first read, open, granting annotator, and keeps them', async () => {
    await fresh();
    const first = await codesOf(w.users.owner.token);
    expect(first.member).toEqual({ code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{10}$/), open: true, role: 'annotator' });
    expect(first.vendor).toEqual({ code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{10}$/), open: true });
    expect(first.member.code).not.toBe(first.vendor.code);
    expect(await codesOf(w.users.admin.token)).toEqual(first);
    // Another team has codes of its own, and learns nothing of team A's.
    const b = await codesOf(w.users.ownerB.token);
    expect([b.member.code, b.vendor.code]).not.toContain(first.member.code);
  });

  it('previews a code for any logged-in user, whatever its case, and 404s unknown codes', async () => {
    await fresh();
    const { member, vendor } = await codesOf(w.users.owner.token);
    const m = await preview(member.code.toLowerCase());
    expect(m.body.data).toEqual({ teamId: w.teamA, teamName: expect.stringContaining('Team A'), kind: 'member', open: true, role: 'annotator' });
    expect((await preview(vendor.code, w.users.ownerB.token)).body.data).toMatchObject({ teamId: w.teamA, kind: 'vendor', open: true, role: null });
    const unknown = await preview('NOSUCHCODE');
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('error.invite.codeNotFound');
    expect((await preview('bad-code!')).body.msg).toBe('error.validation');
    expect((await s.call({ method: 'GET', url: `/core/invite/code/${member.code}` })).status).toBe(401);
  });

  it('joins by the member code with its role, making the team current; twice is 409', async () => {
    await fresh();
    const opened = await put('/open', w.users.admin.token, { role: 'reviewer' });
    expect(opened.body.data).toMatchObject({ open: true, role: 'reviewer' });
    const joined = await accept(opened.body.data.code, w.users.outsider.token);
    expect(joined.body).toEqual({ code: 200, msg: 'ok', data: { kind: 'member', teamId: w.teamA, teamName: expect.stringContaining('Team A'), role: 'reviewer' } });
    expect(await currentTeamOf(w.users.outsider.token)).toBe(w.teamA);
    expect(await roleIn(w.teamA, w.users.outsider.id)).toBe('reviewer');

    const again = await accept(opened.body.data.code, w.users.outsider.token);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('error.invite.alreadyMember');
    // A member of another team joins too; their role elsewhere is untouched.
    expect((await accept(opened.body.data.code, w.users.ownerB.token)).body.code).toBe(200);
    expect(await roleIn(w.teamB, w.users.ownerB.id)).toBe('owner');
    expect(await currentTeamOf(w.users.ownerB.token)).toBe(w.teamA);
  });

  it('refuses a closed code (still previewed as closed) until it is opened again', async () => {
    await fresh();
    const closed = await put('/close', w.users.owner.token);
    expect(closed.body.data.open).toBe(false);
    expect((await preview(closed.body.data.code)).body.data.open).toBe(false);
    const refused = await accept(closed.body.data.code, w.users.outsider.token);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('error.invite.codeClosed');
    expect(await roleIn(w.teamA, w.users.outsider.id)).toBeUndefined();

    // open takes a JSON body, `{}` when the role stays; none at all is a 400, not a 500.
    expect((await put('/open', w.users.owner.token)).body.msg).toBe('error.validation');
    const reopened = await put('/open', w.users.owner.token, {});
    expect(reopened.body.data).toEqual({ code: closed.body.data.code, open: true, role: 'annotator' });
    expect((await accept(closed.body.data.code, w.users.outsider.token)).body.code).toBe(200);
    expect(await roleIn(w.teamA, w.users.outsider.id)).toBe('annotator');
  });

  it('reset makes the old code useless at once and keeps the open state', async () => {
    await fresh();
    const before = await codesOf(w.users.owner.token);
    await put('/close', w.users.owner.token);
    const reset = await put('/reset', w.users.owner.token, { role: 'manager' });
    expect(reset.body.data).toEqual({ code: expect.any(String), open: false, role: 'manager' });
    expect(reset.body.data.code).not.toBe(before.member.code);
    expect((await preview(before.member.code)).body.msg).toBe('error.invite.codeNotFound');
    expect((await accept(before.member.code, w.users.outsider.token)).body.msg).toBe('error.invite.codeNotFound');
    expect((await codesOf(w.users.owner.token)).member.code).toBe(reset.body.data.code);

    const vendorReset = await put('/vendor/reset', w.users.owner.token);
    expect(vendorReset.body.data.code).not.toBe(before.vendor.code);
    expect((await preview(before.vendor.code)).status).toBe(404);
    // Resetting the vendor code leaves the member code alone.
    expect((await codesOf(w.users.owner.token)).member.code).toBe(reset.body.data.code);
  });

  it('rejects bad input with 400 and never lets a code grant owner', async () => {
    await fresh();
    for (const payload of [{ role: 'owner' }, { role: 'boss' }, { role: 'admin', extra: 1 }]) {
      for (const url of ['/open', '/reset']) {
        const r = await put(url, w.users.owner.token, payload);
        expect(r.status).toBe(400);
        expect(r.body.msg).toBe('error.validation');
      }
    }
    for (const payload of [{}, { code: '' }, { code: 'x'.repeat(33) }, { code: ['A', 'B'] }, { code: 'ABC', more: true }]) {
      const r = await s.call({ method: 'POST', url: '/core/invite/accept/code', payload, token: w.users.outsider.token });
      expect(r.status).toBe(400);
    }
    expect((await codesOf(w.users.owner.token)).member.role).toBe('annotator');
  });

  it('lets only owners and admins manage codes, and needs a current team', async () => {
    await fresh();
    expect((await s.call({ method: 'GET', url: '/core/invite', token: w.users.manager.token })).body.msg).toBe('error.forbidden');
    expect((await put('/reset', w.users.annotator.token, {})).status).toBe(403);
    const none = await s.call({ method: 'GET', url: '/core/invite', token: w.users.outsider.token });
    expect(none.status).toBe(409);
    expect(none.body.msg).toBe('error.team.noCurrentTeam');
  });

  it('makes the caller\'s current team a vendor by the vendor code, with its admin\'s consent', async () => {
    await fresh();
    const { vendor } = await codesOf(w.users.owner.token);
    const engaged = await accept(vendor.code, w.users.ownerB.token);
    expect(engaged.body.data).toEqual({ kind: 'vendor', teamId: w.teamA, teamName: expect.stringContaining('Team A'), role: null });
    // Team B works for A now, but none of B's members became members of A, nor changed team.
    expect(await roleIn(w.teamA, w.users.ownerB.id)).toBeUndefined();
    expect(await currentTeamOf(w.users.ownerB.token)).toBe(w.teamB);
    const list = await s.call({ method: 'POST', url: '/core/vendor/list', payload: {}, token: w.users.owner.token });
    expect(list.body.data.list.map((v: { vendorTeamId: number }) => v.vendorTeamId)).toEqual([w.teamB, w.vendorTeam]);

    const twice = await accept(vendor.code, w.users.ownerB.token);
    expect([twice.status, twice.body.msg]).toEqual([409, 'error.vendor.alreadyEngaged']);
    const own = await accept(vendor.code, w.users.admin.token);
    expect([own.status, own.body.msg]).toEqual([409, 'error.vendor.ownTeam']);
    const notAdmin = await accept(vendor.code, w.users.vendorAnnotator.token);
    expect([notAdmin.status, notAdmin.body.msg]).toEqual([403, 'error.invite.vendorJoinForbidden']);
    const noTeam = await accept(vendor.code, w.users.outsider.token);
    expect([noTeam.status, noTeam.body.msg]).toEqual([409, 'error.team.noCurrentTeam']);

    await put('/vendor/close', w.users.owner.token);
    await s.app.ctx.db.deleteFrom('vendors').where('vendor_team_id', '=', w.teamB).execute();
    const closed = await accept(vendor.code, w.users.ownerB.token);
    expect([closed.status, closed.body.msg]).toEqual([409, 'error.invite.codeClosed']);
    expect((await put('/vendor/open', w.users.owner.token)).body.data).toEqual({ code: vendor.code, open: true });
    expect((await accept(vendor.code, w.users.ownerB.token)).body.code).toBe(200);
  });
});
