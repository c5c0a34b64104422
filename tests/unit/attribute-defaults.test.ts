import { describe, expect, it } from 'vitest';
import { attributeDefaults, withAttributeDefaults, withObjectDefaults } from '../../src-shared/model/attributeDefaults';
import type { OntologyAttribute } from '../../src-shared/model/ontology';

const attributes: OntologyAttribute[] = [
  {
    id: 'occluded', name: 'Occluded', type: 'radio', required: false,
    options: [{ id: 'yes', name: 'Yes', attributes: [{ id: 'how', name: 'How much', type: 'number', required: false, number: { default: 50 } }] }, { id: 'no', name: 'No', default: true }],
  },
  { id: 'colours', name: 'Colours', type: 'checkbox', required: false, options: [{ id: 'red', name: 'Red', default: true }, { id: 'blue', name: 'Blue', default: true }, { id: 'green', name: 'Green' }] },
  { id: 'plate', name: 'Plate', type: 'text', required: false, text: { default: 'unknown' } },
  { id: 'note', name: 'Note', type: 'text', required: false },
];

describe('attribute defaults (issue 31)', () => {
  it('starts a new object with every default, nested ones only under the options picked', () => {
    expect(attributeDefaults(attributes)).toEqual({ occluded: 'no', colours: ['red', 'blue'], plate: 'unknown' });
  });

  it('fills only what has no answer: a given or cleared answer stays, and nested defaults follow the answer', () => {
    expect(withAttributeDefaults({ occluded: 'yes', plate: '' }, attributes)).toEqual({ occluded: 'yes', how: 50, colours: ['red', 'blue'], plate: '' });
    expect(withAttributeDefaults({ colours: [], plate: null }, attributes)).toEqual({ occluded: 'no', colours: [], plate: null });
    const complete = { occluded: 'no', colours: ['green'], plate: 'AB 123' };
    expect(withAttributeDefaults(complete, attributes)).toBe(complete);
  });

  it('leaves objects of a feature the ontology no longer has as they are', () => {
    const objects = [{ id: 'a', featureId: 1, attributes: {} }, { id: 'b', featureId: 2, attributes: {} }];
    const filled = withObjectDefaults(objects, (featureId) => (featureId === 1 ? attributes : undefined));
    expect(filled[0]!.attributes).toMatchObject({ occluded: 'no' });
    expect(filled[1]).toBe(objects[1]);
  });
});
