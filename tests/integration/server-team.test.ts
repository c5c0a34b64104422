import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';

describe.each(DB_KINDS)('teams and their members on %s', (kind) => {
  let s: TestServer;
  let w: World;
  beforeAll(async () => {
    s = await startTestServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });
  beforeEach(async () => {
    w = await buildWorld(s.app.ctx);
  });

  type Who = keyof World['users'];
  const as = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    s.call({ method, url: `/core${url}`, token: w.users[who].token, ...(payload ? { payload } : {}) });
  const memberIds = async (who: Who = 'owner') =>
    ((await as(who, 'GET', '/user?pageSize=100')).body.data.list as { userId: number }[]).map((m) => m.userId).sort((a, b) => a - b);
  const roleOf = async (userId: number) =>
    ((await as('owner', 'GET', '/user?pageSize=100')).body.data.list as { userId: number; role: string }[]).find((m) => m.userId === userId)?.role;
  const currentTeam = async (who: Who) => (await as(who, 'GET', '/user/info')).body.data.currentTeamId;

  describe('the caller\'s teams', () => {
    it('lists my teams with my role, member count and which is current', async () => {
      const r = await as('admin', 'GET', '/team');
      expect(r.body.data).toEqual([
        expect.objectContaining({ teamId: w.teamA, ownerId: w.users.owner.id, ownerName: 'Owner A', memberCount: 6, myRole: 'admin', isCurrent: true, description: '' }),
      ]);
      expect((await as('outsider', 'GET', '/team')).body.data).toEqual([]);
    });

    it('creates a team owned by me and makes it current; switching back works', async () => {
      const created = await as('admin', 'POST', '/team', { name: '  Night crew ', description: 'After hours' });
      expect(created.body.data).toMatchObject({ name: 'Night crew', description: 'After hours', ownerId: w.users.admin.id, memberCount: 1, myRole: 'owner', isCurrent: true });
      const teamId = created.body.data.teamId as number;
      expect(await currentTeam('admin')).toBe(teamId);
      const list = (await as('admin', 'GET', '/team')).body.data as { teamId: number; isCurrent: boolean }[];
      expect(list.map((t) => [t.teamId, t.isCurrent])).toEqual([[w.teamA, false], [teamId, true]]);

      const back = await as('admin', 'POST', `/team/switch/${w.teamA}`);
      expect(back.body.data).toMatchObject({ teamId: w.teamA, isCurrent: true, myRole: 'admin' });
      expect(await currentTeam('admin')).toBe(w.teamA);
    });

    it('refuses bad team input with 400', async () => {
      for (const payload of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(65) }, { name: 'ok', description: 'x'.repeat(513) }, { name: 'ok', ownerId: 1 }]) {
        const r = await as('outsider', 'POST', '/team', payload);
        expect(r.status, JSON.stringify(payload)).toBe(400);
        expect(r.body.msg).toBe('error.validation');
      }
      for (const url of ['/team/abc', '/team/0', '/team/99999999999']) expect((await as('owner', 'GET', url)).status).toBe(400);
    });
  });

  describe('one team', () => {
    it('shows details to members and nothing to outsiders of the team', async () => {
      const r = await as('annotator', 'GET', `/team/${w.teamA}`);
      expect(r.body.data).toMatchObject({ teamId: w.teamA, ownerId: w.users.owner.id, memberCount: 6, myRole: 'annotator' });
      for (const who of ['ownerB', 'outsider', 'vendorManager'] as const) {
        expect((await as(who, 'GET', `/team/${w.teamA}`)).body).toMatchObject({ code: 404, msg: 'error.team.notFound' });
        expect((await as(who, 'POST', `/team/switch/${w.teamA}`)).body).toMatchObject({ code: 404, msg: 'error.team.notFound' });
      }
      expect((await as('owner', 'GET', '/team/2147483647')).body.msg).toBe('error.team.notFound');
      expect(await currentTeam('ownerB')).toBe(w.teamB);
    });

    it('lets owner and admin rename it; others get 403 or 404 and nothing changes', async () => {
      const r = await as('admin', 'PUT', `/team/${w.teamA}`, { name: 'Team Alpha', description: 'Labels' });
      expect(r.body.data).toMatchObject({ name: 'Team Alpha', description: 'Labels' });
      expect((await as('manager', 'PUT', `/team/${w.teamA}`, { name: 'Mine' })).body).toMatchObject({ code: 403, msg: 'error.forbidden' });
      expect((await as('ownerB', 'PUT', `/team/${w.teamA}`, { name: 'Mine' })).body.code).toBe(404);
      expect((await as('owner', 'PUT', `/team/${w.teamA}`, {})).body.msg).toBe('error.validation');
      expect((await as('reviewer', 'GET', `/team/${w.teamA}`)).body.data).toMatchObject({ name: 'Team Alpha', description: 'Labels' });
    });

    it('is deleted with everything in it by its owner only; members lose it as current team', async () => {
      expect((await as('admin', 'DELETE', `/team/${w.teamA}`)).body.code).toBe(403);
      expect((await as('ownerB', 'DELETE', `/team/${w.teamA}`)).body.code).toBe(404);
      expect((await as('owner', 'DELETE', `/team/${w.teamA}`)).body).toEqual({ code: 200, msg: 'ok', data: null });
      expect((await as('admin', 'GET', '/team')).body.data).toEqual([]);
      expect(await currentTeam('admin')).toBeNull();
      expect((await as('owner', 'GET', `/team/${w.teamA}`)).body.code).toBe(404);
      const left = await s.app.ctx.db.selectFrom('projects').select('id').where('id', '=', w.projectP).execute();
      expect(left).toEqual([]);
      expect((await as('ownerB', 'GET', `/team/${w.teamB}`)).body.data.memberCount).toBe(1);
    });

    it('deleting a vendor team takes its members off the projects shared with it', async () => {
      expect((await as('vendorManager', 'DELETE', `/team/${w.vendorTeam}`)).body.code).toBe(200);
      const rows = await s.app.ctx.db.selectFrom('project_members').select('user_id').where('project_id', '=', w.projectP).execute();
      expect(rows.map((r) => r.user_id)).not.toContain(w.users.vendorAnnotator.id);
      expect(rows.map((r) => r.user_id)).toContain(w.users.annotator.id);
    });

    it('lists the roles, the owner only with hasOwn=true', async () => {
      expect((await as('annotator', 'GET', `/team/${w.teamA}/role`)).body.data).toEqual([
        { role: 'admin', assignable: true }, { role: 'manager', assignable: true }, { role: 'reviewer', assignable: true }, { role: 'annotator', assignable: true },
      ]);
      const all = (await as('annotator', 'GET', `/team/${w.teamA}/role?hasOwn=true`)).body.data;
      expect(all[0]).toEqual({ role: 'owner', assignable: false });
      expect(all).toHaveLength(5);
      expect((await as('owner', 'GET', `/team/${w.teamA}/role?hasOwn=maybe`)).status).toBe(400);
    });

    it('lists the curators: owner, admins and managers', async () => {
      const r = await as('annotator', 'GET', `/team/${w.teamA}/project/curator`);
      expect(r.body.data.map((m: { userId: number; role: string }) => [m.userId, m.role])).toEqual([
        [w.users.owner.id, 'owner'], [w.users.admin.id, 'admin'], [w.users.manager.id, 'manager'],
      ]);
      expect((await as('ownerB', 'GET', `/team/${w.teamA}/project/curator`)).body.code).toBe(404);
    });
  });

  describe('members', () => {
    it('adds registered users by mobile, reporting members and unknown numbers', async () => {
      const r = await as('admin', 'POST', `/team/${w.teamA}/member`, {
        mobiles: [w.users.outsider.mobile, w.users.reviewer.mobile, '+19990005555', w.users.outsider.mobile],
        role: 'reviewer',
      });
      expect(r.body.data).toMatchObject({ alreadyMembers: [w.users.reviewer.mobile], unknownMobiles: ['+19990005555'] });
      expect(r.body.data.added).toEqual([expect.objectContaining({ userId: w.users.outsider.id, role: 'reviewer', groups: [] })]);
      expect(await memberIds()).toContain(w.users.outsider.id);
      expect(await currentTeam('outsider')).toBe(w.teamA);
      expect(await roleOf(w.users.reviewer.id)).toBe('reviewer');

      const intoB = await as('ownerB', 'POST', `/team/${w.teamB}/member`, { mobiles: [w.users.annotator.mobile], role: 'annotator' });
      expect(intoB.body.data.added).toHaveLength(1);
      expect(await currentTeam('annotator')).toBe(w.teamA);
    });

    it('never gives the owner role, and only owner and admins add', async () => {
      const owner = await as('owner', 'POST', `/team/${w.teamA}/member`, { mobiles: [w.users.outsider.mobile], role: 'owner' });
      expect(owner.body.msg).toBe('error.validation');
      expect((await as('owner', 'POST', `/team/${w.teamA}/member`, { mobiles: [], role: 'annotator' })).body.msg).toBe('error.validation');
      expect((await as('manager', 'POST', `/team/${w.teamA}/member`, { mobiles: [w.users.outsider.mobile], role: 'annotator' })).body.code).toBe(403);
      expect((await as('ownerB', 'POST', `/team/${w.teamA}/member`, { mobiles: [w.users.outsider.mobile], role: 'annotator' })).body.code).toBe(404);
      expect(await memberIds()).not.toContain(w.users.outsider.id);
    });

    it('changes roles; admins may change other admins but never the owner', async () => {
      const one = await as('admin', 'PUT', `/team/${w.teamA}/member`, { userId: w.users.reviewer.id, role: 'admin' });
      expect(one.body.data).toMatchObject({ userId: w.users.reviewer.id, role: 'admin' });
      const back = await as('admin', 'PUT', `/team/${w.teamA}/member`, { userId: w.users.reviewer.id, role: 'manager' });
      expect(back.body.data.role).toBe('manager');

      const demote = await as('admin', 'PUT', `/team/${w.teamA}/member`, { userId: w.users.owner.id, role: 'annotator' });
      expect(demote.body).toEqual({ code: 409, msg: 'error.team.ownerProtected', data: null });
      expect((await as('owner', 'PUT', `/team/${w.teamA}/member`, { userId: w.users.owner.id, role: 'admin' })).body.code).toBe(409);
      expect((await as('admin', 'PUT', `/team/${w.teamA}/member`, { userId: w.users.annotator.id, role: 'owner' })).body.msg).toBe('error.validation');
      const stranger = await as('admin', 'PUT', `/team/${w.teamA}/member`, { userId: w.users.ownerB.id, role: 'admin' });
      expect(stranger.body).toMatchObject({ code: 404, msg: 'error.team.memberNotFound', data: { userIds: [w.users.ownerB.id] } });
      expect((await as('ownerB', 'PUT', `/team/${w.teamA}/member`, { userId: w.users.annotator.id, role: 'admin' })).body.code).toBe(404);
      expect(await roleOf(w.users.owner.id)).toBe('owner');
      expect(await roleOf(w.users.annotator.id)).toBe('annotator');
    });

    it('changes roles in batches, all or none', async () => {
      const ids = [w.users.reviewer.id, w.users.annotator.id];
      const withOwner = await as('admin', 'PUT', `/team/${w.teamA}/member/v2`, { userIds: [...ids, w.users.owner.id], role: 'manager' });
      expect(withOwner.body.msg).toBe('error.team.ownerProtected');
      const withStranger = await as('admin', 'PUT', `/team/${w.teamA}/member/v2`, { userIds: [...ids, w.users.ownerB.id], role: 'manager' });
      expect(withStranger.body.msg).toBe('error.team.memberNotFound');
      expect(await roleOf(w.users.reviewer.id)).toBe('reviewer');

      const ok = await as('admin', 'PUT', `/team/${w.teamA}/member/v2`, { userIds: [...ids, ids[0]], role: 'manager' });
      expect(ok.body.data.map((m: { role: string }) => m.role)).toEqual(['manager', 'manager']);
      expect(await roleOf(w.users.annotator.id)).toBe('manager');
    });

    it('removes a member from the team, its groups, its projects and as current team', async () => {
      const { id: groupId } = await s.app.ctx.db.insertInto('team_groups').values({ team_id: w.teamA, name: 'G', created_at: 1 }).returning('id').executeTakeFirstOrThrow();
      await s.app.ctx.db.insertInto('group_members').values({ group_id: groupId, user_id: w.users.annotator.id }).execute();

      const r = await s.call({ method: 'DELETE', url: `/core/team/${w.teamA}/member`, query: { userId: String(w.users.annotator.id) }, token: w.users.admin.token });
      expect(r.body).toEqual({ code: 200, msg: 'ok', data: null });
      expect(await memberIds()).not.toContain(w.users.annotator.id);
      expect((await as('owner', 'GET', `/group/${groupId}/member`)).body.data.total).toBe(0);
      const pm = await s.app.ctx.db.selectFrom('project_members').select('user_id').where('project_id', '=', w.projectP).execute();
      expect(pm.map((m) => m.user_id)).not.toContain(w.users.annotator.id);
      expect(await currentTeam('annotator')).toBeNull();
      expect((await as('annotator', 'GET', `/team/${w.teamA}`)).body.code).toBe(404);
    });

    it('keeps a removed member on projects they still reach through a vendor team', async () => {
      await as('owner', 'POST', `/team/${w.teamA}/member`, { mobiles: [w.users.vendorAnnotator.mobile], role: 'annotator' });
      await s.call({ method: 'DELETE', url: `/core/team/${w.teamA}/member?userId=${w.users.vendorAnnotator.id}`, token: w.users.owner.token });
      const pm = await s.app.ctx.db.selectFrom('project_members').select('user_id').where('project_id', '=', w.projectP).execute();
      expect(pm.map((m) => m.user_id)).toContain(w.users.vendorAnnotator.id);
      expect(await currentTeam('vendorAnnotator')).toBe(w.vendorTeam);
    });

    it('never removes the owner, and batch removal is all or none', async () => {
      const del = (who: Who, query: string) => s.call({ method: 'DELETE', url: `/core/team/${w.teamA}/member${query}`, token: w.users[who].token });
      expect((await del('admin', `?userId=${w.users.owner.id}`)).body.msg).toBe('error.team.ownerProtected');
      expect((await del('admin', `/v2?userIds=${w.users.annotator.id}&userIds=${w.users.owner.id}`)).body.msg).toBe('error.team.ownerProtected');
      expect((await del('admin', `/v2?userIds=${w.users.annotator.id}&userIds=${w.users.ownerB.id}`)).body.msg).toBe('error.team.memberNotFound');
      expect((await del('manager', `?userId=${w.users.annotator.id}`)).body.code).toBe(403);
      expect((await del('ownerB', `?userId=${w.users.annotator.id}`)).body.code).toBe(404);
      expect((await del('admin', '/v2?userIds=abc')).body.msg).toBe('error.validation');
      expect(await memberIds()).toHaveLength(6);

      expect((await del('admin', `/v2?userIds=${w.users.annotator.id}&userIds=${w.users.reviewer.id}`)).body.code).toBe(200);
      expect(await memberIds()).toEqual([w.users.owner.id, w.users.admin.id, w.users.manager.id, w.users.projectManager.id].sort((a, b) => a - b));
    });
  });

  describe('transfer', () => {
    it('makes another member the owner and the old owner an admin', async () => {
      const r = await as('owner', 'PUT', `/team/${w.teamA}/transfer`, { userId: w.users.manager.id });
      expect(r.body.data).toMatchObject({ ownerId: w.users.manager.id, ownerName: 'Manager A', myRole: 'admin' });
      expect(await roleOf(w.users.manager.id)).toBe('owner');
      expect(await roleOf(w.users.owner.id)).toBe('admin');
      expect((await as('owner', 'PUT', `/team/${w.teamA}/transfer`, { userId: w.users.owner.id })).body.code).toBe(403);
      expect((await as('owner', 'DELETE', `/team/${w.teamA}`)).body.code).toBe(403);
      expect((await as('admin', 'PUT', `/team/${w.teamA}/member`, { userId: w.users.manager.id, role: 'annotator' })).body.msg).toBe('error.team.ownerProtected');
    });

    it('refuses a transfer to myself, to a non-member, or by a non-owner', async () => {
      expect((await as('owner', 'PUT', `/team/${w.teamA}/transfer`, { userId: w.users.owner.id })).body.msg).toBe('error.team.alreadyOwner');
      expect((await as('owner', 'PUT', `/team/${w.teamA}/transfer`, { userId: w.users.ownerB.id })).body.msg).toBe('error.team.memberNotFound');
      expect((await as('admin', 'PUT', `/team/${w.teamA}/transfer`, { userId: w.users.admin.id })).body.code).toBe(403);
      expect((await as('ownerB', 'PUT', `/team/${w.teamA}/transfer`, { userId: w.users.ownerB.id })).body.code).toBe(404);
      expect((await as('owner', 'PUT', `/team/${w.teamA}/transfer`, { userId: 'x' })).body.msg).toBe('error.validation');
      expect((await as('owner', 'GET', `/team/${w.teamA}`)).body.data.ownerId).toBe(w.users.owner.id);
      expect(await roleOf(w.users.ownerB.id)).toBeUndefined();
    });
  });

  it('creates a group under the team path, with the group rules', async () => {
    const r = await as('manager', 'POST', `/team/${w.teamA}/group`, { name: 'Day shift', userIds: [w.users.annotator.id] });
    expect(r.body.data).toMatchObject({ teamId: w.teamA, name: 'Day shift', userIds: [w.users.annotator.id] });
    expect((await as('admin', 'POST', `/team/${w.teamA}/group`, { name: 'Day shift' })).body.msg).toBe('error.group.nameTaken');
    const foreign = await as('admin', 'POST', `/team/${w.teamA}/group`, { name: 'Mixed', userIds: [w.users.ownerB.id] });
    expect(foreign.body).toMatchObject({ code: 400, msg: 'error.group.notTeamMembers', data: { userIds: [w.users.ownerB.id] } });
    expect((await as('ownerB', 'POST', `/team/${w.teamA}/group`, { name: 'Spy' })).body.code).toBe(404);
    expect((await as('ownerB', 'POST', `/team/${w.teamB}/group`, { name: 'Day shift' })).body.code).toBe(200);
  });
});
