import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../support/databases';
import { startTestServer, type TestServer } from '../support/testServer';
import { buildWorld, type World } from '../support/world';

const label = (name: string, extra: object = {}) => ({ name, color: '#123456', ...extra });
const box = (extra: object = {}) => ({ name: 'Box', tool: 'box', labels: [label('Car')], ...extra });
const radio = (options: object[], extra: object = {}) => ({ name: 'Pick', type: 'radio', options, ...extra });
/** An attribute nested `levels` deep, each level under the first option of the one above. */
const nested = (levels: number): object =>
  levels === 1 ? { name: 'Leaf', type: 'text' } : radio([{ name: 'Open', attributes: [nested(levels - 1)] }]);

/** Each rule of a definition, broken once: 400 with its own key and the path of what broke it. */
const CASES: [string, object[], string, string][] = [
  ['a hotkey used twice', [box({ labels: [label('Car', { hotkey: 'c' })] }), box({ name: 'Other', labels: [label('Bus', { hotkey: 'C' })] })], 'duplicateHotkey', '/features/1/labels/0/hotkey'],
  ['a label name used twice in a feature', [box({ labels: [label('Car'), label(' car ')] })], 'duplicateLabelName', '/features/0/labels/1/name'],
  ['a feature name used twice', [box(), box({ name: 'BOX', tool: 'polygon' })], 'duplicateFeatureName', '/features/1/name'],
  ['an attribute name used twice among siblings', [box({ attributes: [{ name: 'Note', type: 'text' }, { name: 'note', type: 'number' }] })], 'duplicateAttributeName', '/features/0/attributes/1/name'],
  ['an option name used twice', [box({ attributes: [radio([{ name: 'Yes' }, { name: 'yes' }])] })], 'duplicateOptionName', '/features/0/attributes/0/options/1/name'],
  ['a label id used twice', [box({ labels: [label('Car', { id: 'x' }), label('Bus', { id: 'x' })] })], 'duplicateId', '/features/0/labels/1/id'],
  ['an attribute id used at two levels', [box({ attributes: [radio([{ name: 'Yes', attributes: [{ id: 'a1', name: 'Why', type: 'text' }] }], { id: 'a1' })] })], 'duplicateId', '/features/0/attributes/0/options/0/attributes/0/id'],
  ['options on a text attribute', [box({ attributes: [{ name: 'Note', type: 'text', options: [{ name: 'A' }] }] })], 'optionsNotAllowed', '/features/0/attributes/0/options'],
  ['a radio without options', [box({ attributes: [{ name: 'Pick', type: 'radio' }] })], 'optionsRequired', '/features/0/attributes/0/options'],
  ['number settings on a select', [box({ attributes: [{ name: 'Pick', type: 'select', options: [{ name: 'A' }], number: { min: 1 } }] })], 'fieldNotAllowed', '/features/0/attributes/0/number'],
  ['text settings on a number', [box({ attributes: [{ name: 'N', type: 'number', text: { maxLength: 3 } }] })], 'fieldNotAllowed', '/features/0/attributes/0/text'],
  ['a scope on a box', [box({ scope: 'frame' })], 'fieldNotAllowed', '/features/0/scope'],
  ['required on a box (only a classification is answered)', [box({ required: false })], 'fieldNotAllowed', '/features/0/required'],
  ['a skeleton on a polygon', [box({ tool: 'polygon', skeleton: { points: [{ name: 'A' }] } })], 'fieldNotAllowed', '/features/0/skeleton'],
  ['a minimum above the maximum', [box({ attributes: [{ name: 'N', type: 'number', number: { min: 5, max: 1 } }] })], 'invalidRange', '/features/0/attributes/0/number/max'],
  ['a number default out of range', [box({ attributes: [{ name: 'N', type: 'number', number: { max: 1, default: 2 } }] })], 'invalidDefault', '/features/0/attributes/0/number/default'],
  ['a text default longer than allowed', [box({ attributes: [{ name: 'T', type: 'text', text: { maxLength: 2, default: '密码本' } }] })], 'invalidDefault', '/features/0/attributes/0/text/default'],
  ['two preselected options on a radio', [box({ attributes: [radio([{ name: 'A', default: true }, { name: 'B', default: true }])] })], 'invalidDefault', '/features/0/attributes/0/options/1/default'],
  ['attributes four levels deep', [box({ attributes: [nested(4)] })], 'nestingTooDeep', '/features/0/attributes/0/options/0/attributes/0/options/0/attributes/0/options/0/attributes/0'],
  ['attributes sixty levels deep', [box({ attributes: [nested(60)] })], 'nestingTooDeep', '/features/0/attributes/0/options/0/attributes/0/options/0/attributes/0/options/0/attributes/0'],
  ['keypoints without a skeleton', [box({ tool: 'keypoints' })], 'skeletonRequired', '/features/0/skeleton'],
  ['keypoints with an empty skeleton', [box({ tool: 'keypoints', skeleton: { points: [] } })], 'skeletonRequired', '/features/0/skeleton'],
  ['a skeleton line to a missing point', [box({ tool: 'keypoints', skeleton: { points: [{ name: 'A' }, { name: 'B' }], edges: [{ from: 0, to: 2 }] } })], 'invalidSkeleton', '/features/0/skeleton/edges/0/to'],
  ['a skeleton line drawn twice', [box({ tool: 'keypoints', skeleton: { points: [{ name: 'A' }, { name: 'B' }], edges: [{ from: 0, to: 1 }, { from: 1, to: 0 }] } })], 'invalidSkeleton', '/features/0/skeleton/edges/1'],
  ['a box without labels', [box({ labels: [] })], 'labelsRequired', '/features/0/labels'],
  ['a classification with neither labels nor attributes', [{ name: 'Weather', tool: 'classification' }], 'labelsRequired', '/features/0/labels'],
];

describe.each(DB_KINDS)('ontology definition rules on %s', (kind) => {
  let s: TestServer;
  let w: World;
  beforeAll(async () => {
    s = await startTestServer(kind);
    w = await buildWorld(s.app.ctx);
  });
  afterAll(async () => {
    await s?.close();
  });

  const manage = (features: object[]) =>
    s.call({ method: 'POST', url: '/core/ontology/feature/manage', token: w.users.owner.token, payload: { projectId: w.projectP, features } });
  const features = async () => (await s.call({ method: 'GET', url: `/core/project/${w.projectP}/ontology`, token: w.users.owner.token })).body.data?.features ?? [];

  it.each(CASES)('refuses %s with its key and path, saving nothing', async (_what, payload, reason, path) => {
    const before = await features();
    const res = await manage(payload);
    expect({ status: res.status, msg: res.body.msg, path: res.body.data?.path }).toEqual({ status: 400, msg: `error.ontology.${reason}`, path });
    expect(await features()).toEqual(before);
  });

  it('names the clashing element: another place in the request, or a feature left alone', async () => {
    const inRequest = await manage([box({ labels: [label('Car', { hotkey: 'q' })] }), box({ name: 'Two', labels: [label('Bus', { hotkey: 'Q' })] })]);
    expect(inRequest.body.data).toEqual({ path: '/features/1/labels/0/hotkey', conflictsWith: { path: '/features/0/labels/0/hotkey' } });
    const [kept] = (await manage([box({ name: 'Kept', labels: [label('Car', { hotkey: 'k' })] })])).body.data;
    const clash = await manage([box({ name: 'New', labels: [label('Van', { hotkey: 'K' })] })]);
    expect(clash.body).toMatchObject({ msg: 'error.ontology.duplicateHotkey', data: { path: '/features/0/labels/0/hotkey', conflictsWith: { featureId: kept.featureId, labelId: kept.labels[0].id } } });
    // A feature of the same name but another tool is a different feature, so its name clashes.
    const sameName = await manage([box({ name: 'kept', tool: 'polygon' })]);
    expect(sameName.body).toMatchObject({ msg: 'error.ontology.duplicateFeatureName', data: { conflictsWith: { featureId: kept.featureId } } });
    // Saving over the feature itself frees its hotkey for the new definition.
    expect((await manage([{ ...kept, labels: [label('Car', { hotkey: 'k' })] }])).body.code).toBe(200);
  });

  it('refuses ids of another ontology\'s features and caps features and labels', async () => {
    const q = await s.call({
      method: 'POST', url: '/core/ontology/feature/manage', token: w.users.ownerB.token,
      payload: { projectId: w.projectQ, features: [box({ name: 'Foreign' })] },
    });
    const foreignId = q.body.data[0].featureId;
    const foreign = await manage([box({ featureId: foreignId })]);
    expect({ status: foreign.status, msg: foreign.body.msg, data: foreign.body.data }).toEqual({ status: 404, msg: 'error.ontology.featureNotFound', data: { featureIds: [foreignId] } });

    const many = (n: number, prefix: string, labels = 1) =>
      Array.from({ length: n }, (_, i) => box({ name: `${prefix}${i}`, labels: Array.from({ length: labels }, (_x, j) => label(`L${j}`)) }));
    const before = (await features()).length;
    expect((await manage(many(100 - before, 'F'))).body.code).toBe(200);
    const full = await manage(many(1, 'G'));
    expect({ status: full.status, msg: full.body.msg, data: full.body.data }).toEqual({ status: 409, msg: 'error.ontology.limitReached', data: { limit: 'features', max: 100 } });
    const labels = await s.call({ method: 'POST', url: `/core/project/${w.projectP}/ontology`, token: w.users.owner.token, payload: { features: many(6, 'H', 200) } });
    expect(labels.body).toMatchObject({ code: 409, msg: 'error.ontology.limitReached', data: { limit: 'labels', max: 1000 } });
  });

  it('refuses malformed shapes and documents from a newer version as bad input, never a 500', async () => {
    for (const bad of [
      [box({ labels: [label('Car', { color: 'red' })] })],
      [box({ labels: [label('Car', { hotkey: 'F1' })] })],
      [box({ colour: '#ffffff' })],
      [box({ attributes: [{ name: 'N', type: 'number', number: { step: 0 } }] })],
      [box({ tool: 'keypoints', skeleton: { points: [{ name: 'A' }], edges: [{ from: -1, to: 0 }] } })],
      [box({ labels: [label('Car', { id: 'has space' })] })],
    ]) {
      const res = await manage(bad);
      expect({ status: res.status, msg: res.body.msg }, JSON.stringify(bad)).toEqual({ status: 400, msg: 'error.validation' });
    }
    // 1e309 parses as Infinity, which no JSON answer could carry back.
    const infinite = await s.call({
      method: 'POST', url: '/core/ontology/feature/manage', token: w.users.owner.token, headers: { 'content-type': 'application/json' },
      payload: `{"projectId":${w.projectP},"features":[{"name":"N","tool":"box","labels":[{"name":"A","color":"#000000"}],"attributes":[{"name":"N","type":"number","number":{"max":1e309}}]}]}`,
    });
    expect({ status: infinite.status, msg: infinite.body.msg }).toEqual({ status: 400, msg: 'error.validation' });
    const newer = await s.call({ method: 'POST', url: `/core/project/${w.projectP}/ontology`, token: w.users.owner.token, payload: { version: 2, features: [] } });
    expect({ status: newer.status, msg: newer.body.msg, data: newer.body.data }).toEqual({ status: 400, msg: 'error.ontology.unsupportedVersion', data: { version: 2, supported: 1 } });
  });
});
