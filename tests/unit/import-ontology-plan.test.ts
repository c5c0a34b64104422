import { describe, expect, it } from 'vitest';
import { labelUsages } from '../../src-server/imports/labelUsage';
import { planOntology } from '../../src-server/imports/ontologyPlan';
import { resolveLabel } from '../../src-server/imports/resolveLabel';
import type { SourceFrame, SourceObject } from '../../src-server/imports/sourceModel';
import type { OntologyFeature } from '../../src-shared/model/ontology';

let n = 0;
const newId = () => `id${++n}`;
const box = (label: string, featureName?: string): SourceObject => ({ label, ...(featureName ? { featureName } : {}), attributes: {}, tool: 'box', geometry: { x: 0, y: 0, width: 1, height: 1 } });
const frameOf = (objects: SourceObject[]): SourceFrame => ({ fileName: 'a.jpg', objects, classifications: [], normalised: false, complete: false });
const feature = (featureId: number, name: string, tool: OntologyFeature['tool'], labels: string[]): OntologyFeature => ({
  featureId, sortOrder: featureId, name, tool, labels: labels.map((l) => ({ id: l, name: l, color: '#000000', ...(l === 'car' ? { hotkey: 'c' } : {}) })), attributes: [],
});

describe('planning the labels an import adds', () => {
  it('finds labels by name ignoring case, in the feature the file names first', () => {
    const features = [feature(1, 'Road', 'box', ['car']), feature(2, 'Signs', 'box', ['Car'])];
    expect(resolveLabel(features, { label: 'CAR', tool: 'box', featureName: 'signs' })?.feature.featureId).toBe(2);
    expect(resolveLabel(features, { label: 'car', tool: 'box' })?.feature.featureId).toBe(1);
    expect(resolveLabel(features, { label: 'car', tool: 'polygon' })).toBeUndefined();
  });

  it('adds a missing label to the feature the file names, creating it, else to the first feature of the tool', () => {
    const target = [feature(1, 'Road', 'box', ['car']), feature(2, 'Road areas', 'polygon', ['lane'])];
    const plan = planOntology(target, labelUsages([frameOf([box('bus', 'Road'), box('bike'), box('sign', 'Signs'), box('car')])]), newId);
    expect(plan.labelsMissing).toEqual([
      { name: 'bus', tool: 'box', featureName: 'Road' },
      { name: 'bike', tool: 'box', featureName: 'Road' },
      { name: 'sign', tool: 'box', featureName: 'Signs' },
    ]);
    expect(plan.featuresMissing).toEqual([{ name: 'Signs', tool: 'box' }]);
    // The changed feature is saved whole under its id (existing labels and ids kept), the new one without.
    expect(plan.inputs).toEqual([
      expect.objectContaining({ featureId: 1, labels: [expect.objectContaining({ id: 'car' }), expect.objectContaining({ name: 'bus' }), expect.objectContaining({ name: 'bike' })] }),
      expect.objectContaining({ name: 'Signs', tool: 'box', labels: [expect.objectContaining({ name: 'sign', color: expect.stringMatching(/^#[0-9a-f]{6}$/) })] }),
    ]);
    expect(plan.inputs[1]).not.toHaveProperty('featureId');
  });

  it('names a new feature after its tool when its name is taken by another tool, and resolves through that alias', () => {
    const target = [feature(1, 'Road', 'polygon', ['lane'])];
    const usages = labelUsages([frameOf([box('car', 'Road')])]);
    const plan = planOntology(target, usages, newId);
    expect(plan.featuresMissing).toEqual([{ name: 'Road (box)', tool: 'box' }]);
    expect(resolveLabel(plan.features, usages[0]!, plan.aliases)?.feature.name).toBe('Road (box)');
  });

  it('recreates a lossless feature whole, keeping its ids and dropping hotkeys the target uses', () => {
    const source = { ...feature(7, 'Vehicles', 'box', ['car', 'van']), attributes: [{ id: 'col', name: 'Colour', type: 'text' as const, required: false }] };
    const object: SourceObject = { ...box('car', 'Vehicles'), sourceFeature: source };
    const plan = planOntology([feature(1, 'Other', 'box', ['car'])], labelUsages([frameOf([object])]), newId);
    expect(plan.inputs).toEqual([{ name: 'Vehicles', tool: 'box', labels: [{ id: 'car', name: 'car', color: '#000000' }, { id: 'van', name: 'van', color: '#000000' }], attributes: source.attributes }]);
    expect(plan.labelsMissing.map((l) => l.name)).toEqual(['car', 'van']);
  });

  it('asks for nothing when every label exists', () => {
    expect(planOntology([feature(1, 'Road', 'box', ['car'])], labelUsages([frameOf([box('Car ')])]), newId)).toMatchObject({ inputs: [], labelsMissing: [], featuresMissing: [] });
  });
});
