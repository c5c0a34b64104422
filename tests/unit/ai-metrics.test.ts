import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { Value } from 'typebox/value';
import {
  COCO_KEYPOINT_SIGMAS, LEVELS, LevelFigures, ModelStatistics, PR_CURVE_MAX_POINTS, averagePrecision, boundsOf, evaluateDetections, feedbackOf,
  keypointSigma, similarity, statisticsAtLevel, thresholdForPrecision,
  type EvalBox, type EvalItem, type EvalKeypoints, type EvalMask, type EvalObject, type EvalPrediction, type ObjectFigures,
} from '../../src-shared/ai/metrics';
import { encodeBitmap } from '../../src-shared/mask/rle';

const box = (x: number, y: number, width = 10, height = 10): EvalBox => ({ x, y, width, height });
const gt = (label: string, geometry: EvalObject['geometry']): EvalObject => ({ label, geometry });
const pred = (label: string, geometry: EvalObject['geometry'], score: number): EvalPrediction => ({ label, geometry, score });
const item = (id: string, groundTruth: EvalObject[], predictions: EvalPrediction[]): EvalItem => ({ id, groundTruth, predictions });
const far = box(1000, 1000);

/** Every number of a result is finite or null, it fits its schema, and survives JSON. */
function expectWellFormed(stats: ModelStatistics) {
  expect(Value.Check(ModelStatistics, stats)).toBe(true);
  const numbers: unknown[] = [];
  JSON.stringify(stats, (_k, v) => (typeof v === 'number' && numbers.push(v), v));
  for (const n of numbers) expect(Number.isFinite(n)).toBe(true);
  expect(JSON.parse(JSON.stringify(stats))).toEqual(stats);
}

describe('similarity per tool', () => {
  it('boxes: IoU by area', () => {
    expect(similarity(box(0, 0), box(0, 0))).toBe(1);
    expect(similarity(box(0, 0), box(2.5, 0))).toBe(0.6); // 75 / 125
    expect(similarity(box(0, 0), box(5, 5))).toBeCloseTo(25 / 175, 15);
    expect(similarity(box(0, 0), box(10, 0))).toBe(0); // touching
    expect(similarity(box(0, 0, 0, 0), box(0, 0, 0, 0))).toBe(0); // no area, no NaN
  });

  it('outlines: IoU of their pixels (mask IoU), the reviewed object\'s tool deciding', () => {
    const triangle = { points: [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 0, y: 10 }] };
    const square = { points: [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }, { x: 0, y: 10 }] };
    // the triangle's pixel centres: i + j < 9, 45 of the square's 100 (its bounding box is the square's: IoU 1 as boxes)
    expect(similarity(triangle, square)).toBe(0.45);
    expect(similarity(square, triangle)).toBe(0.45);
    // a box suggestion against a reviewed outline: the rectangle's pixels
    expect(similarity(triangle, box(0, 0, 10, 10))).toBe(0.45);
    expect(similarity(square, box(0, 0, 10, 20))).toBe(0.5);
    // a reviewed box is measured as a box, against an outline's bounding box
    expect(similarity(box(0, 0, 10, 10), triangle)).toBe(1);
    expect(similarity({ points: [] }, square)).toBe(0);
    // a mask: its set pixels (an L of 3 of its 2x2 box) against the square over its box
    const l: EvalMask = { x: 0, y: 0, width: 2, height: 2, rle: encodeBitmap(Uint8Array.from([1, 0, 1, 1]), 2, 2) };
    expect(similarity(l, box(0, 0, 2, 2))).toBe(0.75);
    expect(similarity(box(0, 0, 2, 2), l)).toBe(1);
  });

  it('a rotated box is measured by the bounding box of its corners', () => {
    const b = boundsOf({ x: 0, y: 0, width: 10, height: 10, rotation: 45 });
    const half = 5 * Math.SQRT2;
    expect(b?.minX).toBeCloseTo(5 - half, 12);
    expect(b?.maxY).toBeCloseTo(5 + half, 12);
  });

  it('keypoints: OKS with COCO sigmas, object scale the area of the GT keypoints bounding box', () => {
    const truth: EvalKeypoints = {
      points: [
        { name: 'nose', x: 0, y: 0 },
        { name: 'left_eye', x: 10, y: 0 },
        { name: 'Right Eye', x: 0, y: 20 },
        { name: 'left_ear', x: 100, y: 100, visibility: 'absent' }, // not labelled: neither counted nor in the scale
      ],
    };
    const guess: EvalKeypoints = { points: [{ name: 'nose', x: 0, y: 0 }, { name: 'LEFT-EYE', x: 12, y: 0 }, { name: 'left_ear', x: 3, y: 3 }] };
    // scale = 10 * 20 = 200; left_eye: d² = 4, (2σ)² = 0.05² → e = 4 / 0.0025 / 200 / 2 = 4; right_eye missing → 0
    expect(similarity(truth, guess)).toBeCloseTo((1 + Math.exp(-4) + 0) / 3, 12);
    expect(similarity(truth, truth)).toBe(1);
    expect(keypointSigma('Left Shoulder')).toBe(0.079);
    expect(Object.keys(COCO_KEYPOINT_SIGMAS)).toHaveLength(17);
  });

  it('keypoints with unknown names use sigma 0.07; keypoints against a box are 0', () => {
    const truth: EvalKeypoints = { points: [{ name: 'tail', x: 0, y: 0 }, { name: 'head', x: 10, y: 10 }] };
    const guess: EvalKeypoints = { points: [{ name: 'tail', x: 1, y: 0 }, { name: 'head', x: 10, y: 10 }] };
    // scale 100, (2 · 0.07)² = 0.0196 → e = 1 / 0.0196 / 100 / 2
    expect(similarity(truth, guess)).toBeCloseTo((Math.exp(-1 / 0.0196 / 200) + 1) / 2, 12);
    expect(similarity(truth, box(0, 0))).toBe(0);
    expect(similarity(box(0, 0), guess)).toBe(0);
  });
});

describe('evaluateDetections: hand-computed cases', () => {
  it('perfect predictions: P = R = F1 = AP = 1', () => {
    const stats = evaluateDetections([
      item('a', [gt('cat', box(0, 0)), gt('dog', box(20, 20))], [pred('cat', box(0, 0), 0.9), pred('dog', box(20, 20), 0.4)]),
      item('b', [gt('cat', box(5, 5))], [pred('cat', box(5, 5), 0.7)]),
    ]);
    expectWellFormed(stats);
    for (const f of [stats.overall, stats.perLabel.cat, stats.perLabel.dog] as ObjectFigures[]) {
      expect(f).toMatchObject({ precision: 1, recall: 1, f1: 1, ap50: 1, ap5095: 1, fp: 0, fn: 0 });
    }
    expect(stats.overall).toMatchObject({ tp: 3, gtCount: 3, predCount: 3 });
    expect(stats.items).toEqual({ itemCount: 2, itemsExact: 2, itemAccuracy: 1, itemMeanPrecision: 1, itemMeanRecall: 1 });
  });

  it('one false positive with the highest score: AP50 = 2/3 exactly', () => {
    // by score: FP, TP, TP → precision 0, 1/2, 2/3 at recall 0, 1/2, 1; the envelope is 2/3 at every recall threshold
    const stats = evaluateDetections([
      item('a', [gt('cat', box(0, 0)), gt('cat', box(20, 0))], [pred('cat', far, 0.9), pred('cat', box(0, 0), 0.8), pred('cat', box(20, 0), 0.7)]),
    ]);
    expectWellFormed(stats);
    expect(stats.perLabel.cat?.ap50).toBeCloseTo(2 / 3, 14);
    expect(stats.overall.ap50).toBeCloseTo(2 / 3, 14);
    expect(stats.overall).toMatchObject({ tp: 2, fp: 1, fn: 0, recall: 1 });
    expect(stats.overall.precision).toBeCloseTo(2 / 3, 14);
    expect(stats.overall.f1).toBeCloseTo(0.8, 14);
    expect(stats.items).toMatchObject({ itemsExact: 0, itemAccuracy: 0 });
  });

  it('a false positive between two hits and a miss: AP50 = (34 + 33 · 2/3) / 101', () => {
    // by score: TP, FP, TP; 3 GT → recall 1/3, 1/3, 2/3; envelope precision 1, 2/3, 2/3
    // recall thresholds 0.00..0.33 (34) read 1, 0.34..0.66 (33) read 2/3, 0.67..1 (34) read 0
    const stats = evaluateDetections([
      item('a', [gt('cat', box(0, 0)), gt('cat', box(20, 0)), gt('cat', box(40, 0))], [pred('cat', box(0, 0), 0.95), pred('cat', far, 0.9), pred('cat', box(20, 0), 0.8)]),
    ]);
    expect(stats.perLabel.cat?.ap50).toBeCloseTo(56 / 101, 14);
    expect(averagePrecision([true, false, true], 3)).toBeCloseTo(56 / 101, 14);
  });

  it('a box shifted to IoU 0.6 counts at 0.5 but not at 0.75; ap5095 = 3/10', () => {
    const items = [item('a', [gt('cat', box(0, 0))], [pred('cat', box(2.5, 0), 0.9)])];
    const stats = evaluateDetections(items);
    expectWellFormed(stats);
    expect(stats.overall).toMatchObject({ ap50: 1, precision: 1, recall: 1, tp: 1 });
    // matches at 0.50, 0.55 and 0.60 (IoU ≥ threshold), not at 0.65 … 0.95
    expect(stats.overall.ap5095).toBeCloseTo(3 / 10, 14);
    const strict = evaluateDetections(items, { iouThresholds: [0.75] });
    expect(strict.overall.ap5095).toBe(0);
    expect(strict.overall).toMatchObject({ ap50: 1, precision: 1, recall: 1, tp: 1, fp: 0 }); // AP50, P, R at 0.5 whatever the thresholds
    expect(strict.items.itemsExact).toBe(1);
    expect(strict.prCurve.overall).toEqual([{ recall: 1, precision: 1, score: 0.9 }]);
    expect(strict.iouThresholds).toEqual([0.75]);
  });

  it('an outline label is measured by mask IoU: a box suggestion over a reviewed triangle matches at 0.45 at most', () => {
    const triangle = (x: number): EvalObject['geometry'] => ({ points: [{ x, y: 0 }, { x: x + 10, y: 0 }, { x, y: 10 }] });
    const stats = evaluateDetections([
      // the box is the triangle's bounding box: IoU 1 as boxes, 45 / 100 as pixels
      item('a', [gt('shape', triangle(0))], [pred('shape', box(0, 0), 0.9)]),
      // the outline itself: 1
      item('b', [gt('shape', triangle(20))], [pred('shape', triangle(20), 0.8)]),
      item('c', [gt('person', box(0, 0))], [pred('person', box(0, 0), 0.7)]),
    ]);
    expectWellFormed(stats);
    expect(stats.perLabel.shape).toMatchObject({ measure: 'mask', tp: 1, fp: 1, fn: 1, gtCount: 2 });
    // by score: FP (0.45 < 0.5), TP → precision 0, 1/2 at recall 0, 1/2: 1/2 at the 51 thresholds up to 0.5
    expect(stats.perLabel.shape?.ap50).toBeCloseTo(51 / 101 / 2, 14);
    expect(stats.perLabel.person).toMatchObject({ measure: 'box', ap50: 1 });
    // at 0.40 the box counts too
    const loose = evaluateDetections([item('a', [gt('shape', triangle(0))], [pred('shape', box(0, 0), 0.9)])], { iouThresholds: [0.4, 0.5] });
    expect(loose.perLabel.shape?.ap5095).toBe(0.5);
    expect(statisticsAtLevel(stats, 'label').map((r) => [r.label, r.measure])).toEqual([['person', 'box'], ['shape', 'mask']]);
  });

  it('keypoints are matched by OKS: one at OKS ≈ 0.60 counts at 0.5 but not at 0.75', () => {
    const truth: EvalKeypoints = { points: [{ name: 'tail', x: 0, y: 0 }, { name: 'head', x: 10, y: 10 }] };
    const guess: EvalKeypoints = { points: [{ name: 'tail', x: 2.5, y: 0 }, { name: 'head', x: 10, y: 10 }] };
    const oks = (Math.exp(-6.25 / 0.0196 / 200) + 1) / 2;
    expect(oks).toBeGreaterThan(0.6);
    expect(oks).toBeLessThan(0.65);
    const items = [item('p', [gt('person', truth)], [pred('person', guess, 0.8)])];
    expect(evaluateDetections(items).overall).toMatchObject({ ap50: 1, tp: 1 });
    expect(evaluateDetections(items).overall.ap5095).toBeCloseTo(0.3, 14);
    expect(evaluateDetections(items, { iouThresholds: [0.75] }).overall.ap5095).toBe(0);
  });

  it('a wrong label is a false positive of its label and a false negative of the right one', () => {
    const stats = evaluateDetections([item('a', [gt('cat', box(0, 0))], [pred('dog', box(0, 0), 0.9)])]);
    expectWellFormed(stats);
    expect(stats.perLabel.cat).toEqual({ precision: null, recall: 0, f1: null, ap50: 0, ap5095: 0, tp: 0, fp: 0, fn: 1, gtCount: 1, predCount: 0, measure: 'box' });
    expect(stats.perLabel.dog).toEqual({ precision: 0, recall: null, f1: null, ap50: null, ap5095: null, tp: 0, fp: 1, fn: 0, gtCount: 0, predCount: 1, measure: 'box' });
    // mAP is over labels with ground truth (cat only); precision counts dog's false positive
    expect(stats.overall).toEqual({ precision: 0, recall: 0, f1: 0, ap50: 0, ap5095: 0, tp: 0, fp: 1, fn: 1, gtCount: 1, predCount: 1 });
    expect(stats.prCurve.perLabel.dog).toEqual([]);
    expect(stats.items).toMatchObject({ itemsExact: 0, itemMeanPrecision: 0, itemMeanRecall: 0 });
  });

  it('no items, and items with nothing expected nor predicted', () => {
    const none = evaluateDetections([]);
    expectWellFormed(none);
    expect(none.overall).toEqual({ precision: null, recall: null, f1: null, ap50: null, ap5095: null, tp: 0, fp: 0, fn: 0, gtCount: 0, predCount: 0 });
    expect(none.perLabel).toEqual({});
    expect(none.items).toEqual({ itemCount: 0, itemsExact: 0, itemAccuracy: null, itemMeanPrecision: null, itemMeanRecall: null });
    expect(none.prCurve).toEqual({ overall: [], perLabel: {} });

    const empty = evaluateDetections([item('a', [], []), item('b', [], [])]);
    expectWellFormed(empty);
    expect(empty.overall.precision).toBeNull();
    expect(empty.items).toEqual({ itemCount: 2, itemsExact: 2, itemAccuracy: 1, itemMeanPrecision: 1, itemMeanRecall: 1 });
  });

  it('ground truth and no predictions: recall 0, AP 0, precision null', () => {
    const stats = evaluateDetections([item('a', [gt('cat', box(0, 0))], [])]);
    expect(stats.overall).toMatchObject({ precision: null, recall: 0, f1: null, ap50: 0, ap5095: 0, fn: 1 });
  });

  it('item figures: exact items, mean precision and recall', () => {
    const stats = evaluateDetections([
      item('perfect', [gt('cat', box(0, 0))], [pred('cat', box(0, 0), 0.9)]), // P 1, R 1
      item('half', [gt('cat', box(0, 0)), gt('cat', box(20, 0))], [pred('cat', box(0, 0), 0.9), pred('cat', far, 0.8)]), // P 1/2, R 1/2
      item('empty', [], []), // P 1, R 1
      item('missed', [gt('cat', box(0, 0))], []), // P left out, R 0
    ]);
    expect(stats.items.itemCount).toBe(4);
    expect(stats.items.itemsExact).toBe(2);
    expect(stats.items.itemAccuracy).toBe(0.5);
    expect(stats.items.itemMeanPrecision).toBeCloseTo((1 + 0.5 + 1) / 3, 14);
    expect(stats.items.itemMeanRecall).toBeCloseTo((1 + 0.5 + 1 + 0) / 4, 14);
  });

  it('the score threshold drops low predictions from P/R/F1 and the items, not from AP', () => {
    const items = [item('a', [gt('cat', box(0, 0)), gt('cat', box(20, 0))], [pred('cat', box(0, 0), 0.9), pred('cat', far, 0.6), pred('cat', box(20, 0), 0.3)])];
    const all = evaluateDetections(items);
    const high = evaluateDetections(items, { scoreThreshold: 0.5 });
    expect(high.overall.ap50).toBe(all.overall.ap50);
    expect(all.overall).toMatchObject({ tp: 2, fp: 1, fn: 0, predCount: 3 });
    expect(high.overall).toMatchObject({ tp: 1, fp: 1, fn: 1, predCount: 2, precision: 0.5, recall: 0.5, f1: 0.5 });
    expect(high.scoreThreshold).toBe(0.5);
    expect(evaluateDetections(items, { scoreThreshold: 0.6 }).overall).toMatchObject({ tp: 1, fp: 1 }); // score ≥ threshold counts
  });

  it('greedy matching: the highest score takes the GT of highest IoU, a duplicate is a false positive', () => {
    const stats = evaluateDetections([
      item('a', [gt('cat', box(0, 0)), gt('cat', box(4, 0))], [pred('cat', box(3, 0), 0.9), pred('cat', box(0, 0), 0.8), pred('cat', box(3, 0), 0.7)]),
    ]);
    // 0.9 takes box(4,0) (IoU 9/11 > 7/13), 0.8 takes box(0,0), 0.7 finds nothing left
    expect(stats.overall).toMatchObject({ tp: 2, fp: 1, fn: 0, ap50: 1 });
  });

  it('refuses what would make NaN', () => {
    expect(() => evaluateDetections([item('a', [], [pred('cat', far, Number.NaN)])])).toThrow(RangeError);
    expect(() => evaluateDetections([], { iouThresholds: [] })).toThrow(RangeError);
    expect(() => evaluateDetections([], { iouThresholds: [1.5] })).toThrow(RangeError);
    expect(() => evaluateDetections([], { scoreThreshold: Number.NaN })).toThrow(RangeError);
  });

  it('a label named __proto__ is an ordinary key', () => {
    const stats = evaluateDetections([item('a', [gt('__proto__', box(0, 0))], [pred('__proto__', box(0, 0), 1)])]);
    expect(Object.keys(stats.perLabel)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(stats.perLabel)).toBe(Object.prototype);
    expectWellFormed(stats);
  });
});

describe('precision-recall curve', () => {
  it('is thinned to at most 50 points, by descending score, ending at the full recall', () => {
    const truths = Array.from({ length: 60 }, (_, i) => gt('cat', box(i * 20, 0)));
    const guesses = Array.from({ length: 120 }, (_, i) => pred('cat', i % 2 ? far : box(i * 10, 0), 1 - i / 200));
    const stats = evaluateDetections([item('a', truths, guesses)]);
    const curve = stats.prCurve.perLabel.cat ?? [];
    expect(curve.length).toBe(PR_CURVE_MAX_POINTS);
    expect(curve[0]).toEqual({ recall: 1 / 60, precision: 1, score: 1 });
    expect(curve.at(-1)).toEqual({ recall: 1, precision: 0.5, score: 1 - 119 / 200 });
    for (let i = 1; i < curve.length; i++) {
      expect(curve[i]!.recall).toBeGreaterThanOrEqual(curve[i - 1]!.recall);
      expect(curve[i]!.score).toBeLessThan(curve[i - 1]!.score);
    }
    expect(stats.prCurve.overall).toEqual(curve);
  });

  it('groups tied scores into one operating point; overall pools the labels', () => {
    const stats = evaluateDetections([
      item('a', [gt('cat', box(0, 0)), gt('dog', box(20, 0))], [pred('cat', box(0, 0), 0.5), pred('cat', far, 0.5), pred('dog', box(20, 0), 0.9)]),
    ]);
    expect(stats.prCurve.perLabel.cat).toEqual([{ recall: 1, precision: 0.5, score: 0.5 }]);
    expect(stats.prCurve.overall).toEqual([
      { recall: 0.5, precision: 1, score: 0.9 },
      { recall: 1, precision: 2 / 3, score: 0.5 },
    ]);
  });
});

describe('statisticsAtLevel', () => {
  const stats = evaluateDetections([item('a', [gt('dog', box(0, 0)), gt('cat', box(20, 0))], [pred('dog', box(0, 0), 0.9), pred('cat', far, 0.8)])]);

  it('gives the flat figures of each level, fitting its schema', () => {
    expect(LEVELS).toEqual(['object', 'item', 'label']);
    expect(statisticsAtLevel(stats, 'object')).toEqual(stats.overall);
    expect(statisticsAtLevel(stats, 'item')).toEqual(stats.items);
    const rows = statisticsAtLevel(stats, 'label');
    expect(rows.map((r) => r.label)).toEqual(['cat', 'dog']);
    expect(rows[1]).toEqual({ label: 'dog', ...stats.perLabel.dog });
    for (const level of LEVELS) expect(Value.Check(LevelFigures[level], statisticsAtLevel(stats, level))).toBe(true);
    expect(() => statisticsAtLevel(stats, 'frame' as 'object')).toThrow(RangeError);
  });

  it('answers copies', () => {
    statisticsAtLevel(stats, 'object').tp = 99;
    expect(stats.overall.tp).toBe(1);
  });
});

describe('feedbackOf', () => {
  it('kept within 0.5 px and the same label, edited on any change, deleted when gone', () => {
    const suggested = [
      { id: 'k', label: 'cat', geometry: box(0, 0) },
      { id: 'moved', label: 'cat', geometry: box(0, 0) },
      { id: 'relabelled', label: 'cat', geometry: box(0, 0) },
      { id: 'gone', label: 'cat', geometry: box(0, 0) },
      { id: 'poly', label: 'road', geometry: { points: [{ x: 0, y: 0 }, { x: 5, y: 0 }, { x: 5, y: 5 }] } },
      { id: 'poly2', label: 'road', geometry: { points: [{ x: 0, y: 0 }, { x: 5, y: 0 }, { x: 5, y: 5 }] } },
    ];
    const current = [
      { id: 'k', label: 'cat', geometry: box(0.5, -0.3, 10.2, 9.6), source: 'manual' }, // accepted as is
      { id: 'moved', label: 'cat', geometry: box(0.6, 0), source: 'ai' },
      { id: 'relabelled', label: 'dog', geometry: box(0, 0), source: 'ai' },
      { id: 'poly', label: 'road', geometry: { points: [{ x: 0, y: 0 }, { x: 5, y: 0 }, { x: 5, y: 5 }, { x: 0, y: 5 }] }, source: 'ai' }, // a point added
      { id: 'poly2', label: 'road', geometry: { points: [{ x: 0.1, y: 0 }, { x: 5, y: 0.4 }, { x: 5, y: 5 }] }, source: 'ai' },
      { id: 'drawn', label: 'cat', geometry: box(50, 50), source: 'manual' },
    ];
    expect(feedbackOf(suggested, current)).toEqual({ kept: 2, edited: 3, deleted: 1 });
    expect(feedbackOf([], current)).toEqual({ kept: 0, edited: 0, deleted: 0 });
    expect(feedbackOf(suggested, [])).toEqual({ kept: 0, edited: 0, deleted: 6 });
  });

  it('a rotation or an extra field is an edit', () => {
    const s = [{ id: 'a', label: 'cat', geometry: box(0, 0) }];
    expect(feedbackOf(s, [{ id: 'a', label: 'cat', geometry: { ...box(0, 0), rotation: 30 } }])).toEqual({ kept: 0, edited: 1, deleted: 0 });
    expect(feedbackOf(s, [{ id: 'a', label: 'cat', geometry: { ...box(0, 0), rotation: undefined } }])).toEqual({ kept: 1, edited: 0, deleted: 0 });
  });
});

describe('thresholdForPrecision', () => {
  const matches = [
    { score: 0.9, tp: true },
    { score: 0.8, tp: false },
    { score: 0.7, tp: true },
    { score: 0.6, tp: true }, // precision at ≥ 0.6: 3/4
    { score: 0.5, tp: false }, // 3/5
    { score: 0.4, tp: false }, // 3/6
  ];

  it('is the lowest score whose predictions reach the precision', () => {
    expect(thresholdForPrecision(matches, 0.75)).toBe(0.6);
    expect(thresholdForPrecision(matches, 0.76)).toBe(0.9);
    expect(thresholdForPrecision(matches, 1)).toBe(0.9);
    expect(thresholdForPrecision(matches, 0.5)).toBe(0.4);
    expect(thresholdForPrecision([...matches].reverse(), 0.6)).toBe(0.5);
  });

  it('is null when no threshold reaches it, and takes ties together', () => {
    expect(thresholdForPrecision([], 0.5)).toBeNull();
    expect(thresholdForPrecision([{ score: 0.9, tp: false }], 0.1)).toBeNull();
    expect(thresholdForPrecision(matches, 1.01)).toBeNull();
    expect(thresholdForPrecision([{ score: 0.5, tp: true }, { score: 0.5, tp: false }], 0.6)).toBeNull();
    expect(thresholdForPrecision([{ score: 0.5, tp: true }, { score: 0.5, tp: false }], 0.5)).toBe(0.5);
  });

  it('agrees with trying every score', () => {
    const arb = fc.array(fc.record({ score: fc.integer({ min: 0, max: 20 }).map((i) => i / 20), tp: fc.boolean() }), { maxLength: 30 });
    fc.assert(
      fc.property(arb, fc.integer({ min: 1, max: 20 }).map((i) => i / 20), (ms, target) => {
        const candidates = [...new Set(ms.map((m) => m.score))].filter((t) => {
          const above = ms.filter((m) => m.score >= t);
          return above.filter((m) => m.tp).length / above.length >= target;
        });
        expect(thresholdForPrecision(ms, target)).toBe(candidates.length ? Math.min(...candidates) : null);
      }),
      { numRuns: 300, seed: 20240611 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// A brute-force reference, written from the COCO definitions without the module's shortcuts:
// IoU by counting unit cells, matching by scanning candidates, AP as the mean over the 101
// recall thresholds of the best precision at any recall at or above it.
// ---------------------------------------------------------------------------------------------

type IntBox = { x: number; y: number; width: number; height: number };
/** numpy's linspace(0, 1, 101), as pycocotools reads precision at. */
const RECALLS = Array.from({ length: 101 }, (_, i) => (i === 100 ? 1 : i * 0.01));
const THRESHOLDS = [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95];

function cellIoU(a: IntBox, b: IntBox): number {
  let inter = 0;
  for (let x = a.x; x < a.x + a.width; x++) for (let y = a.y; y < a.y + a.height; y++) if (x >= b.x && x < b.x + b.width && y >= b.y && y < b.y + b.height) inter++;
  const union = a.width * a.height + b.width * b.height - inter;
  return union > 0 ? inter / union : 0;
}

type RefDet = { score: number; item: number; rank: number; tp: boolean };

function refMatch(items: EvalItem[], label: string, t: number): RefDet[] {
  const dets: RefDet[] = [];
  items.forEach((it, itemIndex) => {
    const gts = it.groundTruth.filter((g) => g.label === label);
    const ps = it.predictions.map((p, i) => ({ p, i })).filter(({ p }) => p.label === label);
    ps.sort((a, b) => b.p.score - a.p.score || a.i - b.i);
    const used = new Set<number>();
    ps.forEach(({ p }, rank) => {
      const candidates = gts.map((g, gi) => ({ gi, iou: cellIoU(g.geometry as IntBox, p.geometry as IntBox) })).filter((c) => !used.has(c.gi) && c.iou >= t);
      const bestIoU = Math.max(...candidates.map((c) => c.iou));
      const chosen = candidates.filter((c) => c.iou === bestIoU).at(-1); // on a tie, the later GT (as COCO)
      if (chosen) used.add(chosen.gi);
      dets.push({ score: p.score, item: itemIndex, rank, tp: chosen !== undefined });
    });
  });
  return dets.sort((a, b) => b.score - a.score || a.item - b.item || a.rank - b.rank);
}

function refAP(dets: RefDet[], gtCount: number): number | null {
  if (gtCount === 0) return null;
  const points = dets.map((_, k) => {
    const tp = dets.slice(0, k + 1).filter((d) => d.tp).length;
    return { recall: tp / gtCount, precision: tp / (k + 1) };
  });
  const total = RECALLS.reduce((sum, r) => sum + Math.max(0, ...points.filter((p) => p.recall >= r).map((p) => p.precision)), 0);
  return total / RECALLS.length;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
const safeDiv = (a: number, b: number) => (b > 0 ? a / b : null);

function reference(items: EvalItem[], scoreThreshold: number) {
  const labels = [...new Set(items.flatMap((it) => [...it.groundTruth, ...it.predictions].map((o) => o.label)))].sort();
  const perLabel: Record<string, Omit<ObjectFigures, 'precision' | 'recall' | 'f1'> & { precision: number | null; recall: number | null }> = {};
  const itemTp = items.map(() => 0), itemFp = items.map(() => 0), itemGt = items.map((it) => it.groundTruth.length);
  for (const label of labels) {
    const gtCount = items.reduce((n, it) => n + it.groundTruth.filter((g) => g.label === label).length, 0);
    const at50 = refMatch(items, label, 0.5);
    const counted = at50.filter((d) => d.score >= scoreThreshold);
    for (const d of counted) {
      const tally = d.tp ? itemTp : itemFp;
      tally[d.item] = (tally[d.item] ?? 0) + 1;
    }
    const tp = counted.filter((d) => d.tp).length, fp = counted.length - tp;
    const ap5095 = gtCount ? mean(THRESHOLDS.map((t) => refAP(refMatch(items, label, t), gtCount) as number)) : null;
    perLabel[label] = { precision: safeDiv(tp, tp + fp), recall: safeDiv(tp, gtCount), ap50: refAP(at50, gtCount), ap5095, tp, fp, fn: gtCount - tp, gtCount, predCount: tp + fp };
  }
  const rows = Object.values(perLabel);
  const tp = rows.reduce((n, r) => n + r.tp, 0), fp = rows.reduce((n, r) => n + r.fp, 0), gtCount = rows.reduce((n, r) => n + r.gtCount, 0);
  const itemP = items.flatMap((_, i) => (itemTp[i]! + itemFp[i]! > 0 ? [itemTp[i]! / (itemTp[i]! + itemFp[i]!)] : itemGt[i] === 0 ? [1] : []));
  const itemR = items.flatMap((_, i) => (itemGt[i]! > 0 ? [itemTp[i]! / itemGt[i]!] : itemFp[i] === 0 ? [1] : []));
  const exact = items.filter((_, i) => itemFp[i] === 0 && itemTp[i] === itemGt[i]).length;
  return {
    perLabel,
    overall: {
      precision: safeDiv(tp, tp + fp), recall: safeDiv(tp, gtCount), tp, fp, fn: gtCount - tp, gtCount, predCount: tp + fp,
      ap50: mean(rows.flatMap((r) => (r.ap50 === null ? [] : [r.ap50]))),
      ap5095: mean(rows.flatMap((r) => (r.ap5095 === null ? [] : [r.ap5095]))),
    },
    items: { itemCount: items.length, itemsExact: exact, itemAccuracy: safeDiv(exact, items.length), itemMeanPrecision: mean(itemP), itemMeanRecall: mean(itemR) },
  };
}

function expectClose(actual: number | null | undefined, expected: number | null) {
  if (expected === null) expect(actual).toBeNull();
  else expect(actual).toBeCloseTo(expected, 12);
}

describe('evaluateDetections against a brute-force reference', () => {
  const label = fc.constantFrom('a', 'b', 'c');
  const intBox = fc.record({ x: fc.integer({ min: 0, max: 12 }), y: fc.integer({ min: 0, max: 12 }), width: fc.integer({ min: 1, max: 8 }), height: fc.integer({ min: 1, max: 8 }) });
  const score = fc.integer({ min: 0, max: 10 }).map((i) => i / 10); // coarse, so scores tie
  const itemArb = fc.array(fc.record({ label, geometry: intBox }), { maxLength: 5 }).chain((truths) => {
    const random = fc.record({ label, geometry: intBox, score });
    const near = fc
      .record({ k: fc.nat({ max: Math.max(0, truths.length - 1) }), dx: fc.integer({ min: -2, max: 2 }), dy: fc.integer({ min: -2, max: 2 }), dw: fc.integer({ min: -1, max: 1 }), relabel: fc.integer({ min: 0, max: 5 }), other: label, score })
      .map(({ k, dx, dy, dw, relabel, other, score: s }) => {
        const t = truths[k] as EvalObject, g = t.geometry as IntBox;
        return { label: relabel === 0 ? other : t.label, geometry: { x: g.x + dx, y: g.y + dy, width: Math.max(1, g.width + dw), height: g.height }, score: s };
      });
    return fc.record({ groundTruth: fc.constant(truths), predictions: fc.array(truths.length ? fc.oneof(random, near, near) : random, { maxLength: 7 }) });
  });
  const itemsArb = fc.array(itemArb, { maxLength: 6 }).map((xs) => xs.map((x, i): EvalItem => ({ id: `i${i}`, ...x })));

  it('agrees on every figure over random cases', () => {
    let nontrivial = 0;
    fc.assert(
      fc.property(itemsArb, fc.constantFrom(0, 0.3, 0.5), (items, scoreThreshold) => {
        const stats = evaluateDetections(items, { scoreThreshold });
        const ref = reference(items, scoreThreshold);
        expect(Value.Check(ModelStatistics, stats)).toBe(true);
        expect(Object.keys(stats.perLabel)).toEqual(Object.keys(ref.perLabel));
        for (const [name, want] of [...Object.entries(ref.perLabel), ['overall', ref.overall] as const]) {
          const got = name === 'overall' ? stats.overall : (stats.perLabel[name] as ObjectFigures);
          expect({ tp: got.tp, fp: got.fp, fn: got.fn, gtCount: got.gtCount, predCount: got.predCount }).toEqual({ tp: want.tp, fp: want.fp, fn: want.fn, gtCount: want.gtCount, predCount: want.predCount });
          for (const k of ['precision', 'recall', 'ap50', 'ap5095'] as const) expectClose(got[k], want[k]);
        }
        expect({ ...stats.items, itemMeanPrecision: 0, itemMeanRecall: 0, itemAccuracy: 0 }).toEqual({ ...ref.items, itemMeanPrecision: 0, itemMeanRecall: 0, itemAccuracy: 0 });
        expectClose(stats.items.itemAccuracy, ref.items.itemAccuracy);
        expectClose(stats.items.itemMeanPrecision, ref.items.itemMeanPrecision);
        expectClose(stats.items.itemMeanRecall, ref.items.itemMeanRecall);
        if (ref.overall.ap50 !== null && ref.overall.ap50 > 0 && ref.overall.ap50 < 1) nontrivial++;
      }),
      { numRuns: 400, seed: 424242 },
    );
    expect(nontrivial).toBeGreaterThan(50); // the cases exercise partial AP, not only 0 and 1
  });

  it('averagePrecision equals the brute-force definition on random rankings', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 40 }), fc.integer({ min: 0, max: 45 }), (hits, extra) => {
        const gtCount = hits.filter(Boolean).length + extra;
        const dets = hits.map((tp, rank) => ({ score: 1, item: 0, rank, tp }));
        expectClose(averagePrecision(hits, gtCount), refAP(dets, gtCount));
      }),
      { numRuns: 400, seed: 7 },
    );
  });
});
