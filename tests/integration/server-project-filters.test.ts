import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';

type Listed = { list: { projectId: number; projectName: string; type: string }[]; total: number; page: number; pageSize: number };

/** The filters, sorting and paging of GET /project and POST /project/list. */
describe.each(DB_KINDS)('project list filters on %s', (kind) => {
  let s: TestServer;
  let w: World;
  const id: Record<string, number> = {};

  beforeAll(async () => {
    s = await startTestServer(kind);
    w = await buildWorld(s.app.ctx);
    // Created a second apart, oldest first; the world's project P is older than all of them.
    const specs: [string, 'image' | 'frame', { userId: number; role: string }[]][] = [
      ['Alpha street', 'image', [{ userId: w.users.annotator.id, role: 'annotator' }]],
      ['alpha park', 'frame', [{ userId: w.users.annotator.id, role: 'annotator' }, { userId: w.users.reviewer.id, role: 'reviewer' }]],
      ['Beta 50%', 'image', [{ userId: w.users.reviewer.id, role: 'reviewer' }]],
      ['Beta_x', 'frame', []],
      ['Gamma', 'image', []],
    ];
    for (const [projectName, type, memberIds] of specs) {
      s.advance(1000);
      const r = await s.call({ method: 'POST', url: '/core/project', token: w.users.owner.token, payload: { projectName, type, memberIds } });
      expect(r.body.code).toBe(200);
      id[projectName] = r.body.data.projectId;
    }
    id.P = w.projectP;
  });
  afterAll(async () => {
    await s?.close();
  });

  const list = async (query: string) => {
    const r = await s.call({ method: 'GET', url: `/core/project?${query}`, token: w.users.owner.token });
    expect(r.body.code).toBe(200);
    return r.body.data as Listed;
  };
  const names = async (query: string) => (await list(query)).list.map((p) => p.projectName);

  it('lists newest first by default, 20 a page', async () => {
    const all = await list('');
    expect(all.list.map((p) => p.projectId)).toEqual([id.Gamma, id.Beta_x, id['Beta 50%'], id['alpha park'], id['Alpha street'], id.P]);
    expect(all).toMatchObject({ total: 6, page: 1, pageSize: 20 });
    expect((await list('order=asc')).list[0]!.projectId).toBe(id.P);
  });

  it('sorts by name (byte order, with id as tiebreak) and by update time', async () => {
    expect(await names('orderBy=projectName&order=asc')).toEqual(['Alpha street', 'Beta 50%', 'Beta_x', 'Gamma', expect.stringMatching(/^Project P/), 'alpha park']);
    s.advance(1000);
    await s.call({ method: 'PUT', url: `/core/project/${id['Beta_x']}`, token: w.users.owner.token, payload: { description: 'touched' } });
    expect((await names('orderBy=updatedAt&order=desc'))[0]).toBe('Beta_x');
  });

  it('filters names: contains and startsWith ignore ASCII case and match wildcards literally; equals is exact', async () => {
    expect(await names('projectName=ALPHA&orderBy=projectName&order=asc')).toEqual(['Alpha street', 'alpha park']);
    expect(await names('projectName=beta&projectNameCondition=startsWith&orderBy=projectName&order=asc')).toEqual(['Beta 50%', 'Beta_x']);
    expect(await names('projectName=%25')).toEqual(['Beta 50%']);
    expect(await names('projectName=_')).toEqual(['Beta_x']);
    expect(await names('projectName=street&projectNameCondition=startsWith')).toEqual([]);
    expect(await names('projectName=Gamma&projectNameCondition=equals')).toEqual(['Gamma']);
    expect(await names('projectName=gamma&projectNameCondition=equals')).toEqual([]);
    expect((await list('projectName=%20%20')).total).toBe(6); // a blank filter filters nothing
  });

  it('filters by type, one or several, in or notIn', async () => {
    expect((await names('type=frame&orderBy=projectName&order=asc'))).toEqual(['Beta_x', 'alpha park']);
    expect((await list('type=frame&typeCondition=notIn')).total).toBe(4);
    expect((await list('type=frame&type=image')).total).toBe(6);
    expect((await list('type=frame&type=image&typeCondition=notIn')).total).toBe(0);
  });

  it('filters by project ids, in or notIn', async () => {
    expect(await names(`projectIds=${id.Gamma}&projectIds=${id['Beta_x']}&orderBy=projectName&order=asc`)).toEqual(['Beta_x', 'Gamma']);
    expect((await list(`projectIds=${id.Gamma}&projectIdCondition=notIn`)).total).toBe(5);
  });

  it('filters by members: any, all, none', async () => {
    const a = w.users.annotator.id;
    const r = w.users.reviewer.id;
    expect(await names(`memberIds=${a}&memberIds=${r}&orderBy=projectName&order=asc`)).toEqual(['Alpha street', 'Beta 50%', expect.stringMatching(/^Project P/), 'alpha park']);
    expect(await names(`memberIds=${a}&memberIds=${r}&memberIdsCondition=all&orderBy=projectName&order=asc`)).toEqual([expect.stringMatching(/^Project P/), 'alpha park']);
    expect(await names(`memberIds=${a}&memberIds=${a}&memberIdsCondition=all`)).toHaveLength(3); // a repeated id counts once
    expect(await names(`memberIds=${a}&memberIds=${r}&memberIdsCondition=none&orderBy=projectName&order=asc`)).toEqual(['Beta_x', 'Gamma']);
  });

  it('pages without gaps or repeats, ties broken by id, and past the end answers an empty page', async () => {
    // Three projects with the very same creation time.
    const now = s.app.ctx.now();
    for (const n of ['Tie 1', 'Tie 2', 'Tie 3']) {
      await s.app.ctx.db.insertInto('projects').values({ team_id: w.teamA, name: n, type: 'image', is_vendor: 0, created_by: w.users.owner.id, created_at: now + 60_000, updated_at: now }).execute();
    }
    const seen: number[] = [];
    for (let page = 1; page <= 5; page++) {
      const p = await list(`page=${page}&pageSize=2`);
      expect(p.total).toBe(9);
      seen.push(...p.list.map((x) => x.projectId));
    }
    expect(seen).toHaveLength(9);
    expect(new Set(seen).size).toBe(9);
    expect(seen.slice(0, 3)).toEqual([...seen.slice(0, 3)].sort((a, b) => b - a));
    expect(await list('page=6&pageSize=2')).toEqual({ list: [], total: 9, page: 6, pageSize: 2 });
  });

  it('answers the same through POST /project/list, where type may be a single value and id lists long', async () => {
    const body = { type: 'frame', orderBy: 'projectName', order: 'asc', page: 1, pageSize: 10 };
    const r = await s.call({ method: 'POST', url: '/core/project/list', token: w.users.owner.token, payload: body });
    expect(r.body.data.list.map((p: { projectName: string }) => p.projectName)).toEqual(['Beta_x', 'alpha park']);
    const many = Array.from({ length: 9_999 }, (_, i) => i + 1_000_000);
    const long = await s.call({ method: 'POST', url: '/core/project/list', token: w.users.owner.token, payload: { projectIds: [...many, id.Gamma] } });
    expect(long.body.data.list.map((p: { projectId: number }) => p.projectId)).toEqual([id.Gamma]);
    const empty = await s.call({ method: 'POST', url: '/core/project/list', token: w.users.owner.token, payload: {} });
    expect(empty.body.data.total).toBe(9);
  });

  it('rejects malformed filters with 400 error.validation, never a 500', async () => {
    const bad = [
      'page=0', 'pageSize=0', 'pageSize=501', 'page=abc', 'orderBy=name', 'order=up', 'type=video', 'typeCondition=maybe',
      'projectIds=abc', 'projectIds=0', 'projectIds=-1', 'memberIdsCondition=some', 'projectNameCondition=like', 'isVendor=perhaps',
      `projectName=${'x'.repeat(65)}`, 'unknown=1', `projectIds=${'1&projectIds='.repeat(200)}1`,
    ];
    for (const q of bad) {
      const r = await s.call({ method: 'GET', url: `/core/project?${q}`, token: w.users.owner.token });
      expect({ q, status: r.status, msg: r.body.msg }).toEqual({ q, status: 400, msg: 'error.validation' });
    }
    const badBodies = [{ extra: 1 }, { projectIds: Array.from({ length: 10_001 }, (_, i) => i + 1) }, { type: ['image', 'video'] }, { pageSize: '20x' }];
    for (const payload of badBodies) {
      const r = await s.call({ method: 'POST', url: '/core/project/list', token: w.users.owner.token, payload });
      expect(r.body.msg).toBe('error.validation');
    }
  });
});
