import { describe, expect, it } from 'vitest';
import type { AnnotationObject } from '../../src-shared/model/annotation';
import { applyEdit } from '../../src-renderer/src/features/work/workspace/applyEdit';
import { ActiveTime, IDLE_AFTER_MS } from '../../src-renderer/src/features/work/workspace/activeTime';
import { labelLookup, paletteOf, UNKNOWN_LABEL_COLOR } from '../../src-renderer/src/features/work/workspace/palette';
import { attributeDefaults } from '../../src-shared/model/attributeDefaults';
import type { OntologyFeature } from '../../src-shared/model/ontology';

const box = (id: string, x = 0): AnnotationObject => ({
  id,
  featureId: 1,
  labelId: 'car',
  tool: 'box',
  geometry: { x, y: 0, width: 10, height: 10 },
  attributes: {},
  zIndex: 0,
  source: 'manual',
});

describe('applying journal edits to a frame', () => {
  it('replaces an object in place, adds new ones at the end and drops removed ones', () => {
    const frame = { version: 1 as const, objects: [box('a'), box('b'), box('c')], classifications: [] };
    const next = applyEdit(frame, { upsert: [box('b', 50), box('d')], remove: ['a'] });
    expect(next.objects.map((o) => o.id)).toEqual(['b', 'c', 'd']);
    expect(next.objects[0]!.geometry).toMatchObject({ x: 50 });
    // The frame shown before the edit is not changed under the user.
    expect(frame.objects.map((o) => o.id)).toEqual(['a', 'b', 'c']);
  });

  it('starts an empty frame for a first edit', () => {
    expect(applyEdit(undefined, { upsert: [box('a')] }).objects).toHaveLength(1);
  });
});

describe('active time on an item', () => {
  it('counts the time between inputs but not a long break', () => {
    let now = 0;
    const active = new ActiveTime(() => now);
    now = 5_000;
    active.touch();
    now = 5_000 + 10 * IDLE_AFTER_MS;
    active.touch();
    now += 2_000;
    expect(active.take()).toBe(5_000 + IDLE_AFTER_MS + 2_000);
    now += 1_000;
    expect(active.take()).toBe(1_000);
  });
});

describe('the label palette', () => {
  const features: OntologyFeature[] = [
    {
      featureId: 2,
      sortOrder: 2,
      name: 'People',
      tool: 'keypoints',
      labels: [{ id: 'person', name: 'person', color: '#00ff00', hotkey: 'p' }],
      attributes: [],
      skeleton: { points: [{ id: 'h', name: 'head' }], edges: [] },
    },
    {
      featureId: 1,
      sortOrder: 1,
      name: 'Vehicles',
      tool: 'box',
      labels: [{ id: 'car', name: 'car', color: '#ff0000' }],
      attributes: [
        { id: 'kind', name: 'kind', type: 'radio', required: true, options: [{ id: 'suv', name: 'SUV', default: true, attributes: [{ id: 'doors', name: 'doors', type: 'number', required: false, number: { default: 4 } }] }, { id: 'van', name: 'van' }] },
      ],
    },
    { featureId: 3, sortOrder: 3, name: 'Weather', tool: 'classification', labels: [{ id: 'sun', name: 'sunny', color: '#ffff00' }], attributes: [] },
  ];

  it('lists drawable labels in the ontology order, without classifications', () => {
    expect(paletteOf(features).map((e) => e.name)).toEqual(['car', 'person']);
  });

  it('fills new objects with the default answers, nested ones included', () => {
    expect(attributeDefaults(features[1]!.attributes)).toEqual({ kind: 'suv', doors: 4 });
    expect(paletteOf(features)[1]!.template.skeleton?.points).toHaveLength(1);
  });

  it('draws an object of a deleted label in grey instead of failing', () => {
    const lookup = labelLookup(paletteOf(features));
    expect(lookup.colorOf({ featureId: 1, labelId: 'car' })).toBe('#ff0000');
    expect(lookup.colorOf({ featureId: 1, labelId: 'gone' })).toBe(UNKNOWN_LABEL_COLOR);
  });
});
