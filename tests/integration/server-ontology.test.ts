import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World, type WorldUser } from '../support/world';

const car = { name: 'Car', tool: 'box', labels: [{ name: 'Sedan', color: '#ff0000', hotkey: '1' }] };
const lane = { name: 'Lane', tool: 'polyline', labels: [{ name: 'Solid', color: '#ffffff' }] };
const pose = {
  name: 'Pose', tool: 'keypoints', labels: [{ name: 'Person', color: '#00ff00' }],
  attributes: [{ name: 'Visible', type: 'select', options: [{ name: 'All' }, { name: 'Some', attributes: [{ name: 'Which', type: 'text' }] }] }],
  skeleton: { points: [{ name: 'Head' }, { name: 'Tail' }], edges: [{ from: 0, to: 1 }] },
};

/** The ontology as a whole: created, renamed, replaced, exported, imported, deleted, and kept to its project. */
describe.each(DB_KINDS)('ontology lifecycle on %s', (kind) => {
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
  const ontologyOf = async (projectId: number, u = w.users.owner) => (await call(u, 'GET', `/project/${projectId}/ontology`)).body.data;

  it('creates one ontology per project, named after the project unless named, and marks the project changed', async () => {
    w = await buildWorld(s.app.ctx);
    const before = (await call(w.users.owner, 'GET', `/project/${w.projectP}`)).body.data.updatedAt;
    s.advance(1000);
    const made = await call(w.users.manager, 'POST', '/ontology/create', { projectId: w.projectP, description: ' Roads ', features: [car, lane] });
    expect(made.body.data).toMatchObject({ projectId: w.projectP, description: 'Roads', features: [{ name: 'Car', sortOrder: 0 }, { name: 'Lane', sortOrder: 1 }] });
    expect(made.body.data.name).toMatch(/^Project P/);
    expect(await ontologyOf(w.projectP)).toEqual(made.body.data);
    expect((await call(w.users.owner, 'GET', `/project/${w.projectP}`)).body.data.updatedAt).toBeGreaterThan(before);
    const again = await call(w.users.owner, 'POST', '/ontology/create', { projectId: w.projectP, name: 'Second' });
    expect({ status: again.status, msg: again.body.msg }).toEqual({ status: 409, msg: 'error.ontology.alreadyExists' });
    // A broken definition creates no ontology either.
    const other = (await call(w.users.owner, 'POST', '/project', { projectName: 'Other', type: 'image' })).body.data.projectId;
    const broken = await call(w.users.owner, 'POST', '/ontology/create', { projectId: other, features: [car, { ...lane, labels: [{ name: 'X', color: '#000000', hotkey: '1' }] }] });
    expect(broken.body.msg).toBe('error.ontology.duplicateHotkey');
    expect(await ontologyOf(other)).toBeNull();
  });

  it('renames, describes and deletes an ontology only through its own project', async () => {
    w = await buildWorld(s.app.ctx);
    const mine = (await call(w.users.owner, 'POST', '/ontology/create', { projectId: w.projectP, name: 'Roads', features: [car] })).body.data;
    const theirs = (await call(w.users.ownerB, 'POST', '/ontology/create', { projectId: w.projectQ, name: 'Secret', features: [car] })).body.data;
    const renamed = await call(w.users.projectManager, 'PUT', `/ontology/${mine.ontologyId}`, { projectId: w.projectP, name: ' Streets ', description: 'Day and night' });
    expect(renamed.body.data).toMatchObject({ ontologyId: mine.ontologyId, name: 'Streets', description: 'Day and night', features: mine.features });
    expect((await call(w.users.projectManager, 'PUT', `/ontology/${mine.ontologyId}`, { projectId: w.projectP })).body.msg).toBe('error.validation');

    // Team B's ontology id, sent with a project the caller may manage: as if it did not exist.
    for (const [method, url, payload] of [
      ['PUT', `/ontology/${theirs.ontologyId}`, { projectId: w.projectP, name: 'Mine now' }],
      ['POST', `/ontology/${theirs.ontologyId}/delete`, { projectId: w.projectP }],
      ['POST', `/ontology/${theirs.ontologyId}/feature/manage`, { projectId: w.projectP, features: [lane] }],
      ['DELETE', `/ontology/${theirs.ontologyId}/feature/delete?projectId=${w.projectP}&featureIds=${theirs.features[0].featureId}`],
      ['DELETE', `/ontology/feature/delete?projectId=${w.projectP}&featureIds=${theirs.features[0].featureId}`],
      ['GET', `/ontology/labelView?projectId=${w.projectP}&featureId=${theirs.features[0].featureId}`],
    ] as const) {
      const res = await call(w.users.owner, method, url, payload);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    expect(await ontologyOf(w.projectQ, w.users.ownerB)).toEqual(theirs);

    expect((await call(w.users.owner, 'POST', `/ontology/${mine.ontologyId}/delete`, { projectId: w.projectP })).body.code).toBe(200);
    expect(await ontologyOf(w.projectP)).toBeNull();
    const gone = await call(w.users.owner, 'DELETE', `/project/${w.projectP}/ontology`);
    expect({ status: gone.status, msg: gone.body.msg }).toEqual({ status: 404, msg: 'error.ontology.notFound' });
    // The next save starts a new ontology.
    expect((await call(w.users.owner, 'POST', '/ontology/feature/manage', { projectId: w.projectP, features: [lane] })).body.code).toBe(200);
    expect((await call(w.users.owner, 'DELETE', `/project/${w.projectP}/ontology`)).body.code).toBe(200);
  });

  it('replaces the whole ontology: listed features kept by id or name, the rest deleted', async () => {
    w = await buildWorld(s.app.ctx);
    const first = (await call(w.users.owner, 'POST', `/project/${w.projectP}/ontology`, { name: 'Roads', features: [car, lane, pose] })).body.data;
    const [carF, laneF] = first.features;
    const replaced = await call(w.users.owner, 'POST', `/project/${w.projectP}/ontology`, {
      features: [{ ...laneF, name: 'Lane line' }, car, { name: 'Sign', tool: 'point', labels: [{ name: 'Stop', color: '#aa0000' }] }],
    });
    expect(replaced.body.data).toMatchObject({ ontologyId: first.ontologyId, name: 'Roads' });
    expect(replaced.body.data.features.map((f: { featureId: number; name: string }) => [f.featureId, f.name])).toEqual([
      [laneF.featureId, 'Lane line'],
      [carF.featureId, 'Car'],
      [expect.any(Number), 'Sign'],
    ]);
    expect(replaced.body.data.features[1].labels[0].id).toBe(carF.labels[0].id);
    // A feature of another ontology named by id is refused; nothing changes.
    const q = (await call(w.users.ownerB, 'POST', '/ontology/feature/manage', { projectId: w.projectQ, features: [car] })).body.data[0];
    const foreign = await call(w.users.owner, 'POST', `/project/${w.projectP}/ontology`, { features: [{ ...car, featureId: q.featureId }] });
    expect(foreign.body.msg).toBe('error.ontology.featureNotFound');
    expect(await ontologyOf(w.projectP)).toEqual(replaced.body.data);
    expect((await call(w.users.owner, 'POST', `/project/${w.projectP}/ontology`, { features: [] })).body.data.features).toEqual([]);
  });

  it('exports a versioned document that imports into another project as the same ontology', async () => {
    w = await buildWorld(s.app.ctx);
    await call(w.users.owner, 'POST', `/project/${w.projectP}/ontology`, { name: 'Roads', description: 'Export me', features: [car, pose, lane] });
    const doc = (await call(w.users.reviewer, 'GET', `/project/${w.projectP}/ontologyV2`)).body.data;
    expect(doc).toMatchObject({ version: 1, name: 'Roads', description: 'Export me', features: [{ name: 'Car' }, { name: 'Pose' }, { name: 'Lane' }] });
    expect(doc.features[0]).not.toHaveProperty('featureId');
    const other = (await call(w.users.owner, 'POST', '/project', { projectName: 'Copy target', type: 'image' })).body.data.projectId;
    const imported = await call(w.users.owner, 'POST', `/project/${other}/ontology`, doc);
    expect(imported.body.code).toBe(200);
    expect((await call(w.users.owner, 'GET', `/project/${other}/ontologyV2`)).body.data).toEqual(doc);
    // Importing it again over itself changes no feature id.
    const again = await call(w.users.owner, 'POST', `/project/${other}/ontology`, doc);
    expect(again.body.data.features).toEqual(imported.body.data.features);
  });

  it('goes with its project when the project is deleted', async () => {
    w = await buildWorld(s.app.ctx);
    await call(w.users.owner, 'POST', '/ontology/feature/manage', { projectId: w.projectP, features: [car, pose] });
    expect((await call(w.users.owner, 'DELETE', `/project/${w.projectP}`)).body.code).toBe(200);
    const list = await call(w.users.owner, 'POST', '/ontology/list', {});
    expect(list.body.data.total).toBe(0);
  });
});
