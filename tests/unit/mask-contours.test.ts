import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bridgeHoles, maskContours, maskToPolygons } from '../../src-shared/mask/contours';
import { rasterizePolygons } from '../../src-shared/mask/polygonToMask';
import { clipRegion, geometryOfRegion, maskIoU, regionArea, type MaskRegion } from '../../src-shared/mask/region';
import type { Point2 } from '../../src-shared/model/annotation';
import { anyRegion, selfCrossings, drawn, pixels, segmentDistance } from '../support/maskReference';

const shoelace = (ring: readonly Point2[]) => ring.reduce((s, a, k) => s + a.x * ring[(k + 1) % ring.length]!.y - ring[(k + 1) % ring.length]!.x * a.y, 0) / 2;
const ring = (...xy: number[]): Point2[] => Array.from({ length: xy.length / 2 }, (_, k) => ({ x: xy[2 * k]!, y: xy[2 * k + 1]! }));
const circle = (cx: number, cy: number, r: number, n = 64): Point2[] => Array.from({ length: n }, (_, k) => ({ x: cx + r * Math.cos((2 * Math.PI * k) / n), y: cy + r * Math.sin((2 * Math.PI * k) / n) }));

/** Every ring of every part, holes included: even-odd makes the holes holes. */
const allRings = (parts: { outer: Point2[]; holes: Point2[][] }[]) => parts.flatMap((p) => [p.outer, ...p.holes]);

describe('mask outlines, exact (no simplification)', () => {
  it('trace back to exactly the mask, whether holes stay rings or are bridged into one ring per part', () => {
    fc.assert(
      fc.property(anyRegion(12, [0.2, 0.8]), (r) => {
        const parts = maskContours(r, 0, 0);
        expect(pixels(rasterizePolygons(allRings(parts)))).toEqual(pixels(r));
        expect(pixels(rasterizePolygons(parts.map((p) => bridgeHoles(p.outer, p.holes))))).toEqual(pixels(r));
      }),
      { numRuns: 400, seed: 3230 },
    );
  });

  it('bridges holes with cuts that cross no edge (the ring stays simple)', () => {
    fc.assert(
      fc.property(anyRegion(14, [0.55, 0.8]), (r) => {
        for (const part of maskContours(r, 0, 0)) expect(selfCrossings(bridgeHoles(part.outer, part.holes))).toEqual([]);
      }),
      { numRuns: 300, seed: 3231 },
    );
  });

  it('turns outer rings clockwise on screen and holes the other way, and puts each hole with the part around it', () => {
    const r = drawn([
      '###########',
      '#.........#',
      '#.#######.#',
      '#.#.....#.#',
      '#.#.....#.#',
      '#.#######.#',
      '#.........#',
      '###########',
    ]);
    const parts = maskContours(r, 0, 1);
    expect(parts).toHaveLength(2);
    const [frame, island] = parts as [(typeof parts)[0], (typeof parts)[0]];
    expect(shoelace(frame.outer)).toBe(88);
    expect(frame.holes.map(shoelace)).toEqual([-54]);
    expect(shoelace(island.outer)).toBe(28);
    expect(island.holes.map(shoelace)).toEqual([-10]);
  });

  it('keeps pixels that touch at a corner as one part', () => {
    const parts = maskContours(drawn(['##..', '##..', '..##', '..##']), 0, 1);
    expect(parts).toHaveLength(1);
    expect(shoelace(parts[0]!.outer)).toBe(8);
  });

  it('drops parts smaller than minArea and fills holes smaller than it', () => {
    const r = drawn(['#.....', '..####', '..#.##', '..####']);
    expect(maskContours(r, 0, 4).map((p) => [shoelace(p.outer), p.holes.length])).toEqual([[12, 0]]);
    expect(maskContours(r, 0, 1).map((p) => [shoelace(p.outer), p.holes.length])).toEqual([
      [1, 0],
      [12, 1],
    ]);
  });

  it('outlines a one-pixel mask as its pixel square in frame coordinates, and nothing for an empty region', () => {
    expect(maskContours(drawn(['#'], -5, 7), 0.7, 1)).toEqual([{ outer: ring(-5, 7, -4, 7, -4, 8, -5, 8), holes: [] }]);
    expect(maskContours(drawn(['#'], -5, 7))).toEqual([]); // under the default minArea of 4
    expect(maskContours(drawn(['...']))).toEqual([]);
    expect(maskContours({ x: 0, y: 0, width: 0, height: 0, bits: new Uint8Array(0) })).toEqual([]);
  });
});

describe('mask outlines, simplified (what becomes a polygon)', () => {
  const shapes: [string, Point2[][]][] = [
    ['convex (an ellipse)', [circle(60, 40, 35).map((p) => ({ x: p.x, y: 40 + (p.y - 40) * 0.6 }))]],
    ['concave (a star)', [Array.from({ length: 20 }, (_, k) => ({ x: 50 + (k % 2 ? 18 : 45) * Math.cos((Math.PI * k) / 10), y: 50 + (k % 2 ? 18 : 45) * Math.sin((Math.PI * k) / 10) }))]],
    ['with a hole (a ring)', [circle(50, 50, 40), circle(52, 48, 18)]],
    ['with thin parts (a comb, teeth 3 px wide)', [ring(10, 10, 90, 10, 90, 20, 79, 20, 79, 60, 76, 60, 76, 20, 59, 20, 59, 60, 56, 60, 56, 20, 39, 20, 39, 60, 36, 60, 36, 20, 19, 20, 19, 60, 16, 60, 16, 20, 10, 20)]],
    ['slanted thin bar (4 px)', [ring(10, 10, 13, 8, 93, 78, 90, 81)]],
  ];

  it.each(shapes)('round-trips %s: polygon -> mask -> polygon -> mask keeps IoU >= 0.98', (_name, rings) => {
    const first = rasterizePolygons(rings)!;
    const g = geometryOfRegion(first)!;
    const polygons = maskToPolygons(g);
    const second = rasterizePolygons(polygons)!;
    expect(maskIoU(first, second)).toBeGreaterThanOrEqual(0.98);
  });

  it('simplifies an outline to fewer points, every pixel corner of it staying within the tolerance', () => {
    const disc = rasterizePolygons([circle(100, 100, 40, 256)])!;
    const exact = maskContours(disc, 0)[0]!.outer;
    for (const tolerance of [0.7, 1.5]) {
      const simple = maskContours(disc, tolerance)[0]!.outer;
      expect(simple.length).toBeLessThan(exact.length * (tolerance < 1 ? 0.6 : 0.1));
      const away = (p: Point2) => Math.min(...simple.map((a, k) => segmentDistance(p, a, simple[(k + 1) % simple.length]!)));
      expect(Math.max(...exact.map(away))).toBeLessThanOrEqual(tolerance);
    }
  });

  it('round-trips a mask cut off at the frame edge (touching its region on two sides)', () => {
    const first = clipRegion(rasterizePolygons([circle(10, 10, 30)])!, 100, 100)!;
    expect(first.x).toBe(0);
    const second = rasterizePolygons(maskToPolygons(geometryOfRegion(first)!))!;
    expect(maskIoU(first, second)).toBeGreaterThanOrEqual(0.98);
  });

  it('bridges a hole so the single ring rasterizes to the mask with the hole', () => {
    const annulus = rasterizePolygons([circle(200, 100, 60), circle(190, 110, 25)])!;
    const parts = maskContours(annulus);
    expect(parts).toHaveLength(1);
    expect(parts[0]!.holes).toHaveLength(1);
    const single = bridgeHoles(parts[0]!.outer, parts[0]!.holes);
    expect(selfCrossings(single)).toEqual([]);
    const back = rasterizePolygons([single])!;
    expect(maskIoU(annulus, back)).toBeGreaterThanOrEqual(0.99);
    // the hole stays empty: its centre is not set
    expect(pixels(back)).not.toContain('190,110');
  });

  it('bridges many holes in a concave part without crossing, whatever their order', () => {
    // a U whose arms each hold holes: a hole's nearest corner of the outline can be across the gap
    const rows = Array.from({ length: 40 }, (_, j) => Array.from({ length: 60 }, (_, i) => (i < 20 || i >= 40 || j >= 30 ? '#' : '.')).join(''));
    const r: MaskRegion = drawn(rows, 3, -9);
    const holes: [number, number][] = [[8, 5], [8, 15], [8, 25], [48, 8], [48, 20], [28, 34], [12, 34]];
    for (const [hx, hy] of holes) for (let j = hy; j < hy + 3; j++) for (let i = hx; i < hx + 4; i++) r.bits[j * r.width + i] = 0;
    const parts = maskContours(r, 0.7, 4);
    expect(parts).toHaveLength(1);
    expect(parts[0]!.holes).toHaveLength(holes.length);
    const single = bridgeHoles(parts[0]!.outer, parts[0]!.holes);
    expect(selfCrossings(single)).toEqual([]);
    expect(maskIoU(r, rasterizePolygons([single])!)).toBe(1);
  });

  it('starts a later hole\u2019s cut on the side of an earlier cut that faces it', () => {
    // B sees A's rightmost corner, which A's own cut has made two corners of the ring: the cut
    // must leave from the one facing B, or the ring passes through itself there
    const outer = ring(0, 0, 50, 0, 40, 40, 0, 40);
    const a = ring(19, 15, 25, 17, 19, 19);
    const b = ring(6, 23, 10, 25, 6, 27);
    const single = bridgeHoles(outer, [a, b]);
    expect(selfCrossings(single)).toEqual([]);
    expect(regionArea(rasterizePolygons([single])!)).toBe(regionArea(rasterizePolygons([outer, a, b])!));
  });

  it('leaves out a hole that is not inside the outer ring, and holes of fewer than 3 points', () => {
    const single = bridgeHoles(ring(0, 0, 10, 0, 10, 10, 0, 10), [ring(20, 20, 22, 20, 22, 22), ring(1, 1, 2, 2)]);
    expect(single).toEqual(ring(0, 0, 10, 0, 10, 10, 0, 10));
  });

  it('answers the same shape whichever way the caller turned the rings', () => {
    const outer = ring(0, 0, 0, 10, 10, 10, 10, 0); // counter-clockwise on screen
    const hole = ring(3, 3, 6, 3, 6, 6, 3, 6); // clockwise on screen, as an outer ring would be
    const single = bridgeHoles(outer, [hole]);
    expect(shoelace(single)).toBe(100 - 9);
    expect(regionArea(rasterizePolygons([single])!)).toBe(91);
  });
});
