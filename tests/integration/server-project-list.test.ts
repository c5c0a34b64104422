import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World, type WorldUser } from '../support/world';

/** Who sees which project in the list, and what the list says about each. */
describe.each(DB_KINDS)('project list visibility on %s', (kind) => {
  let s: TestServer;
  let w: World;
  let p2: number; // team A, no members
  let p3: number; // team A, the annotator is a member
  let p4: number; // team A, shared with V, no vendor member on it

  beforeAll(async () => {
    s = await startTestServer(kind);
    w = await buildWorld(s.app.ctx);
    const create = async (projectName: string, extra: object = {}) => {
      const r = await s.call({ method: 'POST', url: '/core/project', token: w.users.owner.token, payload: { projectName, type: 'image', ...extra } });
      expect(r.body.code).toBe(200);
      return r.body.data.projectId as number;
    };
    p2 = await create('Unstaffed');
    p3 = await create('Annotated', { memberIds: [{ userId: w.users.annotator.id, role: 'annotator' }] });
    p4 = await create('Shared only', { vendorIds: [w.vendorId] });
  });
  afterAll(async () => {
    await s?.close();
  });

  const listAs = async (u: WorldUser, query = '') => {
    const r = await s.call({ method: 'GET', url: `/core/project${query}`, token: u.token });
    expect(r.body.code).toBe(200);
    return r.body.data as { list: { projectId: number; isVendor: boolean; myRole: string; memberCount: number; teamId: number }[]; total: number };
  };
  const idsOf = async (u: WorldUser, query = '') => (await listAs(u, query)).list.map((p) => p.projectId).sort((a, b) => a - b);

  it('shows owners, admins and managers every project of the team', async () => {
    for (const role of ['owner', 'admin', 'manager'] as const) {
      expect(await idsOf(w.users[role])).toEqual([w.projectP, p2, p3, p4].sort((a, b) => a - b));
    }
    const asOwner = await listAs(w.users.owner);
    expect(asOwner.total).toBe(4);
    expect(asOwner.list.every((p) => !p.isVendor && p.myRole === 'teamAdmin' && p.teamId === w.teamA)).toBe(true);
    expect((await listAs(w.users.manager)).list.every((p) => p.myRole === 'teamManager')).toBe(true);
  });

  it('shows reviewers and annotators only the projects they are members of, with their project role', async () => {
    expect(await idsOf(w.users.reviewer)).toEqual([w.projectP]);
    expect(await idsOf(w.users.annotator)).toEqual([w.projectP, p3].sort((a, b) => a - b));
    const pm = await listAs(w.users.projectManager);
    expect(pm.list).toEqual([expect.objectContaining({ projectId: w.projectP, myRole: 'manager', isVendor: false, memberCount: 4 })]);
    expect(pm.total).toBe(1);
  });

  it('shows a vendor team the projects shared with it, marked isVendor: all to its managers, member ones to the rest', async () => {
    const vm = await listAs(w.users.vendorManager);
    expect(vm.list.map((p) => p.projectId).sort((a, b) => a - b)).toEqual([w.projectP, p4].sort((a, b) => a - b));
    expect(vm.list.every((p) => p.isVendor && p.myRole === 'vendorManager' && p.teamId === w.teamA)).toBe(true);
    const va = await listAs(w.users.vendorAnnotator);
    expect(va.list).toEqual([expect.objectContaining({ projectId: w.projectP, isVendor: true, myRole: 'annotator' })]);
  });

  it('filters by isVendor from either side', async () => {
    expect((await listAs(w.users.vendorManager, '?isVendor=false')).total).toBe(0);
    expect((await listAs(w.users.vendorManager, '?isVendor=true')).total).toBe(2);
    expect((await listAs(w.users.owner, '?isVendor=true')).total).toBe(0);
    expect((await listAs(w.users.owner, '?isVendor=false')).total).toBe(4);
  });

  it('keeps other teams apart: team B sees only its own project, an outsider nothing', async () => {
    expect(await idsOf(w.users.ownerB)).toEqual([w.projectQ]);
    expect(await listAs(w.users.outsider)).toEqual({ list: [], total: 0, page: 1, pageSize: 20 });
    // Asking for team A's ids by filter does not reach across teams either.
    expect(await idsOf(w.users.ownerB, `?projectIds=${w.projectP}&projectIds=${p2}`)).toEqual([]);
  });

  it('agrees with check/permission on every caller\'s role', async () => {
    for (const role of ['owner', 'manager', 'reviewer', 'annotator', 'projectManager', 'vendorManager', 'vendorAnnotator'] as const) {
      const listed = (await listAs(w.users[role])).list.find((p) => p.projectId === w.projectP)!;
      const check = await s.call({ method: 'GET', url: `/core/project/${w.projectP}/check/permission`, token: w.users[role].token });
      expect(check.body.data.role).toBe(listed.myRole);
    }
  });

  it('drops a project from a vendor team\'s list when the sharing ends', async () => {
    const r = await s.call({ method: 'PUT', url: `/core/project/${p4}`, token: w.users.owner.token, payload: { vendorIds: [] } });
    expect(r.body.code).toBe(200);
    expect(await idsOf(w.users.vendorManager)).toEqual([w.projectP]);
  });

  it('answers GET /project/recently: newest visit first, at most 10, only what the caller still sees', async () => {
    const recent = async (u: WorldUser) =>
      ((await s.call({ method: 'GET', url: '/core/project/recently', token: u.token })).body.data as { projectId: number }[]).map((p) => p.projectId);
    expect(await recent(w.users.annotator)).toEqual([]);
    await s.call({ method: 'GET', url: `/core/project/${p3}`, token: w.users.annotator.token });
    s.advance(1000);
    await s.call({ method: 'GET', url: `/core/project/${w.projectP}`, token: w.users.annotator.token });
    expect(await recent(w.users.annotator)).toEqual([w.projectP, p3]);
    s.advance(1000);
    await s.call({ method: 'GET', url: `/core/project/${p3}`, token: w.users.annotator.token });
    expect(await recent(w.users.annotator)).toEqual([p3, w.projectP]);
    // Removed from p3: it leaves the recent list with the membership.
    await s.call({ method: 'DELETE', url: `/core/project/${p3}/member/v2?userIds=${w.users.annotator.id}`, token: w.users.owner.token });
    expect(await recent(w.users.annotator)).toEqual([w.projectP]);

    const many: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await s.call({ method: 'POST', url: '/core/project', token: w.users.admin.token, payload: { projectName: `Visited ${i}`, type: 'frame' } });
      many.push(r.body.data.projectId);
      s.advance(1000);
      await s.call({ method: 'GET', url: `/core/project/${r.body.data.projectId}`, token: w.users.admin.token });
    }
    const seen = await s.call({ method: 'GET', url: '/core/project/recently', token: w.users.admin.token });
    expect(seen.body.data.map((p: { projectId: number }) => p.projectId)).toEqual(many.slice(2).reverse());
    expect(seen.body.data[0]).toMatchObject({ projectName: 'Visited 11', type: 'frame', myRole: 'teamAdmin', visitedAt: expect.any(Number) });
  });
});
