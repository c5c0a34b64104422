import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clipOf, maskIoU, outlineMeasure } from '../../src-shared/ai/outlineIou';
import type { EvalBox, EvalGeometry, EvalMask, EvalPolygon } from '../../src-shared/ai/metricsTypes';
import { rasterizePolygons } from '../../src-shared/mask/polygonToMask';
import { decodeBitmap, encodeBitmap } from '../../src-shared/mask/rle';
import type { MaskRegion } from '../../src-shared/mask/region';
import type { Point2 } from '../../src-shared/model/annotation';
import { drawn, pixelSet } from '../support/maskReference';

const ring = (...xy: number[]): Point2[] => Array.from({ length: xy.length / 2 }, (_, k) => ({ x: xy[2 * k]!, y: xy[2 * k + 1]! }));
const square = (x: number, y: number, side: number): EvalPolygon => ({ points: ring(x, y, x + side, y, x + side, y + side, x, y + side) });
/** A stored mask (run-length text over its box) of a region. */
const maskOf = (r: MaskRegion): EvalMask => ({ x: r.x, y: r.y, width: r.width, height: r.height, rle: encodeBitmap(r.bits, r.width, r.height) });
const filled = (x: number, y: number, width: number, height: number): EvalMask => maskOf({ x, y, width, height, bits: new Uint8Array(width * height).fill(1) });

/** The frame pixels of a shape, found pixel by pixel on a bitmap: the reference the runs must agree with. */
function bitmapPixels(g: EvalGeometry, frame: { width: number; height: number }): Set<string> {
  let set: Set<string>;
  if ('rle' in g) {
    const bits = decodeBitmap(g.rle, g.width, g.height)!;
    set = pixelSet({ x: g.x, y: g.y, width: g.width, height: g.height, bits });
  } else if ('width' in g) {
    set = new Set();
    for (let y = Math.floor(g.y) - 1; y <= g.y + g.height + 1; y++) {
      for (let x = Math.floor(g.x) - 1; x <= g.x + g.width + 1; x++) if (x + 0.5 >= g.x && x + 0.5 < g.x + g.width && y + 0.5 >= g.y && y + 0.5 < g.y + g.height) set.add(`${x},${y}`);
    }
  } else set = pixelSet(rasterizePolygons([g.points as Point2[]]));
  return new Set([...set].filter((p) => {
    const [x, y] = p.split(',').map(Number) as [number, number];
    return x >= 0 && y >= 0 && x < frame.width && y < frame.height;
  }));
}

function bitmapIoU(a: EvalGeometry, b: EvalGeometry, frame: { width: number; height: number }): number {
  const pa = bitmapPixels(a, frame), pb = bitmapPixels(b, frame);
  let inter = 0;
  for (const p of pa) if (pb.has(p)) inter++;
  const union = pa.size + pb.size - inter;
  return union > 0 ? inter / union : 0;
}

describe('mask IoU from runs', () => {
  it('two offset squares: the shared pixels over all of them, as masks, polygons and a box', () => {
    // 10x10 and 10x10 five pixels to the right: 50 shared of 150
    expect(maskIoU(filled(0, 0, 10, 10), filled(5, 0, 10, 10))).toBe(50 / 150);
    // diagonally: 25 of 175
    expect(maskIoU(square(0, 0, 10), square(5, 5, 10))).toBe(25 / 175);
    expect(maskIoU(square(0, 0, 10), filled(5, 5, 10, 10))).toBe(25 / 175);
    const box: EvalBox = { x: 5, y: 5, width: 10, height: 10 };
    expect(maskIoU(filled(0, 0, 10, 10), box)).toBe(25 / 175);
  });

  it('a polygon against the mask it rasterizes to is 1, whatever its points (half pixels, crossing rings)', () => {
    const coordinate = fc.integer({ min: 0, max: 80 }).map((v) => v / 2); // half pixels: centres on edges
    const anyRing = fc.array(fc.record({ x: coordinate, y: coordinate }), { minLength: 3, maxLength: 8 });
    fc.assert(
      fc.property(anyRing, (points) => {
        const r = rasterizePolygons([points]);
        if (!r) return;
        expect(maskIoU({ points }, maskOf(r))).toBe(1);
      }),
      { numRuns: 200, seed: 3232 },
    );
  });

  it('a hole counts as unset: a ring with a hole against the filled square, and against its own hole', () => {
    const ringed = maskOf(rasterizePolygons([ring(0, 0, 10, 0, 10, 10, 0, 10), ring(3, 3, 7, 3, 7, 7, 3, 7)])!);
    expect(maskIoU(ringed, filled(0, 0, 10, 10))).toBe(84 / 100);
    expect(maskIoU(ringed, square(3, 3, 4))).toBe(0);
    const donut = maskOf(drawn(['#####', '#...#', '#.#.#', '#...#', '#####']));
    // the middle pixel is an island in the hole: 17 set pixels, one shared with the 3x3 middle
    expect(maskIoU(donut, filled(1, 1, 3, 3))).toBe(1 / (17 + 9 - 1));
  });

  it('shapes with no pixel in common are 0, and so are two with no pixels at all', () => {
    expect(maskIoU(filled(0, 0, 10, 10), filled(10, 0, 10, 10))).toBe(0);
    expect(maskIoU(square(0, 0, 10), square(0, 20, 10))).toBe(0);
    expect(maskIoU({ points: ring(0.6, 0.6, 0.9, 0.6, 0.9, 0.9) }, { points: [] })).toBe(0);
  });

  it('only pixels on the frame count: a shape past its edge is cut there', () => {
    const frame = clipOf({ width: 10, height: 10 });
    // 20x10 from x = -10: its 100 pixels on the frame are the frame's own
    expect(maskIoU(filled(-10, 0, 20, 10), filled(0, 0, 10, 10), frame)).toBe(1);
    expect(maskIoU(square(5, 0, 100), filled(0, 0, 10, 10), frame)).toBe(50 / 100);
  });

  it('agrees with the IoU of bitmaps made pixel by pixel, on random masks, polygons and boxes partly off the frame', () => {
    const frame = { width: 40, height: 30 };
    const mask = fc
      .record({ x: fc.integer({ min: -8, max: 36 }), y: fc.integer({ min: -8, max: 26 }), width: fc.integer({ min: 1, max: 16 }), height: fc.integer({ min: 1, max: 16 }), seed: fc.integer() })
      .map(({ x, y, width, height, seed }): EvalMask => {
        let s = seed >>> 0;
        const bits = new Uint8Array(width * height).map(() => ((s = (s * 1103515245 + 12345) >>> 0) >>> 16) % 3 === 0 ? 0 : 1);
        return maskOf({ x, y, width, height, bits });
      });
    const coordinate = fc.integer({ min: -20, max: 100 }).map((v) => v / 2);
    const polygon = fc.array(fc.record({ x: coordinate, y: coordinate }), { minLength: 3, maxLength: 7 }).map((points): EvalPolygon => ({ points }));
    const box = fc
      .record({ x: fc.double({ min: -10, max: 40, noNaN: true }), y: fc.double({ min: -10, max: 30, noNaN: true }), width: fc.double({ min: 0, max: 30, noNaN: true }), height: fc.double({ min: 0, max: 30, noNaN: true }) })
      .map((b): EvalBox => b);
    const shape = fc.oneof(mask, polygon, box);
    fc.assert(
      fc.property(shape, shape, (a, b) => {
        const exact = bitmapIoU(a, b, frame);
        expect(maskIoU(a, b, clipOf(frame))).toBeCloseTo(exact, 12);
        // as matching asks: nothing under its lowest threshold, measured once for two floors
        expect(outlineMeasure(frame, 0.3)(a, b)).toBeCloseTo(exact >= 0.3 ? exact : 0, 12);
        expect(outlineMeasure(frame, 0.5)(a, b)).toBeCloseTo(exact >= 0.5 ? exact : 0, 12);
      }),
      { numRuns: 300, seed: 3233 },
    );
  });
});
