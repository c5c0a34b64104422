import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World, type WorldUser } from '../support/world';

/** A project's config object, instruction and reject reasons. */
describe.each(DB_KINDS)('project settings on %s', (kind) => {
  let s: TestServer;
  let w: World;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (u: WorldUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    s.call({ method, url: `/core/project/${w.projectP}${url}`, token: u.token, ...(payload !== undefined ? { payload: payload as object } : {}) });

  it('stores the config object as given and answers it on the next GET', async () => {
    w = await buildWorld(s.app.ctx);
    expect((await call(w.users.annotator, 'GET', '/config')).body.data).toEqual({});
    const config = { frameRate: 10, labels: ['car', '行人'], nested: { on: true, none: null } };
    const put = await call(w.users.projectManager, 'PUT', '/config', config);
    expect(put.body.data).toEqual(config);
    expect((await call(w.users.vendorAnnotator, 'GET', '/config')).body.data).toEqual(config);
    // PUT replaces: keys left out are gone.
    await call(w.users.owner, 'PUT', '/config', { only: 1 });
    expect((await call(w.users.owner, 'GET', '/config')).body.data).toEqual({ only: 1 });
  });

  it('rejects a config that is not an object (400) or over 64 KB (400 project.configTooLarge)', async () => {
    w = await buildWorld(s.app.ctx);
    for (const json of ['[1,2]', '"text"', '42', 'null']) {
      const r = await s.call({ method: 'PUT', url: `/core/project/${w.projectP}/config`, token: w.users.owner.token, headers: { 'content-type': 'application/json' }, payload: json });
      expect({ json, status: r.status, msg: r.body.msg }).toEqual({ json, status: 400, msg: 'error.validation' });
    }
    const proto = await s.call({ method: 'PUT', url: `/core/project/${w.projectP}/config`, token: w.users.owner.token, headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"x":1}}' });
    expect(proto.status).toBe(400);
    // 30,000 Chinese characters are 90,000 bytes: too large although under 64 K characters.
    const big = await call(w.users.owner, 'PUT', '/config', { text: '标'.repeat(30_000) });
    expect({ status: big.status, msg: big.body.msg }).toEqual({ status: 400, msg: 'error.project.configTooLarge' });
    const fits = await call(w.users.owner, 'PUT', '/config', { text: 'a'.repeat(60_000) });
    expect(fits.body.code).toBe(200);
    expect((await call(w.users.owner, 'GET', '/config')).body.data.text).toHaveLength(60_000);
  });

  it('sets the instruction by POST or PUT, stored as given, and GET /project shows it', async () => {
    w = await buildWorld(s.app.ctx);
    const html = '<h1>标注说明</h1><p>Box every <b>car</b>.</p><script>alert(1)</script>';
    const post = await call(w.users.owner, 'POST', '/instruction', { instruction: html });
    expect(post.body.data).toMatchObject({ projectId: w.projectP, instruction: html });
    expect((await call(w.users.annotator, 'GET', '')).body.data.instruction).toBe(html);
    await call(w.users.manager, 'PUT', '/instruction', { instruction: '' });
    expect((await call(w.users.annotator, 'GET', '')).body.data.instruction).toBe('');
    const long = await call(w.users.owner, 'PUT', '/instruction', { instruction: 'x'.repeat(100_001) });
    expect(long.body.msg).toBe('error.validation');
    expect((await call(w.users.owner, 'PUT', '/instruction', { text: 'x' })).body.msg).toBe('error.validation');
    expect((await call(w.users.owner, 'PUT', '/instruction', { instruction: 'x'.repeat(100_000) })).body.code).toBe(200);
  });

  it('adds, lists and deletes reject reasons; duplicates are 409', async () => {
    w = await buildWorld(s.app.ctx);
    const first = await call(w.users.projectManager, 'POST', '/rejectReason/add', { reason: '  Blurry  ' });
    expect(first.body.data).toMatchObject({ reason: 'Blurry', id: expect.any(Number) });
    await call(w.users.owner, 'POST', '/rejectReason/add', { reason: '框不准' });
    const dup = await call(w.users.owner, 'POST', '/rejectReason/add', { reason: 'Blurry' });
    expect({ status: dup.status, msg: dup.body.msg }).toEqual({ status: 409, msg: 'error.project.rejectReasonTaken' });
    const list = await call(w.users.vendorAnnotator, 'GET', '/user/rejectReason/list');
    expect(list.body.data.map((r: { reason: string }) => r.reason)).toEqual(['Blurry', '框不准']);
    expect((await call(w.users.owner, 'DELETE', `/user/rejectReason/del/${first.body.data.id}`)).body.code).toBe(200);
    expect((await call(w.users.owner, 'GET', '/user/rejectReason/list')).body.data.map((r: { reason: string }) => r.reason)).toEqual(['框不准']);
    const again = await call(w.users.owner, 'DELETE', `/user/rejectReason/del/${first.body.data.id}`);
    expect({ status: again.status, msg: again.body.msg }).toEqual({ status: 404, msg: 'error.project.rejectReasonNotFound' });
    for (const payload of [{ reason: '' }, { reason: '   ' }, { reason: 'r'.repeat(257) }, {}]) {
      expect((await call(w.users.owner, 'POST', '/rejectReason/add', payload)).body.msg).toBe('error.validation');
    }
  });

  it('does not delete another project\'s reject reason through this project (404)', async () => {
    w = await buildWorld(s.app.ctx);
    const other = await s.call({ method: 'POST', url: '/core/project', token: w.users.owner.token, payload: { projectName: 'Other', type: 'image' } });
    const otherId = other.body.data.projectId as number;
    const reason = await s.call({ method: 'POST', url: `/core/project/${otherId}/rejectReason/add`, token: w.users.owner.token, payload: { reason: 'Dark' } });
    const viaP = await call(w.users.owner, 'DELETE', `/user/rejectReason/del/${reason.body.data.id}`);
    expect({ status: viaP.status, msg: viaP.body.msg }).toEqual({ status: 404, msg: 'error.project.rejectReasonNotFound' });
    const stillThere = await s.call({ method: 'GET', url: `/core/project/${otherId}/user/rejectReason/list`, token: w.users.owner.token });
    expect(stillThere.body.data.map((r: { reason: string }) => r.reason)).toEqual(['Dark']);
    // The same reason text is fine in another project.
    expect((await call(w.users.owner, 'POST', '/rejectReason/add', { reason: 'Dark' })).body.code).toBe(200);
  });

  it('stops at 200 reject reasons per project (409)', async () => {
    w = await buildWorld(s.app.ctx);
    const now = s.app.ctx.now();
    await s.app.ctx.db
      .insertInto('reject_reasons')
      .values(Array.from({ length: 200 }, (_, i) => ({ project_id: w.projectP, reason: `Reason ${i}`, created_by: w.users.owner.id, created_at: now })))
      .execute();
    const over = await call(w.users.owner, 'POST', '/rejectReason/add', { reason: 'One more' });
    expect({ status: over.status, msg: over.body.msg }).toEqual({ status: 409, msg: 'error.project.rejectReasonLimit' });
    expect((await call(w.users.owner, 'GET', '/user/rejectReason/list')).body.data).toHaveLength(200);
  });

  it('moves the project\'s updatedAt with every change to its settings', async () => {
    w = await buildWorld(s.app.ctx);
    const updatedAt = async () => (await call(w.users.owner, 'GET', '')).body.data.updatedAt as number;
    let last = await updatedAt();
    for (const [method, url, payload] of [
      ['PUT', '/config', { a: 1 }], ['POST', '/instruction', { instruction: 'x' }], ['POST', '/rejectReason/add', { reason: 'r' }],
      ['POST', '/member', { members: [{ userId: w.users.admin.id, role: 'reviewer' }] }],
    ] as const) {
      s.advance(1000);
      expect((await call(w.users.owner, method, url, payload)).body.code).toBe(200);
      const now = await updatedAt();
      expect({ url, later: now > last }).toEqual({ url, later: true });
      last = now;
    }
  });
});
