import { describe, expect, it } from 'vitest';
import type { FrameClassification } from '../../src-shared/model/annotation';
import type { OntologyAttribute, OntologyFeature } from '../../src-shared/model/ontology';
import { applyEdit } from '../../src-renderer/src/features/work/workspace/applyEdit';
import { answerFrameOf, chooseLabel, classificationId, missingAnswers, setAttributes, withAnswer } from '../../src-renderer/src/features/work/workspace/classificationAnswers';

const attribute = (id: string, extra: Partial<OntologyAttribute> = {}): OntologyAttribute => ({ id, name: `attr ${id}`, type: 'text', required: false, ...extra });
const feature = (featureId: number, extra: Partial<OntologyFeature> = {}): OntologyFeature => ({
  featureId,
  sortOrder: featureId,
  name: `feature ${featureId}`,
  tool: 'classification',
  labels: [
    { id: 'day', name: 'Day', color: '#fff' },
    { id: 'night', name: 'Night', color: '#000' },
  ],
  attributes: [],
  ...extra,
});
const answer = (featureId: number, labelId?: string, attributes: FrameClassification['attributes'] = {}): FrameClassification => ({
  id: `cls-${featureId}`,
  featureId,
  ...(labelId ? { labelId } : {}),
  attributes,
  source: 'manual',
});
const frames = [{ frameId: 10 }, { frameId: 11 }, { frameId: 12 }];

describe('classification answers', () => {
  it('keeps one answer per feature with a stable id: choosing again replaces it in place', () => {
    const weather = feature(3);
    const first = chooseLabel([answer(1, 'x')], weather, 'day');
    expect(first).toEqual([answer(1, 'x'), answer(3, 'day')]);
    const second = chooseLabel([...first, answer(5, 'y')], weather, 'night');
    expect(second).toEqual([answer(1, 'x'), answer(3, 'night'), answer(5, 'y')]);
    expect(second.filter((c) => c.id === classificationId(3))).toHaveLength(1);
  });

  it('sets attribute answers next to the label chosen, and a new answer starts from the defaults', () => {
    const light = attribute('light', { type: 'radio', options: [{ id: 'bright', name: 'Bright', default: true }, { id: 'dim', name: 'Dim' }] });
    const weather = feature(3, { attributes: [light, attribute('note')] });
    expect(chooseLabel([], weather, 'day')).toEqual([answer(3, 'day', { light: 'bright' })]);
    const noted = setAttributes(chooseLabel([], weather, 'day'), weather, { light: 'dim', note: 'fog' });
    expect(noted).toEqual([answer(3, 'day', { light: 'dim', note: 'fog' })]);
  });

  it('clearing removes the answer; an answer with nothing left in it is removed too', () => {
    const weather = feature(3, { attributes: [attribute('note')] });
    expect(withAnswer([answer(1, 'x'), answer(3, 'day')], 3, null)).toEqual([answer(1, 'x')]);
    expect(chooseLabel([answer(3, 'day')], weather, undefined)).toEqual([]);
    // The label cleared, a typed attribute kept: still an answer.
    expect(chooseLabel([answer(3, 'day', { note: 'fog' })], weather, undefined)).toEqual([answer(3, undefined, { note: 'fog' })]);
    expect(setAttributes([answer(3, undefined, { note: 'fog' })], weather, { note: '' })).toEqual([]);
  });

  it('answers scope subject on the first frame of the item and scope frame on the current frame', () => {
    expect(answerFrameOf(feature(1), frames, 12)).toBe(10);
    expect(answerFrameOf(feature(1, { scope: 'subject' }), frames, 12)).toBe(10);
    expect(answerFrameOf(feature(1, { scope: 'frame' }), frames, 12)).toBe(12);
  });

  it('lists what is missing before submit: unanswered features and required attributes, nested ones only under the option chosen', () => {
    const kind = attribute('kind', { type: 'select', required: true, options: [{ id: 'rain', name: 'Rain', attributes: [attribute('amount', { required: true })] }, { id: 'sun', name: 'Sun' }] });
    const subject = feature(1, { attributes: [kind] });
    const perFrame = feature(2, { scope: 'frame' });
    const answers = new Map<number, FrameClassification[]>([
      [10, [answer(1, 'day', { kind: 'rain' }), answer(2, 'night')]],
      [12, [answer(2, 'day')]],
    ]);
    const answersOf = (frameId: number) => answers.get(frameId) ?? [];
    expect(missingAnswers([perFrame, subject], frames, answersOf)).toEqual([
      { featureId: 1, frameId: 10, reason: 'attributes', attributeIds: ['amount'] },
      { featureId: 2, frameId: 11, reason: 'unanswered', attributeIds: [] },
    ]);
    answers.set(10, setAttributes(answers.get(10)!, subject, { kind: 'sun', amount: null }));
    answers.set(11, chooseLabel([], perFrame, 'day'));
    expect(missingAnswers([perFrame, subject], frames, answersOf)).toEqual([]);
    // A label-less feature is answered by its attributes; a feature with labels needs its label.
    const noLabels = feature(4, { labels: [], attributes: [attribute('why', { required: true })] });
    expect(missingAnswers([noLabels], frames, () => [answer(4, undefined, { why: 'x' })])).toEqual([]);
    expect(missingAnswers([feature(5)], frames, () => [answer(5, undefined, { note: 'x' })])).toEqual([{ featureId: 5, frameId: 10, reason: 'unanswered', attributeIds: [] }]);
  });

  it('lets a feature that is not required stay unanswered, and still asks for its required attributes once answered (issue 31)', () => {
    const optional = feature(6, { required: false, attributes: [attribute('why', { required: true })] });
    expect(missingAnswers([optional], frames, () => [])).toEqual([]);
    expect(missingAnswers([optional], frames, () => [answer(6, 'day')])).toEqual([{ featureId: 6, frameId: 10, reason: 'attributes', attributeIds: ['why'] }]);
    expect(missingAnswers([optional], frames, () => [answer(6, 'day', { why: 'x' })])).toEqual([]);
  });

  it('a journal edit with classifications replaces the frame\'s list, one without keeps it', () => {
    const frame = { version: 1 as const, objects: [], classifications: [answer(3, 'day')] };
    expect(applyEdit(frame, { remove: ['x'] }).classifications).toEqual([answer(3, 'day')]);
    expect(applyEdit(frame, { classifications: [answer(3, 'night')] }).classifications).toEqual([answer(3, 'night')]);
  });
});
