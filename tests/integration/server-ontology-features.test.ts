import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World, type WorldUser } from '../support/world';

const vehicle = {
  name: 'Vehicle',
  tool: 'box',
  labels: [{ name: 'Car', color: '#FF0000', hotkey: 'C' }, { name: 'Bus', color: '#00ff00', description: ' City buses ' }],
  attributes: [
    {
      name: 'Occluded', type: 'radio', required: true,
      options: [{ name: 'Yes', attributes: [{ name: 'How much', type: 'number', number: { min: 0, max: 100, step: 5, default: 50 } }] }, { name: 'No', default: true }],
    },
    { name: 'Plate', type: 'text', text: { maxLength: 12 } },
  ],
};
const pose = {
  name: 'Pose', tool: 'keypoints',
  labels: [{ name: 'Person', color: '#0000ff' }],
  skeleton: { points: [{ name: 'Head' }, { name: 'Neck' }, { name: 'Hip' }], edges: [{ from: 0, to: 1 }, { from: 1, to: 2 }] },
};
const weather = {
  name: 'Weather', tool: 'classification', scope: 'frame',
  attributes: [{ name: 'Sky', type: 'checkbox', options: [{ name: 'Rain', default: true }, { name: 'Fog', default: true }, { name: 'Sun' }] }],
};

/** Saving, reading and deleting features, and the label views built from them. */
describe.each(DB_KINDS)('ontology features on %s', (kind) => {
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
  const manage = (u: WorldUser, features: object[]) => call(u, 'POST', '/ontology/feature/manage', { projectId: w.projectP, features });

  it('creates the ontology with the first features, stores them normalised and gives every element an id', async () => {
    w = await buildWorld(s.app.ctx);
    expect((await call(w.users.annotator, 'GET', `/ontology?projectId=${w.projectP}`)).body.data).toBeNull();
    const saved = await manage(w.users.projectManager, [vehicle, pose, weather]);
    expect(saved.body.code).toBe(200);
    const [box, keypoints, classification] = saved.body.data;
    expect(box).toMatchObject({
      name: 'Vehicle', tool: 'box', sortOrder: 0,
      labels: [{ name: 'Car', color: '#ff0000', hotkey: 'c' }, { name: 'Bus', color: '#00ff00', description: 'City buses' }],
      attributes: [
        { name: 'Occluded', type: 'radio', required: true, options: [{ name: 'Yes', attributes: [{ name: 'How much', type: 'number', required: false, number: { min: 0, max: 100, step: 5, default: 50 } }] }, { name: 'No', default: true }] },
        { name: 'Plate', type: 'text', required: false, text: { maxLength: 12 } },
      ],
    });
    expect(box.scope).toBeUndefined();
    expect(box.labels.every((l: { id: string }) => /^[A-Za-z0-9_-]{1,32}$/.test(l.id))).toBe(true);
    expect(keypoints).toMatchObject({ sortOrder: 1, skeleton: { points: [{ name: 'Head' }, { name: 'Neck' }, { name: 'Hip' }], edges: [{ from: 0, to: 1 }, { from: 1, to: 2 }] } });
    expect(classification).toMatchObject({ sortOrder: 2, scope: 'frame', labels: [] });
    // Required unless it says otherwise (every classification was before the switch): stored only when off.
    expect(classification.required).toBeUndefined();
    const optional = await manage(w.users.projectManager, [{ ...classification, required: false }]);
    expect(optional.body.data[0]).toMatchObject({ featureId: classification.featureId, required: false });

    const got = await call(w.users.vendorAnnotator, 'GET', `/ontology?projectId=${w.projectP}`);
    expect(got.body.data).toMatchObject({ projectId: w.projectP, features: saved.body.data });
    expect(got.body.data.name).toMatch(/^Project P/);
  });

  it('keeps element ids through renames, re-sends without ids and updates by name', async () => {
    w = await buildWorld(s.app.ctx);
    const [first] = (await manage(w.users.owner, [vehicle])).body.data;
    // A client that sends the feature back as it got it, with one label renamed.
    const renamed = { ...first, labels: [{ ...first.labels[0], name: 'Sedan' }, first.labels[1]] };
    const [second] = (await manage(w.users.owner, [renamed])).body.data;
    expect(second.featureId).toBe(first.featureId);
    expect(second.labels.map((l: { id: string; name: string }) => [l.id, l.name])).toEqual([[first.labels[0].id, 'Sedan'], [first.labels[1].id, 'Bus']]);
    // A client that knows no ids: same names keep their ids, at every level, and the feature is found by name and tool.
    const [third] = (await manage(w.users.owner, [vehicle])).body.data;
    expect(third.featureId).toBe(first.featureId);
    expect(third.labels[1].id).toBe(first.labels[1].id);
    expect(third.labels[0].id).not.toBe(first.labels[0].id);
    expect(third.attributes).toEqual(first.attributes);
    const list = await call(w.users.owner, 'POST', '/ontology/feature/list', { projectId: w.projectP });
    expect(list.body.data.total).toBe(1);
  });

  it('orders features by sortOrder, appends new ones, and lists them filtered and paged', async () => {
    w = await buildWorld(s.app.ctx);
    await manage(w.users.owner, [vehicle, pose]);
    // Vehicle moves behind Pose; Weather, new, goes after everything.
    await manage(w.users.owner, [{ ...vehicle, sortOrder: 5 }, weather]);
    const list = (body: object) => call(w.users.reviewer, 'POST', '/ontology/feature/list', { projectId: w.projectP, ...body });
    const all = await list({});
    expect(all.body.data.list.map((f: { name: string; sortOrder: number }) => [f.name, f.sortOrder])).toEqual([['Pose', 1], ['Vehicle', 5], ['Weather', 6]]);
    expect((await list({ pageSize: 1, page: 2 })).body.data).toMatchObject({ total: 3, page: 2, pageSize: 1, list: [{ name: 'Vehicle' }] });
    expect((await list({ types: ['keypoints', 'classification'] })).body.data.list.map((f: { name: string }) => f.name)).toEqual(['Pose', 'Weather']);
    expect((await list({ tool: 'box', types: ['keypoints'] })).body.data.total).toBe(0);
    expect((await list({ name: 'EAT' })).body.data.list.map((f: { name: string }) => f.name)).toEqual(['Weather']);
    expect((await list({ featureIds: [all.body.data.list[0].featureId] })).body.data.list.map((f: { name: string }) => f.name)).toEqual(['Pose']);
    const byTool = await call(w.users.annotator, 'GET', `/ontology?projectId=${w.projectP}&tool=box`);
    expect(byTool.body.data.features.map((f: { name: string }) => f.name)).toEqual(['Vehicle']);
  });

  it('deletes features all or nothing, also addressed by ontology id', async () => {
    w = await buildWorld(s.app.ctx);
    const [a, b] = (await manage(w.users.owner, [vehicle, pose])).body.data;
    const none = await call(w.users.owner, 'DELETE', `/ontology/feature/delete?projectId=${w.projectP}&featureIds=${a.featureId}&featureIds=999999`);
    expect({ status: none.status, msg: none.body.msg, data: none.body.data }).toEqual({ status: 404, msg: 'error.ontology.featureNotFound', data: { featureIds: [999999] } });
    expect((await call(w.users.owner, 'DELETE', `/ontology/feature/delete?projectId=${w.projectP}&featureIds=${a.featureId}`)).body.code).toBe(200);
    const ontology = (await call(w.users.owner, 'GET', `/project/${w.projectP}/ontology`)).body.data;
    expect(ontology.features.map((f: { featureId: number }) => f.featureId)).toEqual([b.featureId]);
    const scoped = await call(w.users.manager, 'DELETE', `/ontology/${ontology.ontologyId}/feature/delete?projectId=${w.projectP}&featureIds=${b.featureId}`);
    expect(scoped.body.code).toBe(200);
    expect((await call(w.users.owner, 'GET', `/project/${w.projectP}/ontology`)).body.data.features).toEqual([]);
  });

  it('answers one feature for the annotator with the defaults its form starts from', async () => {
    w = await buildWorld(s.app.ctx);
    const [box, , sky] = (await manage(w.users.owner, [vehicle, pose, weather])).body.data;
    const view = await call(w.users.annotator, 'GET', `/ontology/labelView?projectId=${w.projectP}&featureId=${box.featureId}`);
    const [occluded, plate] = box.attributes;
    expect(view.body.data).toEqual({ ...box, defaults: { [occluded.id]: occluded.options[1].id, [occluded.options[0].attributes[0].id]: 50 } });
    expect(plate.text.default).toBeUndefined();
    const skyView = await call(w.users.annotator, 'GET', `/ontology/labelView?projectId=${w.projectP}&featureId=${sky.featureId}`);
    const [skyAttr] = sky.attributes;
    expect(skyView.body.data.defaults).toEqual({ [skyAttr.id]: [skyAttr.options[0].id, skyAttr.options[1].id] });
    const missing = await call(w.users.annotator, 'GET', `/ontology/labelView?projectId=${w.projectP}&featureId=999999`);
    expect({ status: missing.status, msg: missing.body.msg }).toEqual({ status: 404, msg: 'error.ontology.featureNotFound' });
  });

  it('answers the labels flat, paged and searched, and grouped by tool', async () => {
    w = await buildWorld(s.app.ctx);
    const [box, keypoints] = (await manage(w.users.owner, [vehicle, pose, weather])).body.data;
    const flat = await call(w.users.annotator, 'GET', `/ontology/labels?projectId=${w.projectP}`);
    expect(flat.body.data).toEqual([
      { featureId: box.featureId, featureName: 'Vehicle', tool: 'box', labelId: box.labels[0].id, name: 'Car', color: '#ff0000', hotkey: 'c' },
      { featureId: box.featureId, featureName: 'Vehicle', tool: 'box', labelId: box.labels[1].id, name: 'Bus', color: '#00ff00', description: 'City buses' },
      { featureId: keypoints.featureId, featureName: 'Pose', tool: 'keypoints', labelId: keypoints.labels[0].id, name: 'Person', color: '#0000ff' },
    ]);
    expect((await call(w.users.annotator, 'GET', `/ontology/labels?projectId=${w.projectP}&types=keypoints`)).body.data.map((l: { name: string }) => l.name)).toEqual(['Person']);
    const page = await call(w.users.annotator, 'GET', `/ontology/labels/list?projectId=${w.projectP}&pageSize=1&page=2`);
    expect(page.body.data).toMatchObject({ total: 3, page: 2, pageSize: 1, list: [{ name: 'Bus' }] });
    const search = await call(w.users.annotator, 'GET', `/ontology/labels/list?projectId=${w.projectP}&name=S`);
    expect(search.body.data.list.map((l: { name: string }) => l.name)).toEqual(['Bus', 'Person']);
    const ofFeature = await call(w.users.annotator, 'GET', `/ontology/labels/list?projectId=${w.projectP}&featureId=${keypoints.featureId}`);
    expect(ofFeature.body.data.total).toBe(1);
    const grouped = await call(w.users.annotator, 'GET', `/ontology/labelsV2?projectId=${w.projectP}`);
    expect(grouped.body.data).toEqual([
      { tool: 'box', features: [{ featureId: box.featureId, name: 'Vehicle', labels: box.labels }] },
      { tool: 'keypoints', features: [{ featureId: keypoints.featureId, name: 'Pose', labels: keypoints.labels }] },
      { tool: 'classification', features: [expect.objectContaining({ name: 'Weather', scope: 'frame', labels: [] })] },
    ]);
  });

  it('answers empty views for a project without an ontology', async () => {
    w = await buildWorld(s.app.ctx);
    expect((await call(w.users.annotator, 'GET', `/ontology/labels?projectId=${w.projectP}`)).body.data).toEqual([]);
    expect((await call(w.users.annotator, 'GET', `/ontology/labelsV2?projectId=${w.projectP}`)).body.data).toEqual([]);
    expect((await call(w.users.annotator, 'POST', '/ontology/feature/list', { projectId: w.projectP })).body.data).toEqual({ list: [], total: 0, page: 1, pageSize: 20 });
    expect((await call(w.users.annotator, 'GET', `/project/${w.projectP}/ontologyV2`)).body.data).toBeNull();
    const del = await call(w.users.owner, 'DELETE', `/ontology/feature/delete?projectId=${w.projectP}&featureIds=1`);
    expect(del.body.msg).toBe('error.ontology.featureNotFound');
  });
});
