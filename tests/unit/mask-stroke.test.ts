import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { regionArea } from '../../src-shared/mask/region';
import { rasterizeStroke } from '../../src-shared/mask/stroke';
import { picture, pixels, pixelSet, strokeSlowly } from '../support/maskReference';

const sorted = (s: Set<string>) => [...s].sort();
const point = fc.record({ x: fc.double({ min: -40, max: 40, noNaN: true }), y: fc.double({ min: -40, max: 40, noNaN: true }) });

describe('brush strokes', () => {
  it('paints exactly the pixels whose centre is within the radius of the path', () => {
    fc.assert(
      fc.property(fc.array(point, { minLength: 1, maxLength: 6 }), fc.double({ min: 0.5, max: 9, noNaN: true }), (points, radius) => {
        const expected = strokeSlowly(points, radius);
        // the pixel under each point is painted too (it only adds pixels for radius < 0.71)
        for (const p of points) expected.add(`${Math.floor(p.x)},${Math.floor(p.y)}`);
        expect(pixels(rasterizeStroke(points, radius))).toEqual(sorted(expected));
      }),
      { numRuns: 300, seed: 3210 },
    );
  });

  it('paints a round dot for a single point', () => {
    expect(picture(rasterizeStroke([{ x: 5.5, y: 5.5 }], 2), 2, 2, 7, 7)).toEqual(['.......', '...#...', '..###..', '.#####.', '..###..', '...#...', '.......']);
  });

  it('paints the pixel under a click with the thinnest brush, even on a pixel corner', () => {
    expect(pixels(rasterizeStroke([{ x: 10, y: -3 }], 0.5))).toEqual(['10,-3']);
    // a radius below 0.5 is taken as 0.5
    expect(pixels(rasterizeStroke([{ x: 10.5, y: 3.5 }], 0.1))).toEqual(['10,3']);
  });

  it('leaves no gap along a long thin diagonal line', () => {
    const r = rasterizeStroke([{ x: 0.2, y: 0.7 }, { x: 100.3, y: 37.9 }], 0.5);
    const set = pixelSet(r);
    // a band one pixel wide with a slope under 1 holds a pixel centre in every column it spans
    for (let x = 1; x < 100; x++) expect([...set].some((p) => p.startsWith(`${x},`))).toBe(true);
  });

  it('paints a disc of the expected area for a huge radius', () => {
    const r = rasterizeStroke([{ x: 1000.5, y: -2000.5 }], 400);
    expect(Math.abs(regionArea(r) / (Math.PI * 400 * 400) - 1)).toBeLessThan(0.001);
    expect(r.width).toBeLessThanOrEqual(801);
  });

  it('answers an empty region for no points, and refuses a radius or a point that is not a number', () => {
    expect(regionArea(rasterizeStroke([], 5))).toBe(0);
    expect(rasterizeStroke([], 5).width).toBe(0);
    expect(() => rasterizeStroke([{ x: 0, y: 0 }], Number.NaN)).toThrow(RangeError);
    expect(() => rasterizeStroke([{ x: 0, y: 0 }, { x: Number.NaN, y: 3 }], 2)).toThrow(RangeError);
  });

  it('paints the same pixels whether the pointer sent many points or few along a straight drag', () => {
    const few = rasterizeStroke([{ x: 3, y: 4 }, { x: 203, y: 104 }], 6);
    const many = rasterizeStroke(Array.from({ length: 101 }, (_, k) => ({ x: 3 + 2 * k, y: 4 + k })), 6);
    expect(pixels(many)).toEqual(pixels(few));
  });
});
