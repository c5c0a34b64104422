import { describe, expect, it } from 'vitest';
import { answerNamer } from '../../src-server/exports/formats/attributeKeys';
import { vocValue } from '../../src-server/exports/formats/vocWriter';
import { mapAnswers } from '../../src-server/imports/mapAnswers';
import { classificationsFromNames } from '../../src-server/imports/namedClassifications';
import { attributeFrame, attributeOntology, consumerView } from '../support/attributeSample';

const [box, weather, scene] = attributeOntology.features as [typeof attributeOntology.features[number], typeof attributeOntology.features[number], typeof attributeOntology.features[number]];

describe('attribute answers by name (issue 17: exports carried ids)', () => {
  it('names every kind of answer of an object: choices by option name, several as a list, text and numbers as they are, nested ones too', () => {
    const skipped = {};
    const named = answerNamer(attributeOntology.features).object(attributeFrame.objects[0]!, skipped);
    expect(named).toEqual(consumerView.objects[0]!.attributes);
    // in ontology order, so files read the same every time
    expect(Object.keys(named)).toEqual(['occluded', '颜色', 'Make', 'Plate', '速度', 'Note', 'Vehicle type', '轴数', 'Vehicle type/truck/note', 'Cargo']);
    expect(skipped).toEqual({});
  });

  it('names a frame\'s classifications together: the label under the feature\'s name, questions under theirs', () => {
    expect(answerNamer(attributeOntology.features).frame(attributeFrame.classifications, {})).toEqual(consumerView.image);
  });

  it('qualifies a question by its feature when two classification features ask the same', () => {
    const twice = [...attributeOntology.features, { ...scene, featureId: 4, name: 'Light', attributes: [{ ...scene.attributes[0]!, id: 'as2' }] }];
    const named = answerNamer(twice).frame([...attributeFrame.classifications, { featureId: 4, attributes: { as2: 'ot1' } }], {});
    expect(named).toMatchObject({ 'Scene/Time of day': '夜晚', 'Light/Time of day': 'day' });
  });

  it('leaves out and counts answers to attributes or options the ontology no longer has, instead of writing their ids', () => {
    const skipped = {};
    const named = answerNamer(attributeOntology.features).object({ featureId: 1, attributes: { gone: 'x', awb56disq: 'deleted-option', a1colour: ['oc1', 'gone'] } }, skipped);
    expect(named).toEqual({ 颜色: ['红'] });
    expect(skipped).toEqual({ unknownAttribute: 1, unknownOption: 2 });
  });

  it('reads the names back into ids: the keys COCO and YOLO write, and VOC\'s text (numbers as text, several choices joined)', () => {
    const stored = attributeFrame.objects[0]!.attributes;
    const named = consumerView.objects[0]!.attributes;
    const dropped = {};
    expect(mapAnswers(named, box, undefined, dropped)).toEqual(stored);
    const asVoc = Object.fromEntries(Object.entries(named).map(([k, v]) => [k, vocValue(v)]));
    expect(asVoc).toMatchObject({ 颜色: '红, blue', 速度: '42.5' });
    expect(mapAnswers(asVoc, box, undefined, dropped)).toEqual(stored);
    expect(dropped).toEqual({});
  });

  it('reads a frame\'s named answers back into one classification per feature', () => {
    let n = 0;
    const dropped = {};
    const back = classificationsFromNames({ ...consumerView.image, Unknown: 1 }, attributeOntology.features, () => `new${++n}`, dropped);
    expect(back.map(({ featureId, labelId, attributes }) => ({ featureId, labelId, attributes }))).toEqual(attributeFrame.classifications.map(({ featureId, labelId, attributes }) => ({ featureId, labelId, attributes })));
    expect(back.every((c) => c.source === 'import')).toBe(true);
    expect(dropped).toEqual({ unknownAttribute: 1 });
    expect(weather.labels.map((l) => l.name)).toContain('晴');
  });
});
