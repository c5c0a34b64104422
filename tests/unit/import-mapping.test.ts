import { describe, expect, it } from 'vitest';
import { buildFrame } from '../../src-server/imports/buildFrame';
import { mapAnswers } from '../../src-server/imports/mapAnswers';
import { mapObject, type MapCounters } from '../../src-server/imports/mapObject';
import { scaleGeometry } from '../../src-server/imports/scaleGeometry';
import type { SourceObject } from '../../src-server/imports/sourceModel';
import type { AnnotationObject } from '../../src-shared/model/annotation';
import type { OntologyFeature } from '../../src-shared/model/ontology';

let n = 0;
const newId = () => `new${++n}`;
const counters = (): MapCounters => ({ skipped: {}, dropped: {} });
const target: OntologyFeature = {
  featureId: 5, sortOrder: 0, name: 'Pose', tool: 'keypoints',
  labels: [{ id: 'person', name: 'person', color: '#000000' }],
  attributes: [
    { id: 'col', name: 'Colour', type: 'radio', required: false, options: [{ id: 'r', name: 'Red' }, { id: 'b', name: 'Blue' }] },
    { id: 'n', name: 'Count', type: 'number', required: false },
    { id: 'tags', name: 'Tags', type: 'checkbox', required: false, options: [{ id: 't1', name: 'One' }, { id: 't2', name: 'Two' }] },
  ],
  skeleton: { points: [{ id: 'h', name: 'head' }, { id: 'f', name: 'foot' }], edges: [] },
};

describe('mapping imported objects onto the target ontology', () => {
  it('maps answers by id, else by name (CVAT), and drops what fits nowhere, counted', () => {
    const c = counters();
    const out = mapAnswers({ col: 'b', Count: '3', tags: ['One', 't2'], occluded: false, n: 'many' }, target, undefined, c.dropped);
    expect(out).toEqual({ col: 'b', n: 3, tags: ['t1', 't2'] });
    expect(c.dropped).toEqual({ unknownAttribute: 1, invalidValue: 1 });
  });

  it('gives a yes or no (CVAT\'s occluded flag, a LabelMe flag, a true/false checkbox) to the one option that reads so, and to no option when two do', () => {
    const flags: OntologyFeature = {
      ...target,
      attributes: [
        { id: 'occ', name: 'occluded', type: 'radio', required: false, options: [{ id: 'y', name: '是' }, { id: 'no', name: 'No' }] },
        { id: 'tr', name: 'truncated', type: 'select', required: false, options: [{ id: 'y1', name: 'yes' }, { id: 'y2', name: 'true' }] },
      ],
    };
    const c = counters();
    expect(mapAnswers({ occluded: true }, flags, undefined, c.dropped)).toEqual({ occ: 'y' });
    expect(mapAnswers({ occluded: 'false' }, flags, undefined, c.dropped)).toEqual({ occ: 'no' });
    expect(mapAnswers({ occluded: '1' }, flags, undefined, c.dropped)).toEqual({ occ: 'y' });
    // "yes" and "true" both read as yes: a flag picks neither; the name itself still picks its own.
    expect(mapAnswers({ truncated: true }, flags, undefined, c.dropped)).toEqual({});
    expect(mapAnswers({ truncated: 'true' }, flags, undefined, c.dropped)).toEqual({ tr: 'y2' });
    expect(c.dropped).toEqual({ invalidValue: 1 });
  });

  it('maps a lossless answer through the file\'s own attribute and option names when the ids differ', () => {
    const source: OntologyFeature = { ...target, attributes: [{ id: 'other', name: 'colour', type: 'select', required: false, options: [{ id: 'x', name: 'red' }] }] };
    expect(mapAnswers({ other: 'x' }, target, source, {})).toEqual({ col: 'r' });
  });

  it('puts keypoints on the skeleton by point name, dropping points it lacks, and skips an object left with none', () => {
    const c = counters();
    const pose = (names: string[]): SourceObject => ({ label: 'person', attributes: {}, tool: 'keypoints', geometry: { points: names.map((name, i) => ({ name, x: i, y: i, visibility: 'visible' as const })) } });
    const to = { feature: target, label: target.labels[0]! };
    expect(mapObject(pose(['Head', 'tail']), to, newId, c)).toMatchObject({ featureId: 5, labelId: 'person', source: 'import', geometry: { points: [{ pointId: 'h', x: 0, y: 0, visibility: 'visible' }] } });
    expect(mapObject(pose(['tail']), to, newId, c)).toBeNull();
    expect(c).toEqual({ skipped: { noKeypoints: 1 }, dropped: { unknownKeypoint: 2 } });
  });

  it('skips a shape the model refuses (a box of no area) instead of storing it', () => {
    const c = counters();
    const boxes: OntologyFeature = { ...target, tool: 'box', skeleton: undefined };
    const flat: SourceObject = { label: 'person', attributes: {}, tool: 'box', geometry: { x: 1, y: 1, width: 0, height: 4 } };
    expect(mapObject(flat, { feature: boxes, label: boxes.labels[0]! }, newId, c)).toBeNull();
    expect(c.skipped).toEqual({ invalidGeometry: 1 });
  });

  it('scales YOLO\'s fractions by the frame size', () => {
    expect(scaleGeometry({ label: 'a', attributes: {}, tool: 'box', geometry: { x: 0.25, y: 0.5, width: 0.5, height: 0.25 } }, 640, 480).geometry).toEqual({ x: 160, y: 240, width: 320, height: 120 });
  });
});

describe('building a frame from what it holds and what is imported', () => {
  const object = (id: string, zIndex: number): AnnotationObject => ({ id, featureId: 1, labelId: 'car', tool: 'point', geometry: { x: 1, y: 1 }, attributes: {}, zIndex, source: 'manual' });
  const current = { version: 1 as const, objects: [object('a', 4)], classifications: [{ id: 'c', featureId: 2, attributes: {}, source: 'manual' as const }] };

  it('appends above what the frame holds with ids kept unique', () => {
    const built = buildFrame(current, { objects: [object('a', 0), object('z', 0)], classifications: [], complete: false }, 'append', () => 'fresh', {});
    expect(built.data.objects.map((o) => [o.id, o.zIndex])).toEqual([['a', 4], ['fresh', 5], ['z', 6]]);
    expect(built.added).toEqual({ objects: 2, classifications: 0 });
  });

  it('replaces objects, keeping classifications unless the file holds the frame whole', () => {
    const partial = buildFrame(current, { objects: [object('z', 0)], classifications: [], complete: false }, 'replace', newId, {});
    expect(partial.data).toMatchObject({ objects: [{ id: 'z' }], classifications: [{ id: 'c' }] });
    const whole = buildFrame(current, { objects: [object('z', 9)], classifications: [], complete: true }, 'replace', newId, {});
    expect(whole.data).toMatchObject({ objects: [{ id: 'z', zIndex: 9 }], classifications: [] });
  });
});
