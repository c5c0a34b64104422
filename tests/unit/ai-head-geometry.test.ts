import { describe, expect, it } from 'vitest';
import { clipBox, iou, nms, polygonArea } from '../../src-ai/geometry';
import { finishPredictions } from '../../src-ai/head';
import type { Prediction } from '../../src-shared/ai/protocol';

const p = (className: string, score: number, x = 0): Prediction => ({ tool: 'box', className, score, box: { x, y: 0, width: 100, height: 100 } });

describe('geometry', () => {
  it('iou, clipping and polygon area', () => {
    expect(iou({ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: 0, width: 10, height: 10 })).toBeCloseTo(50 / 150);
    expect(iou({ x: 0, y: 0, width: 10, height: 10 }, { x: 20, y: 0, width: 10, height: 10 })).toBe(0);
    expect(clipBox({ x: -5, y: 90, width: 20, height: 20 }, 100, 100)).toEqual({ x: 0, y: 90, width: 15, height: 10 });
    expect(polygonArea([{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 5 }, { x: 0, y: 5 }])).toBe(50);
  });

  it('nms keeps the best of overlapping boxes of one class and boxes of other classes', () => {
    const kept = nms([p('car', 0.5, 3), p('car', 0.9), p('bus', 0.7, 2), p('car', 0.4, 300)] as (Prediction & { box: NonNullable<Prediction['box']> })[], 0.45);
    expect(kept.map((k) => [k.className, k.score])).toEqual([
      ['car', 0.9],
      ['bus', 0.7],
      ['car', 0.4],
    ]);
  });
});

describe('finishPredictions', () => {
  const raw = [p('person', 0.9), p('person', 0.35, 200), p('cat', 0.8, 400), p('dog', 0.25, 600)];

  it('without a head: minScore (0.3 by default), best first, maxObjects, no label', () => {
    expect(finishPredictions(raw, undefined, undefined).map((x) => x.score)).toEqual([0.9, 0.8, 0.35]);
    expect(finishPredictions(raw, undefined, { minScore: 0.5, maxObjects: 1 }).map((x) => x.score)).toEqual([0.9]);
    expect(finishPredictions(raw, undefined, undefined).every((x) => x.label === undefined)).toBe(true);
  });

  it('with a head: maps to labels, drops unmapped classes and those under their label threshold or the default', () => {
    const head = { mapping: { person: 'lbl-person', dog: 'lbl-dog' }, thresholds: { 'lbl-person': 0.3 }, defaultThreshold: 0.5 };
    const out = finishPredictions(raw, head, undefined);
    // cat is unmapped; the dog (0.25) is under the default 0.5; the 0.35 person passes its label's 0.3
    expect(out.map((x) => [x.className, x.label, x.score])).toEqual([
      ['person', 'lbl-person', 0.9],
      ['person', 'lbl-person', 0.35],
    ]);
    expect(finishPredictions(raw, { ...head, thresholds: {} }, undefined).map((x) => x.score)).toEqual([0.9]);
    // an explicit minScore still applies on top
    expect(finishPredictions(raw, head, { minScore: 0.5 }).map((x) => x.score)).toEqual([0.9]);
  });

  it('does not take inherited object keys for classes', () => {
    const head = { mapping: {}, thresholds: {}, defaultThreshold: 0 };
    expect(finishPredictions([p('constructor', 0.9), p('toString', 0.9)], head, undefined)).toEqual([]);
  });
});
