import { describe, expect, it } from 'vitest';
import { learnHead, lowestThreshold, matchExample, type TrainingSample } from '../../src-ai/training/learnHead';

const box = (x: number, y = 0, w = 100, h = 100) => ({ x, y, width: w, height: h });
const pred = (className: string, score: number, b = box(0)) => ({ className, score, box: b });

describe('matchExample', () => {
  it('matches best score first, one prediction per reviewed box, only at IoU >= 0.5', () => {
    const sample: TrainingSample = {
      predictions: [pred('dog', 0.4, box(2)), pred('cat', 0.9, box(5)), pred('cat', 0.3, box(500)), pred('cat', 0.2, box(60))],
      objects: [{ label: 'lbl-cat', box: box(0) }],
    };
    const m = matchExample(sample);
    expect(m).toEqual([
      { className: 'cat', score: 0.9, label: 'lbl-cat' },
      // the box is taken: the dog on the same spot is a false positive
      { className: 'dog', score: 0.4, label: null },
      { className: 'cat', score: 0.3, label: null },
      // IoU 40/160 = 0.25: not a match
      { className: 'cat', score: 0.2, label: null },
    ]);
  });
});

describe('lowestThreshold', () => {
  it('is the lowest score that keeps precision at the target', () => {
    const scored = [
      { score: 0.9, hit: true },
      { score: 0.8, hit: true },
      { score: 0.7, hit: false },
      { score: 0.6, hit: true },
      { score: 0.5, hit: true },
      { score: 0.4, hit: false },
      { score: 0.3, hit: false },
    ];
    // at 0.5: 4 of 5 = 0.8; at 0.4: 4 of 6
    expect(lowestThreshold(scored, 0.8)).toBe(0.5);
    expect(lowestThreshold(scored, 1)).toBe(0.8);
    expect(lowestThreshold(scored, 0.5)).toBe(0.3);
  });

  it('judges a tie of scores together, and is undefined when the target is never reached', () => {
    expect(
      lowestThreshold(
        [
          { score: 0.9, hit: true },
          { score: 0.6, hit: true },
          { score: 0.6, hit: false },
        ],
        0.9,
      ),
    ).toBe(0.9);
    expect(lowestThreshold([{ score: 0.9, hit: false }], 0.5)).toBeUndefined();
    expect(lowestThreshold([], 0.5)).toBeUndefined();
  });
});

describe('learnHead', () => {
  const person = (score: number) => ({ predictions: [pred('person', score)], objects: [{ label: 'lbl-person', box: box(0) }] });

  it('maps a class to the label it matched most, with at least two matches and half of its matches', () => {
    const samples: TrainingSample[] = [
      person(0.8),
      person(0.7),
      // cars are trucks in this project, mostly
      { predictions: [pred('car', 0.6)], objects: [{ label: 'lbl-truck', box: box(0) }] },
      { predictions: [pred('car', 0.6)], objects: [{ label: 'lbl-truck', box: box(0) }] },
      { predictions: [pred('car', 0.6)], objects: [{ label: 'lbl-van', box: box(0) }] },
      // one dog is no evidence
      { predictions: [pred('dog', 0.9)], objects: [{ label: 'lbl-dog', box: box(0) }] },
      // two of four bicycles were bikes: half is enough
      { predictions: [pred('bicycle', 0.9)], objects: [{ label: 'lbl-bike', box: box(0) }] },
      { predictions: [pred('bicycle', 0.9)], objects: [{ label: 'lbl-bike', box: box(0) }] },
      { predictions: [pred('bicycle', 0.9)], objects: [{ label: 'lbl-motor', box: box(0) }] },
      { predictions: [pred('bicycle', 0.9)], objects: [{ label: 'lbl-cart', box: box(0) }] },
      // boats matched two labels once each: no label has two matches
      { predictions: [pred('boat', 0.9)], objects: [{ label: 'lbl-ship', box: box(0) }] },
      { predictions: [pred('boat', 0.9)], objects: [{ label: 'lbl-canoe', box: box(0) }] },
    ];
    const { head, report } = learnHead(samples, { labels: [], targetPrecision: 0.5 });
    expect(head.mapping).toEqual({ bicycle: 'lbl-bike', car: 'lbl-truck', person: 'lbl-person' });
    expect(report.examples).toBe(samples.length);
    expect(report.matched).toBe(samples.length);
    expect(report.mapping).toEqual(head.mapping);
    expect(head.defaultThreshold).toBe(0.5);
  });

  it('maps only to the labels the project allows', () => {
    const { head } = learnHead([person(0.8), person(0.7)], { labels: ['lbl-other'], targetPrecision: 0.5 });
    expect(head.mapping).toEqual({});
  });

  it('sets each label threshold where precision on the examples reaches the target, counting false positives of mapped classes', () => {
    const samples: TrainingSample[] = [
      person(0.9),
      person(0.8),
      // a person detection where nothing was labelled: a false positive at 0.7
      { predictions: [pred('person', 0.7, box(400))], objects: [] },
      person(0.6),
      // low-scoring false positives
      { predictions: [pred('person', 0.2, box(400)), pred('person', 0.1, box(700))], objects: [] },
    ];
    const { head, report } = learnHead(samples, { labels: ['lbl-person'], targetPrecision: 0.75 });
    expect(head.mapping).toEqual({ person: 'lbl-person' });
    // at 0.6: 3 of 4 = 0.75; below that 3 of 5
    expect(head.thresholds).toEqual({ 'lbl-person': 0.6 });
    expect(report.thresholds).toEqual(head.thresholds);
    const strict = learnHead(samples, { labels: ['lbl-person'], targetPrecision: 1 });
    expect(strict.head.thresholds).toEqual({ 'lbl-person': 0.8 });
  });

  it('leaves a label that never reaches the target precision to the default threshold', () => {
    const samples: TrainingSample[] = [
      { predictions: [pred('cat', 0.9, box(400)), pred('cat', 0.5)], objects: [{ label: 'lbl-cat', box: box(0) }] },
      { predictions: [pred('cat', 0.9, box(400)), pred('cat', 0.5)], objects: [{ label: 'lbl-cat', box: box(0) }] },
    ];
    const { head } = learnHead(samples, { labels: ['lbl-cat'], targetPrecision: 0.9 });
    expect(head.mapping).toEqual({ cat: 'lbl-cat' });
    expect(head.thresholds).toEqual({});
  });

  it('learns nothing from no examples', () => {
    expect(learnHead([], { labels: ['a'], targetPrecision: 0.8 })).toEqual({
      head: { mapping: {}, thresholds: {}, defaultThreshold: 0.5 },
      report: { examples: 0, matched: 0, mapping: {}, thresholds: {} },
    });
  });
});
