import { PROJECT_PERMISSIONS, type ProjectAccessRole } from '../../src-shared/model/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World, type WorldUser } from '../support/world';
import { maskMobile } from '../../src-shared/model/mobile';

/** Project members: who may add whom, who may remove whom, and how the list and figures show them. */
describe.each(DB_KINDS)('project members on %s', (kind) => {
  let s: TestServer;
  let w: World;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (u: WorldUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    s.call({ method, url: `/core/project/${w.projectP}${url}`, token: u.token, ...(payload ? { payload } : {}) });
  const add = (u: WorldUser, members: { userId: number; role: string }[]) => call(u, 'POST', '/member', { members });
  const remove = (u: WorldUser, userIds: number[]) => call(u, 'DELETE', `/member/v2?${userIds.map((id) => `userIds=${id}`).join('&')}`);
  const memberIds = async () =>
    ((await call(w.users.owner, 'GET', '/member/list?pageSize=100')).body.data.list as { userId: number }[]).map((m) => m.userId).sort((a, b) => a - b);
  /** A fresh user in the given teams (joined straight through the database). */
  const userIn = async (teamIds: number[], name: string) => {
    const now = s.app.ctx.now();
    const u = await s.app.ctx.db
      .insertInto('users')
      .values({ mobile: `+1888${Math.floor(Math.random() * 1e9)}`, name, password_hash: 'x', current_team_id: teamIds[0] ?? null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const team_id of teamIds) await s.app.ctx.db.insertInto('team_members').values({ team_id, user_id: u.id, role: 'annotator', joined_at: now }).execute();
    return u.id;
  };

  it('lists members with name, mobile, role and the team each comes from', async () => {
    w = await buildWorld(s.app.ctx);
    const r = await call(w.users.annotator, 'GET', '/member/list');
    expect(r.body.data.total).toBe(4);
    const byId = new Map((r.body.data.list as { userId: number }[]).map((m) => [m.userId, m]));
    // An annotator sees other members' numbers masked (security-contacts.test.ts has the whole rule).
    expect(byId.get(w.users.projectManager.id)).toMatchObject({ name: 'Project manager A', mobile: maskMobile(w.users.projectManager.mobile), role: 'manager', teamId: w.teamA, fromVendor: false });
    expect(byId.get(w.users.vendorAnnotator.id)).toMatchObject({ name: 'Vendor annotator', role: 'annotator', teamId: w.vendorTeam, fromVendor: true, teamName: expect.stringMatching(/^Vendor V/) });
    const filtered = await call(w.users.owner, 'GET', '/member/list?name=ANNOTATOR&role=annotator');
    expect(filtered.body.data.list.map((m: { userId: number }) => m.userId).sort()).toEqual([w.users.annotator.id, w.users.vendorAnnotator.id].sort());
    const paged = await call(w.users.owner, 'GET', '/member/list?page=2&pageSize=3');
    expect(paged.body.data).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(paged.body.data.list).toHaveLength(1);
    for (const q of ['role=owner', 'pageSize=501', 'name=' + 'n'.repeat(65)]) expect((await call(w.users.owner, 'GET', `/member/list?${q}`)).body.msg).toBe('error.validation');
  });

  it('lets team admins add members of the team and of vendor teams the project is shared with, and change roles', async () => {
    w = await buildWorld(s.app.ctx);
    const vendorNew = await userIn([w.vendorTeam], 'Vendor newcomer');
    const r = await add(w.users.owner, [{ userId: w.users.manager.id, role: 'reviewer' }, { userId: vendorNew, role: 'annotator' }, { userId: w.users.annotator.id, role: 'reviewer' }]);
    expect(r.body.code).toBe(200);
    expect(r.body.data.map((m: { userId: number; role: string }) => [m.userId, m.role]).sort()).toEqual(
      [[w.users.manager.id, 'reviewer'], [vendorNew, 'annotator'], [w.users.annotator.id, 'reviewer']].sort(),
    );
    const list = await call(w.users.owner, 'GET', '/member/list?role=reviewer');
    expect(list.body.data.total).toBe(3);
    // The changed annotator now reviews: their effective role follows.
    expect((await call(w.users.annotator, 'GET', '/check/permission')).body.data.role).toBe('reviewer');
  });

  it('refuses users outside the teams a caller may draw from', async () => {
    w = await buildWorld(s.app.ctx);
    const outsider = await add(w.users.owner, [{ userId: w.users.outsider.id, role: 'annotator' }, { userId: w.users.admin.id, role: 'manager' }]);
    expect({ status: outsider.status, msg: outsider.body.msg, data: outsider.body.data }).toEqual({ status: 404, msg: 'error.project.userNotFound', data: { userIds: [w.users.outsider.id] } });
    expect(await memberIds()).not.toContain(w.users.admin.id); // all or nothing
    // A project manager inside the team adds from the team only.
    const vendorNew = await userIn([w.vendorTeam], 'Vendor newcomer');
    expect((await add(w.users.projectManager, [{ userId: vendorNew, role: 'annotator' }])).body.msg).toBe('error.project.userNotFound');
    expect((await add(w.users.projectManager, [{ userId: w.users.admin.id, role: 'annotator' }])).body.code).toBe(200);
  });

  it('lets a vendor manager add and remove only members of their own vendor team', async () => {
    w = await buildWorld(s.app.ctx);
    const vendorNew = await userIn([w.vendorTeam], 'Vendor newcomer');
    expect((await add(w.users.vendorManager, [{ userId: vendorNew, role: 'annotator' }])).body.code).toBe(200);
    const teamSide = await add(w.users.vendorManager, [{ userId: w.users.admin.id, role: 'annotator' }]);
    expect({ status: teamSide.status, msg: teamSide.body.msg }).toEqual({ status: 403, msg: 'error.project.vendorMemberOnly' });
    const demote = await add(w.users.vendorManager, [{ userId: w.users.projectManager.id, role: 'annotator' }]);
    expect(demote.body.msg).toBe('error.project.vendorMemberOnly');
    const removeTeamSide = await remove(w.users.vendorManager, [w.users.annotator.id, vendorNew]);
    expect({ status: removeTeamSide.status, msg: removeTeamSide.body.msg, data: removeTeamSide.body.data }).toEqual({ status: 403, msg: 'error.project.vendorMemberOnly', data: { userIds: [w.users.annotator.id] } });
    expect(await memberIds()).toContain(vendorNew); // nothing removed
    expect((await remove(w.users.vendorManager, [vendorNew, w.users.vendorAnnotator.id])).body.code).toBe(200);
    expect(await memberIds()).toEqual([w.users.reviewer.id, w.users.annotator.id, w.users.projectManager.id].sort((a, b) => a - b));
  });

  it('removes members all or nothing, and a removed member loses the project', async () => {
    w = await buildWorld(s.app.ctx);
    const missing = await remove(w.users.owner, [w.users.annotator.id, w.users.admin.id]);
    expect({ status: missing.status, msg: missing.body.msg, data: missing.body.data }).toEqual({ status: 404, msg: 'error.project.memberNotFound', data: { userIds: [w.users.admin.id] } });
    expect(await memberIds()).toContain(w.users.annotator.id);
    expect((await remove(w.users.projectManager, [w.users.annotator.id])).body.code).toBe(200);
    expect((await s.call({ method: 'GET', url: `/core/project/${w.projectP}`, token: w.users.annotator.token })).body.msg).toBe('error.project.notFound');
    for (const q of ['', 'userIds=x', 'userIds=0']) expect((await call(w.users.owner, 'DELETE', `/member/v2?${q}`)).body.msg).toBe('error.validation');
    for (const payload of [{ members: [] }, { members: [{ userId: 1, role: 'owner' }] }, { members: [{ userId: 1 }] }, {}]) {
      expect((await call(w.users.owner, 'POST', '/member', payload)).body.msg).toBe('error.validation');
    }
  });

  it('answers the overview figures, and 400 for a kind of figure that does not exist', async () => {
    w = await buildWorld(s.app.ctx);
    await call(w.users.owner, 'POST', '/rejectReason/add', { reason: 'Blurry' });
    const summary = await call(w.users.reviewer, 'GET', '/overview/summary');
    expect(summary.body.data).toMatchObject({ queryType: 'summary', memberCount: 4, vendorCount: 1, rejectReasonCount: 1, createdAt: expect.any(Number) });
    const members = await call(w.users.vendorManager, 'GET', '/overview/members');
    expect(members.body.data).toEqual({
      queryType: 'members',
      byRole: { manager: 1, reviewer: 1, annotator: 2 },
      byTeam: [
        { teamId: w.teamA, teamName: expect.stringMatching(/^Team A/), fromVendor: false, count: 3 },
        { teamId: w.vendorTeam, teamName: expect.stringMatching(/^Vendor V/), fromVendor: true, count: 1 },
      ],
    });
    const unknown = await call(w.users.owner, 'GET', '/overview/tasks');
    expect({ status: unknown.status, msg: unknown.body.msg }).toEqual({ status: 400, msg: 'error.validation' });
  });

  it('answers check/permission with the caller\'s role and exactly the actions the table gives it', async () => {
    w = await buildWorld(s.app.ctx);
    const actionsOf = (role: ProjectAccessRole) =>
      Object.entries(PROJECT_PERMISSIONS)
        .filter(([, roles]) => (roles as readonly string[]).includes(role))
        .map(([action]) => action);
    const expected: [WorldUser, ProjectAccessRole, string[]][] = (
      [
        [w.users.owner, 'teamAdmin'],
        [w.users.manager, 'teamManager'],
        [w.users.vendorManager, 'vendorManager'],
        [w.users.projectManager, 'manager'],
        [w.users.reviewer, 'reviewer'],
        [w.users.vendorAnnotator, 'annotator'],
      ] as const
    ).map(([u, role]) => [u, role, actionsOf(role)]);
    // Spot checks that do not come from the table: an annotator may only read and work.
    expect(actionsOf('annotator')).toEqual(['project.read', 'project.task.work', 'project.ai.use']);
    expect(actionsOf('teamAdmin')).toContain('project.delete');
    for (const [u, role, actions] of expected) {
      expect((await call(u, 'GET', '/check/permission')).body.data).toEqual({ role, actions });
    }
  });
});
