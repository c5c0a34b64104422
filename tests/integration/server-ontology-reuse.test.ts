import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World, type WorldUser } from '../support/world';

const car = { name: 'Car', tool: 'box', labels: [{ name: 'Sedan', color: '#ff0000', hotkey: '1' }, { name: 'Van', color: '#ff8800' }] };
const lane = { name: 'Lane', tool: 'polyline', labels: [{ name: 'Solid', color: '#ffffff' }] };
const weather = { name: 'Weather', tool: 'classification', attributes: [{ name: 'Sky', type: 'radio', options: [{ name: 'Clear' }, { name: 'Rain' }] }] };

/** Finding ontologies to reuse, and copying one into a project. */
describe.each(DB_KINDS)('ontology reuse on %s', (kind) => {
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
  const names = (page: { list: { name: string }[] }) => page.list.map((o) => o.name);
  /** Team A: P (shared with vendor V) with "Roads", and R (no members) with "Weather"; team B: Q with "Secret". */
  const setUp = async () => {
    w = await buildWorld(s.app.ctx);
    await call(w.users.owner, 'POST', '/ontology/create', { projectId: w.projectP, name: 'Roads', features: [car, lane] });
    const r = (await call(w.users.owner, 'POST', '/project', { projectName: 'Rain study', type: 'frame' })).body.data.projectId as number;
    s.advance(10);
    await call(w.users.owner, 'POST', '/ontology/create', { projectId: r, name: 'Weather', features: [weather] });
    await call(w.users.ownerB, 'POST', '/ontology/create', { projectId: w.projectQ, name: 'Secret', features: [car] });
    return r;
  };

  it('lists the ontologies of the projects the caller sees in the current team, with counts', async () => {
    const r = await setUp();
    const owner = (await call(w.users.owner, 'POST', '/ontology/list', {})).body.data;
    expect(owner).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(owner.list).toEqual([
      expect.objectContaining({ name: 'Weather', projectId: r, projectName: 'Rain study', featureCount: 1, labelCount: 0, tools: ['classification'] }),
      expect.objectContaining({ name: 'Roads', projectId: w.projectP, featureCount: 2, labelCount: 3, tools: ['box', 'polyline'] }),
    ]);
    // Project members see their projects' ontologies; a vendor team sees what is shared with it.
    expect(names((await call(w.users.annotator, 'POST', '/ontology/list', {})).body.data)).toEqual(['Roads']);
    expect(names((await call(w.users.vendorManager, 'POST', '/ontology/list', {})).body.data)).toEqual(['Roads']);
    expect(names((await call(w.users.ownerB, 'POST', '/ontology/list', {})).body.data)).toEqual(['Secret']);
    expect((await call(w.users.outsider, 'POST', '/ontology/list', {})).body.data).toEqual({ list: [], total: 0, page: 1, pageSize: 20 });
    // The name matches the ontology's or its project's.
    expect(names((await call(w.users.owner, 'POST', '/ontology/list', { name: 'RAIN' })).body.data)).toEqual(['Weather']);
    expect(names((await call(w.users.owner, 'POST', '/ontology/list', { name: 'oad' })).body.data)).toEqual(['Roads']);
    expect((await call(w.users.owner, 'POST', '/ontology/list', { pageSize: 1, page: 2 })).body.data).toMatchObject({ total: 2, list: [{ name: 'Roads' }] });
  });

  it('replaces a project\'s ontology with a copy that keeps element ids but not feature ids', async () => {
    const r = await setUp();
    const roads = (await call(w.users.owner, 'GET', `/project/${w.projectP}/ontology`)).body.data;
    const copied = await call(w.users.owner, 'POST', '/ontology/select', { projectId: r, ontologyId: roads.ontologyId });
    expect(copied.body.data).toMatchObject({ projectId: r, name: 'Roads' });
    const strip = (features: { featureId: number }[]) => features.map(({ featureId: _id, ...f }) => f);
    expect(strip(copied.body.data.features)).toEqual(strip(roads.features));
    const roadIds = new Set(roads.features.map((f: { featureId: number }) => f.featureId));
    expect(copied.body.data.features.every((f: { featureId: number }) => !roadIds.has(f.featureId))).toBe(true);
    // The source is untouched, and a copy onto itself changes nothing.
    expect((await call(w.users.owner, 'GET', `/project/${w.projectP}/ontology`)).body.data).toEqual(roads);
    const self = await call(w.users.owner, 'POST', '/ontology/select', { projectId: w.projectP, ontologyId: roads.ontologyId });
    expect(self.body.data.features).toEqual(roads.features);
  });

  it('copies only ontologies the caller may read', async () => {
    const r = await setUp();
    const secret = (await call(w.users.ownerB, 'GET', `/project/${w.projectQ}/ontology`)).body.data;
    const fromB = await call(w.users.owner, 'POST', '/ontology/select', { projectId: w.projectP, ontologyId: secret.ontologyId });
    expect({ status: fromB.status, msg: fromB.body.msg }).toEqual({ status: 404, msg: 'error.ontology.notFound' });
    // P's project manager is no member of R, so R's ontology is as unknown to them as team B's.
    const weatherId = (await call(w.users.owner, 'GET', `/project/${r}/ontology`)).body.data.ontologyId;
    const unseen = await call(w.users.projectManager, 'POST', '/ontology/select', { projectId: w.projectP, ontologyId: weatherId });
    expect({ status: unseen.status, msg: unseen.body.msg }).toEqual({ status: 404, msg: 'error.ontology.notFound' });
    expect((await call(w.users.owner, 'GET', `/project/${w.projectP}/ontology`)).body.data.name).toBe('Roads');
    // A project without an ontology gets one by copying.
    const empty = (await call(w.users.owner, 'POST', '/project', { projectName: 'Empty', type: 'image' })).body.data.projectId;
    const got = await call(w.users.manager, 'POST', '/ontology/select', { projectId: empty, ontologyId: weatherId });
    expect(got.body.data).toMatchObject({ projectId: empty, name: 'Weather', features: [{ name: 'Weather', scope: 'subject' }] });
  });
});
