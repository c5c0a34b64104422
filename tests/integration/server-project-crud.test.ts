import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World, type WorldUser } from '../support/world';

/** Creating, reading, changing and deleting projects, and keeping teams apart. */
describe.each(DB_KINDS)('project create, read, update, delete on %s', (kind) => {
  let s: TestServer;
  let w: World;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (u: WorldUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    s.call({ method, url: `/core${url}`, token: u.token, ...(payload ? { payload } : {}) });
  const create = (u: WorldUser, payload: object) => call(u, 'POST', '/project', payload);

  it('creates a project with members and vendors, and GET shows it as it was made', async () => {
    w = await buildWorld(s.app.ctx);
    const made = await create(w.users.owner, {
      projectName: '  Street signs  ', type: 'frame', description: 'All signs', vendorIds: [w.vendorId],
      memberIds: [{ userId: w.users.annotator.id, role: 'annotator' }, { userId: w.users.vendorAnnotator.id, role: 'reviewer' }, { userId: w.users.annotator.id, role: 'reviewer' }],
    });
    expect(made.body.code).toBe(200);
    expect(made.body.data).toMatchObject({
      projectName: 'Street signs', type: 'frame', description: 'All signs', teamId: w.teamA, isVendor: false, myRole: 'teamAdmin',
      memberCount: 2, instruction: '', vendors: [{ vendorId: w.vendorId, name: 'Vendor V' }], createdBy: w.users.owner.id,
    });
    const got = await call(w.users.owner, 'GET', `/project/${made.body.data.projectId}`);
    expect(got.body.data).toEqual(made.body.data);
    // The same user twice: the last role wins.
    const members = await call(w.users.owner, 'GET', `/project/${made.body.data.projectId}/member/list?role=reviewer`);
    expect(members.body.data.list.map((m: { userId: number }) => m.userId).sort()).toEqual([w.users.annotator.id, w.users.vendorAnnotator.id].sort());
    // A vendor member sees the project, but not which vendors it is shared with.
    const asVendor = await call(w.users.vendorAnnotator, 'GET', `/project/${made.body.data.projectId}`);
    expect(asVendor.body.data).toMatchObject({ isVendor: true, myRole: 'reviewer', vendors: [] });
  });

  it('keeps names unique per team (409) but lets another team reuse one', async () => {
    w = await buildWorld(s.app.ctx);
    expect((await create(w.users.owner, { projectName: 'Harbor', type: 'image' })).body.code).toBe(200);
    const dup = await create(w.users.manager, { projectName: ' Harbor ', type: 'frame' });
    expect({ status: dup.status, msg: dup.body.msg }).toEqual({ status: 409, msg: 'error.project.nameTaken' });
    expect((await create(w.users.ownerB, { projectName: 'Harbor', type: 'image' })).body.code).toBe(200);
    const other = await create(w.users.owner, { projectName: 'Dock', type: 'image' });
    const rename = await call(w.users.owner, 'PUT', `/project/${other.body.data.projectId}`, { projectName: 'Harbor' });
    expect(rename.body.msg).toBe('error.project.nameTaken');
    // Renaming to its own name is no conflict.
    expect((await call(w.users.owner, 'PUT', `/project/${other.body.data.projectId}`, { projectName: 'Dock' })).body.code).toBe(200);
  });

  it('refuses members from outside the team, vendors of another team, and sharing by a manager', async () => {
    w = await buildWorld(s.app.ctx);
    const outsider = await create(w.users.owner, { projectName: 'X', type: 'image', memberIds: [{ userId: w.users.outsider.id, role: 'annotator' }] });
    expect({ status: outsider.status, msg: outsider.body.msg, data: outsider.body.data }).toEqual({ status: 404, msg: 'error.project.userNotFound', data: { userIds: [w.users.outsider.id] } });
    // A vendor team's member only joins when the project is shared with that vendor.
    const vendorMember = await create(w.users.owner, { projectName: 'X', type: 'image', memberIds: [{ userId: w.users.vendorAnnotator.id, role: 'annotator' }] });
    expect(vendorMember.body.msg).toBe('error.project.userNotFound');
    const foreignVendor = await create(w.users.owner, { projectName: 'X', type: 'image', vendorIds: [w.vendorId + 100_000] });
    expect({ status: foreignVendor.status, msg: foreignVendor.body.msg }).toEqual({ status: 404, msg: 'error.project.vendorNotFound' });
    const byManager = await create(w.users.manager, { projectName: 'X', type: 'image', vendorIds: [w.vendorId] });
    expect({ status: byManager.status, msg: byManager.body.msg }).toEqual({ status: 403, msg: 'error.project.vendorShareForbidden' });
    const sharedByManager = await call(w.users.manager, 'PUT', `/project/${w.projectP}`, { vendorIds: [] });
    expect(sharedByManager.body.msg).toBe('error.project.vendorShareForbidden');
    // Nothing of the refused attempts was created.
    const list = await call(w.users.owner, 'GET', '/project');
    expect(list.body.data.total).toBe(1);
  });

  it('updates name, description and type, and answers the project as it now is', async () => {
    w = await buildWorld(s.app.ctx);
    s.advance(5000);
    const r = await call(w.users.projectManager, 'PUT', `/project/${w.projectP}`, { projectName: 'Renamed', description: 'New text', type: 'frame' });
    expect(r.body.data).toMatchObject({ projectName: 'Renamed', description: 'New text', type: 'frame', myRole: 'manager' });
    expect(r.body.data.updatedAt).toBeGreaterThan(r.body.data.createdAt);
    const got = await call(w.users.owner, 'GET', `/project/${w.projectP}`);
    expect(got.body.data).toMatchObject({ projectName: 'Renamed', type: 'frame', vendors: [{ vendorId: w.vendorId }] });
    for (const payload of [{}, { projectName: '   ' }, { projectName: 'x'.repeat(65) }, { type: 'video' }, { vendorIds: [0] }, { extra: true }, { description: 'd'.repeat(1025) }]) {
      const bad = await call(w.users.owner, 'PUT', `/project/${w.projectP}`, payload);
      expect({ payload, status: bad.status, msg: bad.body.msg }).toEqual({ payload, status: 400, msg: 'error.validation' });
    }
  });

  it('unsharing a vendor drops that vendor team\'s members, who then lose the project', async () => {
    w = await buildWorld(s.app.ctx);
    const r = await call(w.users.admin, 'PUT', `/project/${w.projectP}`, { vendorIds: [] });
    expect(r.body.data).toMatchObject({ vendors: [], memberCount: 3 });
    const gone = await call(w.users.vendorAnnotator, 'GET', `/project/${w.projectP}`);
    expect(gone.status).toBe(404);
    expect((await call(w.users.vendorManager, 'GET', `/project/${w.projectP}`)).status).toBe(404);
    // Sharing again brings the vendor managers back, but not the dropped member.
    await call(w.users.admin, 'PUT', `/project/${w.projectP}`, { vendorIds: [w.vendorId, w.vendorId] });
    expect((await call(w.users.vendorManager, 'GET', `/project/${w.projectP}`)).body.code).toBe(200);
    expect((await call(w.users.vendorAnnotator, 'GET', `/project/${w.projectP}`)).status).toBe(404);
  });

  it('deletes one project with everything attached to it', async () => {
    w = await buildWorld(s.app.ctx);
    await call(w.users.owner, 'POST', `/project/${w.projectP}/rejectReason/add`, { reason: 'Blurry' });
    await call(w.users.annotator, 'GET', `/project/${w.projectP}`);
    const del = await call(w.users.admin, 'DELETE', `/project/${w.projectP}`);
    expect(del.body).toEqual({ code: 200, msg: 'ok', data: null });
    expect((await call(w.users.owner, 'GET', `/project/${w.projectP}`)).body.msg).toBe('error.project.notFound');
    const db = s.app.ctx.db;
    for (const table of ['project_members', 'project_vendors', 'project_visits', 'reject_reasons'] as const) {
      expect(await db.selectFrom(table).select('project_id').where('project_id', '=', w.projectP).execute()).toEqual([]);
    }
    expect((await call(w.users.annotator, 'GET', '/project/recently')).body.data).toEqual([]);
  });

  it('deletes projects in a batch, all or nothing', async () => {
    w = await buildWorld(s.app.ctx);
    const a = (await create(w.users.owner, { projectName: 'A', type: 'image' })).body.data.projectId;
    const b = (await create(w.users.owner, { projectName: 'B', type: 'image' })).body.data.projectId;
    const mixed = await call(w.users.owner, 'DELETE', `/project?projectIds=${a}&projectIds=${w.projectQ}`);
    expect({ status: mixed.status, msg: mixed.body.msg, data: mixed.body.data }).toEqual({ status: 404, msg: 'error.project.notFound', data: { projectIds: [w.projectQ] } });
    expect((await call(w.users.owner, 'GET', '/project')).body.data.total).toBe(3);
    expect((await call(w.users.ownerB, 'GET', `/project/${w.projectQ}`)).body.code).toBe(200);
    const ok = await call(w.users.admin, 'DELETE', `/project?projectIds=${a}&projectIds=${b}&projectIds=${a}`);
    expect(ok.body.code).toBe(200);
    expect((await call(w.users.owner, 'GET', '/project')).body.data.list.map((p: { projectId: number }) => p.projectId)).toEqual([w.projectP]);
    for (const q of ['', '?projectIds=abc', '?projectIds=0']) expect((await call(w.users.owner, 'DELETE', `/project${q}`)).body.msg).toBe('error.validation');
  });

  it('never lets team B read or change team A\'s project: 404 for every call', async () => {
    w = await buildWorld(s.app.ctx);
    const b = w.users.ownerB;
    const P = w.projectP;
    const attempts: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', object?][] = [
      [`/project/${P}`, 'GET'], [`/project/${P}`, 'PUT', { projectName: 'Mine now' }], [`/project/${P}`, 'DELETE'],
      [`/project/${P}/config`, 'GET'], [`/project/${P}/config`, 'PUT', { a: 1 }], [`/project/${P}/instruction`, 'POST', { instruction: 'x' }],
      [`/project/${P}/member`, 'POST', { members: [{ userId: b.id, role: 'manager' }] }], [`/project/${P}/member/list`, 'GET'],
      [`/project/${P}/member/v2?userIds=${w.users.annotator.id}`, 'DELETE'], [`/project/${P}/overview/summary`, 'GET'],
      [`/project/${P}/check/permission`, 'GET'], [`/project/${P}/rejectReason/add`, 'POST', { reason: 'x' }],
      [`/project/${P}/user/rejectReason/list`, 'GET'], [`/project/${P}/user/rejectReason/del/1`, 'DELETE'],
    ];
    for (const [url, method, payload] of attempts) {
      for (const u of [b, w.users.outsider]) {
        const r = await call(u, method, url, payload);
        expect({ url, method, status: r.status, msg: r.body.msg }).toEqual({ url, method, status: 404, msg: 'error.project.notFound' });
      }
    }
    expect((await call(b, 'DELETE', `/project?projectIds=${P}`)).body.msg).toBe('error.project.notFound');
    const still = await call(w.users.owner, 'GET', `/project/${P}`);
    expect(still.body.data).toMatchObject({ projectName: expect.stringMatching(/^Project P/), memberCount: 4 });
    // Unknown ids look the same as other teams' ids.
    expect((await call(w.users.owner, 'GET', '/project/2147483647')).body.msg).toBe('error.project.notFound');
    expect((await call(w.users.owner, 'GET', '/project/abc')).body.msg).toBe('error.validation');
  });

  it('asks a caller without a current team to pick one before creating', async () => {
    w = await buildWorld(s.app.ctx);
    const r = await create(w.users.outsider, { projectName: 'Lonely', type: 'image' });
    expect(r.body.msg).toBe('error.team.noCurrentTeam');
  });
});
