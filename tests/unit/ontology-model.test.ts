import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import {
  DefinitionVersionError, FeatureInput, ONTOLOGY_LIMITS, ONTOLOGY_VERSION, readDefinition, storedDefinition, upgradeDefinition, validateFeatures,
  type AttributeInput, type FeatureInput as FeatureInputType,
} from '../../src-shared/model/ontology';
import { toDefinition } from '../../src-server/routes/ontology/definition';
import { defaultsOf } from '../../src-server/routes/ontology/views';

const label = (name: string, extra: object = {}) => ({ name, color: '#336699', ...extra });
/** An attribute nested `levels` deep, each level under the only option of the one above. */
const nested = (levels: number): AttributeInput =>
  levels === 1 ? { name: `L1`, type: 'text' } : { name: `L${levels}`, type: 'radio', options: [{ name: 'Open', attributes: [nested(levels - 1)] }] };
/** Ids 'n1', 'n2', ... in order, so assigned ids can be asserted. */
const counter = (prefix = 'n') => {
  let i = 0;
  return () => `${prefix}${++i}`;
};

describe('ontology definition rules', () => {
  it('accepts a complete ontology of every tool', () => {
    const features: FeatureInputType[] = [
      { name: 'Car', tool: 'box', labels: [label('Sedan', { hotkey: 'S' }), label('Van', { hotkey: '2' })], attributes: [nested(ONTOLOGY_LIMITS.attributeDepth)] },
      { name: 'Area', tool: 'polygon', labels: [label('Road')] },
      { name: 'Lane', tool: 'polyline', labels: [label('Solid')] },
      { name: 'Sign', tool: 'point', labels: [label('Stop')] },
      { name: 'Pose', tool: 'keypoints', labels: [label('Person')], skeleton: { points: [{ name: 'A' }, { name: 'B' }, { name: 'C' }], edges: [{ from: 0, to: 1 }, { from: 2, to: 1 }] } },
      { name: 'Cube', tool: 'cuboid', labels: [label('Truck')] },
      { name: 'Sky', tool: 'classification', scope: 'frame', attributes: [{ name: 'Weather', type: 'checkbox', options: [{ name: 'Rain', default: true }, { name: 'Fog', default: true }] }] },
    ];
    expect(validateFeatures(features)).toBeNull();
    for (const f of features) expect(Value.Check(FeatureInput, f)).toBe(true);
    expect(Value.Check(FeatureInput, { ...features[1], labels: [label('Road', { color: 'red' })] })).toBe(false);
  });

  it('reports the first broken rule in request order, with the element it clashes with', () => {
    const features: FeatureInputType[] = [
      { name: 'Car', tool: 'box', labels: [label('Sedan', { hotkey: 'x' })] },
      { name: 'Bus', tool: 'box', labels: [label('Coach', { hotkey: 'X' }), label('coach ')] },
    ];
    expect(validateFeatures(features)).toEqual({ reason: 'duplicateHotkey', path: '/features/1/labels/0/hotkey', conflictsWith: { path: '/features/0/labels/0/hotkey' } });
    const others = [{ featureId: 7, name: 'Truck', labels: [{ id: 'tk', hotkey: 'x' }] }];
    expect(validateFeatures([features[0]!], others)).toEqual({ reason: 'duplicateHotkey', path: '/features/0/labels/0/hotkey', conflictsWith: { featureId: 7, labelId: 'tk' } });
    expect(validateFeatures([{ name: ' truck', tool: 'point', labels: [label('A')] }], others)).toEqual({ reason: 'duplicateFeatureName', path: '/features/0/name', conflictsWith: { featureId: 7 } });
  });

  it('allows three attribute levels and refuses a fourth, which the schema leaves to it', () => {
    const at = (levels: number): FeatureInputType => ({ name: 'Car', tool: 'box', labels: [label('A')], attributes: [nested(levels)] });
    expect(validateFeatures([at(3)])).toBeNull();
    expect(Value.Check(FeatureInput, at(4))).toBe(true);
    expect(validateFeatures([at(4)])).toEqual({ reason: 'nestingTooDeep', path: '/features/0/attributes/0/options/0/attributes/0/options/0/attributes/0/options/0/attributes/0' });
  });

  it('checks attribute settings against the attribute type', () => {
    const one = (a: AttributeInput) => validateFeatures([{ name: 'F', tool: 'box', labels: [label('A')], attributes: [a] }])?.reason ?? null;
    expect(one({ name: 'T', type: 'text', options: [] })).toBe('optionsNotAllowed');
    expect(one({ name: 'S', type: 'select', options: [] })).toBe('optionsRequired');
    expect(one({ name: 'R', type: 'radio', options: [{ name: 'A' }], text: {} })).toBe('fieldNotAllowed');
    expect(one({ name: 'N', type: 'number', number: { min: 1, max: 1, default: 1 } })).toBeNull();
    expect(one({ name: 'N', type: 'number', number: { min: 2, default: 1 } })).toBe('invalidDefault');
    expect(one({ name: 'N', type: 'number', number: { min: 2, max: 1 } })).toBe('invalidRange');
    // Code points, not UTF-16 units: an emoji is one character.
    expect(one({ name: 'T', type: 'text', text: { maxLength: 1, default: '😀' } })).toBeNull();
    expect(one({ name: 'C', type: 'checkbox', options: [{ name: 'A', default: true }, { name: 'B', default: true }] })).toBeNull();
    expect(one({ name: 'S', type: 'select', options: [{ name: 'A', default: true }, { name: 'B', default: true }] })).toBe('invalidDefault');
  });

  it('checks skeletons: names, lines to missing points, lines to themselves, repeated lines', () => {
    const pose = (skeleton: FeatureInputType['skeleton']) => validateFeatures([{ name: 'P', tool: 'keypoints', labels: [label('A')], ...(skeleton ? { skeleton } : {}) }]);
    const two = [{ name: 'A' }, { name: 'B' }];
    expect(pose(undefined)).toEqual({ reason: 'skeletonRequired', path: '/features/0/skeleton' });
    expect(pose({ points: [{ name: 'A' }, { name: 'a' }] })).toEqual({ reason: 'invalidSkeleton', path: '/features/0/skeleton/points/1/name', conflictsWith: { path: '/features/0/skeleton/points/0/name' } });
    expect(pose({ points: two, edges: [{ from: 1, to: 1 }] })?.path).toBe('/features/0/skeleton/edges/0');
    expect(pose({ points: two, edges: [{ from: 0, to: 5 }] })?.path).toBe('/features/0/skeleton/edges/0/to');
    expect(pose({ points: two, edges: [{ from: 0, to: 1 }, { from: 1, to: 0 }] })?.path).toBe('/features/0/skeleton/edges/1');
  });
});

describe('stored definition versions', () => {
  const v1 = { version: 1, labels: [{ id: 'a', name: 'A', color: '#000000' }], attributes: [] };

  it('reads the current version as it is and fills lists left out', () => {
    expect(ONTOLOGY_VERSION).toBe(1);
    expect(upgradeDefinition(v1)).toEqual(v1);
    expect(readDefinition({ version: 1 })).toEqual({ labels: [], attributes: [] });
    const def = { scope: 'frame' as const, labels: [], attributes: [] };
    expect(readDefinition(JSON.parse(JSON.stringify(storedDefinition(def))))).toEqual(def);
  });

  it('applies each upgrade in turn, and refuses what it cannot read rather than guess', () => {
    const upgrades = {
      1: (d: Record<string, unknown>) => ({ ...d, colour: 'renamed' }),
      2: (d: Record<string, unknown>) => ({ ...d, steps: [...((d.steps as number[] | undefined) ?? []), 2] }),
    };
    expect(upgradeDefinition(v1, upgrades, 3)).toEqual({ ...v1, version: 3, colour: 'renamed', steps: [2] });
    expect(upgradeDefinition({ version: 2 }, upgrades, 3)).toEqual({ version: 3, steps: [2] });
    expect(() => upgradeDefinition({ version: 4 }, upgrades, 3)).toThrow(DefinitionVersionError);
    expect(() => upgradeDefinition({ version: 1 }, { 2: upgrades[2] }, 3)).toThrow(DefinitionVersionError);
    for (const bad of [{}, { version: '1' }, { version: 0 }, { version: 1.5 }, null, [], 'x']) {
      expect(() => upgradeDefinition(bad)).toThrow(DefinitionVersionError);
    }
  });
});

describe('element ids', () => {
  const feature: FeatureInputType = {
    name: ' Car ', tool: 'box',
    labels: [label('Sedan', { color: '#ABCDEF', hotkey: 'Q' }), label('Van', { id: 'van', description: '  ' })],
    attributes: [{ name: 'Occluded', type: 'radio', options: [{ name: 'Yes', attributes: [{ name: 'How', type: 'number', number: { default: 3 } }] }, { name: 'No', default: true }] }],
  };

  it('keeps given ids, assigns new ones, and stores names trimmed and colours and hotkeys lower-case', () => {
    const def = toDefinition(feature, undefined, counter());
    expect(def).toEqual({
      labels: [{ id: 'n1', name: 'Sedan', color: '#abcdef', hotkey: 'q' }, { id: 'van', name: 'Van', color: '#336699' }],
      attributes: [{
        id: 'n2', name: 'Occluded', type: 'radio', required: false,
        options: [{ id: 'n3', name: 'Yes', attributes: [{ id: 'n4', name: 'How', type: 'number', required: false, number: { default: 3 } }] }, { id: 'n5', name: 'No', default: true }],
      }],
    });
    expect(defaultsOf(def.attributes)).toEqual({ n2: 'n5', n4: 3 });
  });

  it('gives an element sent without an id the id its namesake had at the same place', () => {
    const before = toDefinition(feature, undefined, counter());
    const again = toDefinition({ ...feature, labels: [label('sedan'), label('Van')] }, before, counter('m'));
    expect(again.labels.map((l) => l.id)).toEqual(['n1', 'van']);
    expect(again.attributes).toEqual(before.attributes);
    // Moved under another option, an attribute is a different question: it gets a new id.
    const moved = toDefinition({ ...feature, attributes: [{ name: 'How', type: 'number' }] }, before, counter('m'));
    expect(moved.attributes[0]!.id).toBe('m1');
  });

  it('never hands out an id that a given element holds', () => {
    const clash = toDefinition({ name: 'F', tool: 'box', labels: [label('A'), label('B', { id: 'n1' })] }, undefined, counter());
    expect(clash.labels.map((l) => l.id)).toEqual(['n2', 'n1']);
    // The namesake's id is taken by a given one, so the element gets a fresh id.
    const before = toDefinition({ name: 'F', tool: 'box', labels: [label('A', { id: 'a' })] }, undefined, counter());
    const after = toDefinition({ name: 'F', tool: 'box', labels: [label('A'), label('Z', { id: 'a' })] }, before, counter('m'));
    expect(after.labels.map((l) => l.id)).toEqual(['m1', 'a']);
  });
});
