import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rasterizePolygons } from '../../src-shared/mask/polygonToMask';
import type { Point2 } from '../../src-shared/model/annotation';
import { picture, pixels, rasterizeSlowly } from '../support/maskReference';

const sorted = (s: Set<string>) => [...s].sort();
const ring = (...xy: number[]): Point2[] => Array.from({ length: xy.length / 2 }, (_, k) => ({ x: xy[2 * k]!, y: xy[2 * k + 1]! }));
const coordinate = fc.double({ min: -30, max: 30, noNaN: true });
const anyRing = fc.array(fc.record({ x: coordinate, y: coordinate }), { minLength: 3, maxLength: 9 });

describe('polygons to a mask', () => {
  it('sets exactly the pixels whose centre is inside (even-odd), for any rings, crossing ones too', () => {
    fc.assert(
      fc.property(fc.array(anyRing, { minLength: 1, maxLength: 3 }), (rings) => {
        const expected = rasterizeSlowly(rings);
        const r = rasterizePolygons(rings);
        expect(pixels(r)).toEqual(sorted(expected));
        if (expected.size === 0) expect(r).toBeNull();
      }),
      { numRuns: 400, seed: 3220 },
    );
  });

  it('gives back exactly the pixels of an outline along pixel edges, at negative coordinates too', () => {
    const r = rasterizePolygons([ring(-3, -2, 1, -2, 1, 0, -1, 0, -1, 1, -3, 1)]);
    expect(picture(r, -4, -3, 6, 5)).toEqual(['......', '.####.', '.####.', '.##...', '......']);
  });

  it('leaves a ring inside another out (a hole)', () => {
    const r = rasterizePolygons([ring(0, 0, 5, 0, 5, 5, 0, 5), ring(1, 1, 4, 1, 4, 4, 1, 4)]);
    expect(picture(r, 0, 0, 5, 5)).toEqual(['#####', '#...#', '#...#', '#...#', '#####']);
  });

  it('answers null for a ring of fewer than 3 distinct points, a ring with no pixel centre inside, or none', () => {
    expect(rasterizePolygons([ring(0, 0, 10, 10, 0, 0, 10, 10)])).toBeNull();
    expect(rasterizePolygons([ring(0, 0, 10, 0)])).toBeNull();
    expect(rasterizePolygons([ring(0.6, 0.6, 0.9, 0.6, 0.9, 0.9)])).toBeNull();
    expect(rasterizePolygons([])).toBeNull();
  });

  it('takes a ring whose last point repeats the first (as COCO writes them) like the open one', () => {
    const open = ring(0.5, 0.5, 9.2, 1.7, 4.4, 8.8);
    expect(pixels(rasterizePolygons([[...open, open[0]!]]))).toEqual(pixels(rasterizePolygons([open])));
  });

  it('splits the pixels on an edge two polygons share between them: none set twice, none lost', () => {
    // the shared edges run through pixel centres (x = 2.5, y = 3.5): the rule must pick one side
    const left = rasterizePolygons([ring(0.5, 0.5, 2.5, 0.5, 2.5, 6.5, 0.5, 6.5)]);
    const right = rasterizePolygons([ring(2.5, 0.5, 4.5, 0.5, 4.5, 3.5, 2.5, 3.5)]);
    const below = rasterizePolygons([ring(2.5, 3.5, 4.5, 3.5, 4.5, 6.5, 2.5, 6.5)]);
    const all = [...pixels(left), ...pixels(right), ...pixels(below)];
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual(pixels(rasterizePolygons([ring(0.5, 0.5, 4.5, 0.5, 4.5, 6.5, 0.5, 6.5)])));
  });

  it('keeps a thin sliver one pixel wide', () => {
    const r = rasterizePolygons([ring(0, 0.1, 30, 0.1, 30, 0.9, 0, 0.9)]);
    expect(picture(r, 0, 0, 30, 1)).toEqual(['#'.repeat(30)]);
  });
});
