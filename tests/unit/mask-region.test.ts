import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskBits } from '../../src-shared/mask/maskBits';
import {
  clipRegion,
  emptyRegion,
  geometryOfRegion,
  intersectRegions,
  maskIoU,
  regionArea,
  regionOfGeometry,
  regionsOverlap,
  subtractRegion,
  unionRegions,
  type MaskRegion,
} from '../../src-shared/mask/region';
import { decodeBitmap } from '../../src-shared/mask/rle';
import { MaskGeometry } from '../../src-shared/model/annotation';
import { Value } from 'typebox/value';
import { anyRegion, drawn, pixels, pixelSet, setIoU } from '../support/maskReference';

const sorted = (s: Set<string>) => [...s].sort();
const boxOf = (r: MaskRegion) => ({ x: r.x, y: r.y, width: r.width, height: r.height });

describe('mask regions: combining', () => {
  it('union, subtract and intersect set exactly the pixels a pixel-by-pixel reading says, anywhere on the frame', () => {
    fc.assert(
      fc.property(anyRegion(), anyRegion(), (a, b) => {
        const pa = pixelSet(a);
        const pb = pixelSet(b);
        expect(pixels(unionRegions(a, b))).toEqual(sorted(new Set([...pa, ...pb])));
        expect(pixels(subtractRegion(a, b))).toEqual(sorted(new Set([...pa].filter((p) => !pb.has(p)))));
        const both = [...pa].filter((p) => pb.has(p));
        const common = intersectRegions(a, b);
        expect(pixels(common)).toEqual(both.sort());
        if (both.length === 0) expect(common).toBeNull();
        expect(regionsOverlap(a, b)).toBe(both.length > 0);
        expect(regionArea(a)).toBe(pa.size);
        expect(maskIoU(a, b)).toBeCloseTo(setIoU(pa, pb), 12);
      }),
      { numRuns: 400, seed: 3201 },
    );
  });

  it('keeps the box a caller counts on: union covers both boxes, subtract keeps the first', () => {
    const a = drawn(['#.', '.#'], -3, 5);
    const b = drawn(['##'], 40, -2);
    expect(boxOf(unionRegions(a, b))).toEqual({ x: -3, y: -2, width: 45, height: 9 });
    expect(boxOf(subtractRegion(a, b))).toEqual(boxOf(a));
    // a region with no box (an empty stroke) adds nothing and takes nothing away
    expect(pixels(unionRegions(a, emptyRegion()))).toEqual(pixels(a));
    expect(pixels(unionRegions(emptyRegion(), a))).toEqual(pixels(a));
    expect(pixels(subtractRegion(a, emptyRegion()))).toEqual(pixels(a));
  });

  it('answers regions far apart without a frame-sized bitmap: no overlap, IoU 0, intersection null', () => {
    const a = drawn(['##', '##'], -9_000_000, -9_000_000);
    const b = drawn(['##', '##'], 9_000_000, 9_000_000);
    expect(regionsOverlap(a, b)).toBe(false);
    expect(maskIoU(a, b)).toBe(0);
    expect(intersectRegions(a, b)).toBeNull();
    expect(pixels(subtractRegion(a, b))).toEqual(pixels(a));
  });

  it('refuses a union too big for a mask with a clear error instead of running out of memory', () => {
    const a = drawn(['#'], 0, 0);
    const b = drawn(['#'], 60_000, 60_000);
    expect(() => unionRegions(a, b)).toThrow(/larger than a mask may be/);
  });

  it('gives IoU 0 for two empty masks and 1 for a mask with itself', () => {
    expect(maskIoU(drawn(['..']), drawn(['...'], 5, 5))).toBe(0);
    expect(maskIoU(emptyRegion(), emptyRegion())).toBe(0);
    const a = drawn(['.#', '##']);
    expect(maskIoU(a, a)).toBe(1);
  });

  it('never changes its inputs', () => {
    const a = drawn(['##', '#.']);
    const b = drawn(['.#', '##'], 1, 0);
    const before = [a.bits.slice(), b.bits.slice()];
    unionRegions(a, b);
    subtractRegion(a, b);
    intersectRegions(a, b);
    clipRegion(a, 1, 1);
    expect([a.bits, b.bits]).toEqual(before);
  });
});

describe('mask regions: clipping to the frame', () => {
  it('keeps only the pixels on the frame, across every edge and from negative coordinates', () => {
    fc.assert(
      fc.property(anyRegion(), fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 25 }), (r, width, height) => {
        const expected = [...pixelSet(r)].filter((p) => {
          const [x, y] = p.split(',').map(Number) as [number, number];
          return x >= 0 && y >= 0 && x < width && y < height;
        });
        const clipped = clipRegion(r, width, height);
        expect(pixels(clipped)).toEqual(expected.sort());
        if (expected.length === 0) expect(clipped).toBeNull();
        if (clipped) expect(clipped.x >= 0 && clipped.y >= 0 && clipped.x + clipped.width <= width && clipped.y + clipped.height <= height).toBe(true);
      }),
      { numRuns: 300, seed: 3202 },
    );
  });
});

describe('mask regions: to and from the stored geometry', () => {
  it('stores a region cropped to its set pixels, as run-length text that decodes to them', () => {
    fc.assert(
      fc.property(anyRegion(14, [0, 0.3]), (r) => {
        const g = geometryOfRegion(r);
        const set = pixelSet(r);
        if (set.size === 0) {
          expect(g).toBeNull();
          return;
        }
        expect(Value.Check(MaskGeometry, g)).toBe(true);
        const xs = [...set].map((p) => Number(p.split(',')[0]));
        const ys = [...set].map((p) => Number(p.split(',')[1]));
        expect(boxOf(regionOfGeometry(g!))).toEqual({ x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs) + 1, height: Math.max(...ys) - Math.min(...ys) + 1 });
        const decoded = decodeBitmap(g!.rle, g!.width, g!.height)!;
        expect(pixels({ ...g!, bits: decoded })).toEqual(sorted(set));
      }),
      { numRuns: 400, seed: 3203 },
    );
  });

  it('stores a one-pixel mask as a 1 x 1 box at that pixel', () => {
    const g = geometryOfRegion(drawn(['...', '.#.', '...'], -7, 4))!;
    expect(g).toMatchObject({ x: -6, y: 5, width: 1, height: 1 });
    expect(pixels(regionOfGeometry(g))).toEqual(['-6,5']);
  });

  it('keeps a mask that touches every side of its region whole', () => {
    const r = drawn(['#..#', '....', '.##.', '#...']);
    const g = geometryOfRegion(r)!;
    expect(g).toMatchObject({ x: 0, y: 0, width: 4, height: 4 });
    expect(pixels(regionOfGeometry(g))).toEqual(pixels(r));
  });

  it('hands the new geometry its bitmap (no decode on next use), and a later change to the region does not reach it', () => {
    // a region already tight: its bits could be handed over as they are, and must not be
    const r = drawn(['##', '#.'], 1, 1);
    const g = geometryOfRegion(r)!;
    const cached = maskBits(g);
    expect(regionOfGeometry(g).bits).toBe(cached);
    r.bits.fill(1);
    expect(pixels(regionOfGeometry(g))).toEqual(['1,1', '1,2', '2,1']);
  });
});
