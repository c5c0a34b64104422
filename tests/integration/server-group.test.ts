import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';

describe.each(DB_KINDS)('groups of the current team on %s', (kind) => {
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
  const create = async (name: string, userIds: number[] = [], who: Who = 'manager') => {
    const r = await as(who, 'POST', '/group', { name, userIds });
    expect(r.body.code).toBe(200);
    return r.body.data.groupId as number;
  };
  const memberNames = async (groupId: number, query = '') =>
    ((await as('annotator', 'GET', `/group/${groupId}/member${query}`)).body.data.list as { name: string }[]).map((m) => m.name);
  const groupNamesOf = async (userId: number) => {
    const list = (await as('owner', 'GET', '/user?pageSize=100')).body.data.list as { userId: number; groups: { name: string }[] }[];
    return list.find((m) => m.userId === userId)?.groups.map((g) => g.name);
  };

  it('creates a group with members; members see it in the member list', async () => {
    const r = await as('manager', 'POST', '/group', { name: ' Night shift ', userIds: [w.users.annotator.id, w.users.reviewer.id, w.users.annotator.id] });
    expect(r.body.data).toMatchObject({ teamId: w.teamA, name: 'Night shift', userIds: [w.users.reviewer.id, w.users.annotator.id].sort((a, b) => a - b) });
    expect(await memberNames(r.body.data.groupId)).toEqual(['Reviewer A', 'Annotator A']);
    expect(await groupNamesOf(w.users.annotator.id)).toEqual(['Night shift']);
    expect(await groupNamesOf(w.users.owner.id)).toEqual([]);
  });

  it('keeps names unique per team, and members inside the team', async () => {
    await create('Night shift');
    for (const name of ['Night shift', '  Night shift']) {
      expect((await as('admin', 'POST', '/group', { name })).body).toEqual({ code: 409, msg: 'error.group.nameTaken', data: null });
    }
    const foreign = await as('admin', 'POST', '/group', { name: 'Mixed', userIds: [w.users.annotator.id, w.users.vendorAnnotator.id] });
    expect(foreign.body).toEqual({ code: 400, msg: 'error.group.notTeamMembers', data: { userIds: [w.users.vendorAnnotator.id] } });
    expect(await groupNamesOf(w.users.annotator.id)).toEqual([]);
    // Another team may use the same name.
    expect((await as('ownerB', 'POST', '/group', { name: 'Night shift' })).body.code).toBe(200);
  });

  it('refuses bad input with 400 and the roles the table refuses with 403', async () => {
    for (const payload of [{}, { name: '' }, { name: '  ' }, { name: 'x'.repeat(65) }, { name: 'ok', userIds: [0] }, { name: 'ok', userIds: 'x' }, { name: 'ok', teamId: w.teamB }]) {
      const r = await as('owner', 'POST', '/group', payload);
      expect(r.status, JSON.stringify(payload)).toBe(400);
      expect(r.body.msg).toBe('error.validation');
    }
    expect((await as('reviewer', 'POST', '/group', { name: 'Mine' })).body).toMatchObject({ code: 403, msg: 'error.forbidden' });
    expect((await as('outsider', 'POST', '/group', { name: 'Mine' })).body.msg).toBe('error.team.noCurrentTeam');
    for (const url of ['/group?groupIds=abc', '/group', '/group/v2?groupId=1', '/group/abc']) {
      expect((await as('owner', 'DELETE', url)).body.msg, url).toBe('error.validation');
    }
  });

  it('renames a group and replaces its members', async () => {
    const id = await create('Night shift', [w.users.annotator.id]);
    const r = await as('admin', 'PUT', `/group/${id}`, { name: 'Day shift', userIds: [w.users.reviewer.id, w.users.manager.id] });
    expect(r.body.data).toMatchObject({ groupId: id, name: 'Day shift', userIds: [w.users.manager.id, w.users.reviewer.id].sort((a, b) => a - b) });
    expect(await groupNamesOf(w.users.annotator.id)).toEqual([]);
    expect(await groupNamesOf(w.users.reviewer.id)).toEqual(['Day shift']);

    const emptied = await as('admin', 'PUT', `/group/${id}`, { userIds: [] });
    expect(emptied.body.data).toMatchObject({ name: 'Day shift', userIds: [] });
    expect((await as('admin', 'PUT', `/group/${id}`, { name: 'Day shift' })).body.code).toBe(200);
    expect((await as('admin', 'PUT', `/group/${id}`, {})).body.msg).toBe('error.validation');
  });

  it('refuses a rename to a taken name and members from outside, changing nothing', async () => {
    await create('Taken');
    const id = await create('Mine', [w.users.annotator.id]);
    expect((await as('admin', 'PUT', `/group/${id}`, { name: 'Taken', userIds: [] })).body.msg).toBe('error.group.nameTaken');
    expect((await as('admin', 'PUT', `/group/${id}`, { name: 'Other', userIds: [w.users.ownerB.id] })).body.msg).toBe('error.group.notTeamMembers');
    expect(await groupNamesOf(w.users.annotator.id)).toEqual(['Mine']);
  });

  it('takes members out of a group, ignoring ids that are not in it', async () => {
    const id = await create('Night shift', [w.users.annotator.id, w.users.reviewer.id]);
    const r = await as('manager', 'DELETE', `/group/v2?groupId=${id}&userIds=${w.users.annotator.id}&userIds=${w.users.ownerB.id}`);
    expect(r.body).toEqual({ code: 200, msg: 'ok', data: null });
    expect(await memberNames(id)).toEqual(['Reviewer A']);
  });

  it('deletes one group, or several all or none', async () => {
    const a = await create('A', [w.users.annotator.id]);
    const b = await create('B');
    const c = await create('C');
    expect((await as('manager', 'DELETE', `/group/${a}`)).body).toEqual({ code: 200, msg: 'ok', data: null });
    expect((await as('manager', 'GET', `/group/${a}/member`)).body.msg).toBe('error.group.notFound');
    expect(await groupNamesOf(w.users.annotator.id)).toEqual([]);
    expect((await as('manager', 'DELETE', `/group/${a}`)).body.msg).toBe('error.group.notFound');

    const missing = await as('manager', 'DELETE', `/group?groupIds=${b}&groupIds=${a}`);
    expect(missing.body).toMatchObject({ code: 404, msg: 'error.group.notFound', data: { groupIds: [a] } });
    expect((await as('manager', 'GET', `/group/${b}/member`)).body.code).toBe(200);
    expect((await as('manager', 'DELETE', `/group?groupIds=${b}&groupIds=${c}`)).body.code).toBe(200);
    for (const id of [b, c]) expect((await as('manager', 'GET', `/group/${id}/member`)).body.code).toBe(404);
    // A group's name is free again once it is deleted.
    await create('B');
  });

  it('never shows or changes another team\'s group: 404, and the group stays', async () => {
    const id = await create('Secret', [w.users.annotator.id]);
    const tries = [
      as('ownerB', 'GET', `/group/${id}/member`),
      as('ownerB', 'PUT', `/group/${id}`, { name: 'Stolen' }),
      as('ownerB', 'DELETE', `/group/${id}`),
      as('ownerB', 'DELETE', `/group?groupIds=${id}`),
      as('ownerB', 'DELETE', `/group/v2?groupId=${id}&userIds=${w.users.annotator.id}`),
      as('ownerB', 'POST', `/team/${w.teamB}/group`, { name: 'x', userIds: [w.users.annotator.id] }),
    ];
    const codes = (await Promise.all(tries)).map((r) => r.body.msg);
    expect(codes).toEqual(['error.group.notFound', 'error.group.notFound', 'error.group.notFound', 'error.group.notFound', 'error.group.notFound', 'error.group.notTeamMembers']);
    expect(await memberNames(id)).toEqual(['Annotator A']);
    expect(await groupNamesOf(w.users.annotator.id)).toEqual(['Secret']);
  });

  it('lists a group\'s members to every member of the team, paged and filtered by name', async () => {
    const id = await create('All', [w.users.owner.id, w.users.admin.id, w.users.manager.id, w.users.reviewer.id, w.users.annotator.id]);
    await s.app.ctx.db.updateTable('users').set({ name: '50%_off!' }).where('id', '=', w.users.admin.id).execute();
    expect(await memberNames(id, '?name=a')).toEqual(['Owner A', 'Manager A', 'Reviewer A', 'Annotator A']);
    expect(await memberNames(id, '?name=ANNOT')).toEqual(['Annotator A']);
    expect(await memberNames(id, `?name=${encodeURIComponent('%_')}`)).toEqual(['50%_off!']);
    expect(await memberNames(id, '?name=_')).toEqual(['50%_off!']);
    expect(await memberNames(id, '?name=!')).toEqual(['50%_off!']);
    expect(await memberNames(id, '?name=zzz')).toEqual([]);
    const page = await as('annotator', 'GET', `/group/${id}/member?page=2&pageSize=2`);
    expect(page.body.data).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(page.body.data.list.map((m: { name: string }) => m.name)).toEqual(['Manager A', 'Reviewer A']);
    expect((await as('annotator', 'GET', `/group/${id}/member?name=${'x'.repeat(65)}`)).body.msg).toBe('error.validation');
  });
});
