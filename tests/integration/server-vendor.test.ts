import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';

/** The current team's vendors: list, engage (both sides consenting), rename, disengage. */
describe.each(DB_KINDS)('vendors on %s', (kind) => {
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
  const list = (payload: object = {}, token = w.users.owner.token) => s.call({ method: 'POST', url: '/core/vendor/list', payload, token });
  const listed = async (payload: object = {}) => (await list(payload)).body.data;
  const del = (url: string, token = w.users.owner.token) => s.call({ method: 'DELETE', url: `/core/vendor${url}`, token });
  /** Makes a user a member of a team straight in the database. */
  const join = (teamId: number, userId: number, role: string) =>
    s.app.ctx.db.insertInto('team_members').values({ team_id: teamId, user_id: userId, role, joined_at: s.app.ctx.now() }).execute();
  const vendorRows = async () => (await s.app.ctx.db.selectFrom('vendors').select('id').where('team_id', '=', w.teamA).execute()).length;

  it('lists the current team\'s vendors with their size and shared projects, filtered by name', async () => {
    await fresh();
    const all = await listed();
    expect(all).toEqual({
      list: [{
        vendorId: w.vendorId, vendorTeamId: w.vendorTeam, vendorTeamName: expect.stringContaining('Vendor V'), name: 'Vendor V', remark: '',
        memberCount: 2, projectCount: 1, createdAt: expect.any(Number),
      }],
      total: 1, page: 1, pageSize: 20,
    });
    expect((await listed({ name: 'VENDOR v' })).total).toBe(1);
    expect((await listed({ name: 'nobody' })).total).toBe(0);
    expect((await listed({ name: '%' })).total).toBe(0);
    expect((await listed({ page: 2, pageSize: 1 })).list).toEqual([]);

    const byTeam = await s.call({ method: 'GET', url: `/core/team/${w.teamA}/vendor`, query: { name: 'vendor' }, token: w.users.admin.token });
    expect(byTeam.body.data).toEqual(all);
    // A vendor team sees its own (empty) vendor list, never the engaging team's.
    expect((await list({}, w.users.vendorManager.token)).body.data.total).toBe(0);
  });

  it('keeps team A\'s vendors out of reach of team B', async () => {
    await fresh();
    const other = w.users.ownerB.token;
    const read = await s.call({ method: 'GET', url: `/core/team/${w.teamA}/vendor`, token: other });
    expect([read.status, read.body.msg]).toEqual([404, 'error.team.notFound']);
    const rename = await s.call({ method: 'PUT', url: `/core/vendor/${w.vendorId}`, payload: { name: 'Mine now' }, token: other });
    expect([rename.status, rename.body.msg]).toEqual([404, 'error.vendor.notFound']);
    expect((await del(`/${w.vendorId}`, other)).body.msg).toBe('error.vendor.notFound');
    expect((await del(`?ids=${w.vendorId}`, other)).status).toBe(404);
    expect((await del(`/v2?vendorTeamIds=${w.vendorTeam}`, other)).status).toBe(404);
    expect((await listed()).list[0].name).toBe('Vendor V');
    expect(await vendorRows()).toBe(1);
  });

  it('renames a vendor and sets its remark, refusing blank or long names', async () => {
    await fresh();
    const put = (payload: object) => s.call({ method: 'PUT', url: `/core/vendor/${w.vendorId}`, payload, token: w.users.admin.token });
    const r = await put({ name: '  Labelling Co  ', remark: 'night shift' });
    expect(r.body.data).toMatchObject({ vendorId: w.vendorId, name: 'Labelling Co', remark: 'night shift', vendorTeamName: expect.stringContaining('Vendor V') });
    expect((await put({ remark: '' })).body.data).toMatchObject({ name: 'Labelling Co', remark: '' });
    for (const payload of [{ name: '' }, { name: '   ' }, { name: 'x'.repeat(65) }, { remark: 'x'.repeat(513) }, { vendorTeamId: 1 }]) {
      const bad = await put(payload);
      expect([bad.status, bad.body.msg]).toEqual([400, 'error.validation']);
    }
    expect((await s.call({ method: 'PUT', url: '/core/vendor/abc', payload: {}, token: w.users.admin.token })).status).toBe(400);
    expect((await listed()).list[0].name).toBe('Labelling Co');
  });

  it('disengages a vendor: its sharing and its users\' project memberships go with it', async () => {
    await fresh();
    const { db, repos } = s.app.ctx;
    expect(await repos.access.projectAccess(w.projectP, w.users.vendorAnnotator.id)).toBeDefined();
    expect((await del(`/${w.vendorId}`)).body).toEqual({ code: 200, msg: 'ok', data: null });
    expect((await listed()).total).toBe(0);
    expect(await repos.access.projectAccess(w.projectP, w.users.vendorAnnotator.id)).toBeUndefined();
    expect(await repos.access.projectAccess(w.projectP, w.users.vendorManager.id)).toBeUndefined();
    const members = await db.selectFrom('project_members').select('user_id').where('project_id', '=', w.projectP).execute();
    expect(members.map((m) => m.user_id).sort()).toEqual([w.users.projectManager.id, w.users.reviewer.id, w.users.annotator.id].sort());
    expect((await del(`/${w.vendorId}`)).status).toBe(404);
  });

  it('keeps a project membership its user still holds another way', async () => {
    await fresh();
    // The vendor annotator is also a member of team A: disengaging V must not cut them out of P.
    await join(w.teamA, w.users.vendorAnnotator.id, 'annotator');
    expect((await del(`/v2?vendorTeamIds=${w.vendorTeam}`)).body.code).toBe(200);
    expect(await s.app.ctx.repos.access.projectAccess(w.projectP, w.users.vendorAnnotator.id)).toMatchObject({ role: 'annotator' });
  });

  it('disengages several vendors all or none, by id or by team id', async () => {
    await fresh();
    const now = s.app.ctx.now();
    const second = (await s.app.ctx.db.insertInto('vendors').values({ team_id: w.teamA, vendor_team_id: w.teamB, name: 'B', created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    const unknown = await del(`?ids=${w.vendorId}&ids=${second}&ids=999999`);
    expect([unknown.status, unknown.body.msg, unknown.body.data]).toEqual([404, 'error.vendor.notFound', { ids: [999999] }]);
    expect(await vendorRows()).toBe(2);
    for (const url of ['', '?ids=abc', '?ids=0', `/v2?ids=${second}`, '/v2']) expect((await del(url)).status).toBe(400);
    expect((await del(`?ids=${second}`)).body.code).toBe(200);
    expect((await listed()).list.map((v: { vendorTeamId: number }) => v.vendorTeamId)).toEqual([w.vendorTeam]);
    expect((await del(`/v2?vendorTeamIds=${w.vendorTeam}&vendorTeamIds=${w.vendorTeam}`)).body.code).toBe(200);
    expect(await vendorRows()).toBe(0);
  });

  it('engages directly only a team the caller also runs', async () => {
    await fresh();
    const post = (payload: object, token = w.users.owner.token) => s.call({ method: 'POST', url: '/core/vendor', payload, token });
    const notMember = await post({ vendorTeamId: w.teamB });
    expect([notMember.status, notMember.body.msg]).toEqual([404, 'error.vendor.teamNotFound']);
    expect((await post({ vendorTeamId: 2147483647 })).body.msg).toBe('error.vendor.teamNotFound');
    await join(w.teamB, w.users.owner.id, 'manager');
    const notAdmin = await post({ vendorTeamId: w.teamB });
    expect([notAdmin.status, notAdmin.body.msg]).toEqual([403, 'error.vendor.notVendorAdmin']);
    expect((await post({ vendorTeamId: w.teamA })).body.msg).toBe('error.vendor.ownTeam');
    expect((await post({ vendorTeamId: w.vendorTeam }, w.users.admin.token)).body.msg).toBe('error.vendor.teamNotFound');
    expect(await vendorRows()).toBe(1);

    await s.app.ctx.db.updateTable('team_members').set({ role: 'admin' }).where('team_id', '=', w.teamB).where('user_id', '=', w.users.owner.id).execute();
    const made = await post({ vendorTeamId: w.teamB, remark: 'sister team' });
    expect(made.body.data).toMatchObject({ vendorTeamId: w.teamB, name: expect.stringContaining('Team B'), remark: 'sister team', memberCount: 2, projectCount: 0 });
    const twice = await post({ vendorTeamId: w.teamB, name: 'Again' });
    expect([twice.status, twice.body.msg]).toEqual([409, 'error.vendor.alreadyEngaged']);
    expect((await listed()).total).toBe(2);
    for (const payload of [{}, { vendorTeamId: 0 }, { vendorTeamId: w.teamB, name: ' ' }, { vendorTeamId: w.teamB, extra: 1 }]) {
      expect((await post(payload)).status).toBe(400);
    }
  });

  it('lets only owners and admins manage vendors', async () => {
    await fresh();
    for (const role of ['manager', 'reviewer', 'annotator'] as const) {
      const r = await list({}, w.users[role].token);
      expect([r.status, r.body.msg]).toEqual([403, 'error.forbidden']);
    }
    expect((await list({}, w.users.outsider.token)).body.msg).toBe('error.team.noCurrentTeam');
    expect((await list({ pageSize: 501 })).status).toBe(400);
    expect((await list({ name: 'x'.repeat(65) })).status).toBe(400);
    expect((await list({ other: 1 })).status).toBe(400);
  });
});
