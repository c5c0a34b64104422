/**
 * Our masks against pycocotools, the reference COCO API that every COCO consumer reads with:
 * the same polygon must cover (nearly) the same pixels, and the stored run-length text must be
 * exactly what pycocotools writes for the same bitmap. python3 runs once with every case.
 * Missing python3 or pycocotools fails the test with what to install: this check is the only
 * proof that an exported mask reads right outside, so it must not skip quietly.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bridgeHoles, maskContours } from '../../src-shared/mask/contours';
import { fillEnclosed } from '../../src-shared/mask/fill';
import { rasterizePolygons } from '../../src-shared/mask/polygonToMask';
import { blankRegion, geometryOfRegion, regionOfGeometry, subtractRegion, unionRegions, type MaskRegion } from '../../src-shared/mask/region';
import { decodeBitmap } from '../../src-shared/mask/rle';
import { rasterizeStroke } from '../../src-shared/mask/stroke';
import type { MaskGeometry, Point2 } from '../../src-shared/model/annotation';
import { drawn, pixelSet, setIoU } from '../support/maskReference';

const SCRIPT = join(__dirname, '../support/readers/coco_masks.py');
const FRAME = { width: 240, height: 180 };

const circle = (cx: number, cy: number, r: number, n = 48): Point2[] => Array.from({ length: n }, (_, k) => ({ x: cx + r * Math.cos((2 * Math.PI * k) / n), y: cy + r * Math.sin((2 * Math.PI * k) / n) }));
const star = (cx: number, cy: number, outer: number, inner: number): Point2[] =>
  Array.from({ length: 14 }, (_, k) => ({ x: cx + (k % 2 ? inner : outer) * Math.cos((Math.PI * k) / 7), y: cy + (k % 2 ? inner : outer) * Math.sin((Math.PI * k) / 7) }));
const annulus = rasterizePolygons([circle(120, 90, 70), circle(110, 95, 30)])!;
const annulusRing = (() => {
  const [part] = maskContours(annulus);
  return bridgeHoles(part!.outer, part!.holes);
})();

/** Single rings, as COCO polygons are (COCO merges an object's polygons by union, so a hole must be bridged). */
const POLYGONS: [string, Point2[]][] = [
  ['an ellipse', circle(100, 80, 60).map((p) => ({ x: p.x, y: 80 + (p.y - 80) * 0.7 }))],
  ['a star', star(120, 90, 80, 35)],
  ['a triangle at odd coordinates', [{ x: 13.3, y: 7.9 }, { x: 201.6, y: 44.2 }, { x: 77.1, y: 170.4 }]],
  ['a ring with its hole bridged', annulusRing],
];

function region(bits: string, width: number, height: number): MaskRegion {
  return { x: 0, y: 0, width, height, bits: Uint8Array.from(bits, (c) => (c === '1' ? 1 : 0)) };
}

/** Geometries our edits make, of every kind the workstation stores. */
function storedMasks(): [string, MaskGeometry][] {
  const noise = blankRegion(-40, 12, 300, 200);
  let s = 99;
  for (let k = 0; k < noise.bits.length; k++) noise.bits[k] = (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32 < 0.3 ? 1 : 0;
  const stroke = rasterizeStroke([{ x: 5, y: 5 }, { x: 180, y: 60 }, { x: 40, y: 150 }], 9);
  const filled = fillEnclosed(drawn(['#####', '#...#', '#####']), 1, 1) as MaskRegion;
  const kinds: [string, MaskRegion][] = [
    ['one pixel', drawn(['#'], 3, 4)],
    ['a full box', drawn(['###', '###'])],
    ['one column', drawn(['#', '.', '#', '#'])],
    ['one row', drawn(['#.##.#'])],
    ['a brush stroke', stroke],
    ['an erased stroke', subtractRegion(stroke, rasterizeStroke([{ x: 0, y: 30 }, { x: 200, y: 30 }], 4))],
    ['a union far apart', unionRegions(drawn(['##']), drawn(['#'], 120, 90))],
    ['a filled hole', filled],
    ['a polygon', rasterizePolygons([star(60, 60, 58, 20)])!],
    ['noise (runs long and short, differences below zero)', noise],
  ];
  return kinds.map(([name, r]) => [name, geometryOfRegion(r)!]);
}

function runCoco(input: unknown): { polygons: string[]; bitmaps: string[] } {
  const run = spawnSync('python3', [SCRIPT], { input: JSON.stringify(input), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new Error("python3 is missing: this check needs python3 with numpy and pycocotools ('pip install pycocotools')");
  }
  if (run.status !== 0) throw new Error(`the pycocotools reader failed (exit ${run.status}${run.error ? `, ${run.error.message}` : ''}): ${run.stderr.trim()}`);
  return JSON.parse(run.stdout) as { polygons: string[]; bitmaps: string[] };
}

describe('masks as pycocotools reads and writes them', () => {
  const stored = storedMasks();
  let coco: { polygons: string[]; bitmaps: string[] };

  beforeAll(() => {
    coco = runCoco({
      polygons: POLYGONS.map(([, ring]) => ({ ...FRAME, rings: [ring.flatMap((p) => [p.x, p.y])] })),
      bitmaps: stored.map(([, g]) => ({ width: g.width, height: g.height, bits: Array.from(regionOfGeometry(g).bits).join('') })),
    });
  });

  it.each(POLYGONS.map(([name], k) => [name, k] as const))('rasterizes %s as COCO does (IoU >= 0.97)', (_name, k) => {
    const ours = pixelSet(rasterizePolygons([POLYGONS[k]![1]]));
    const theirs = pixelSet(region(coco.polygons[k]!, FRAME.width, FRAME.height));
    expect(setIoU(ours, theirs)).toBeGreaterThanOrEqual(0.97);
  });

  it('leaves a bridged hole out under COCO\u2019s rasterizer too', () => {
    const k = POLYGONS.findIndex(([name]) => name.includes('hole'));
    expect(pixelSet(region(coco.polygons[k]!, FRAME.width, FRAME.height)).has('110,95')).toBe(false);
    expect(setIoU(pixelSet(annulus), pixelSet(region(coco.polygons[k]!, FRAME.width, FRAME.height)))).toBeGreaterThanOrEqual(0.97);
  });

  it.each(stored.map(([name], k) => [name, k] as const))('stores %s as the very text pycocotools encodes, and reads its text back', (_name, k) => {
    const g = stored[k]![1];
    expect(g.rle).toBe(coco.bitmaps[k]);
    expect(decodeBitmap(coco.bitmaps[k]!, g.width, g.height)).toEqual(regionOfGeometry(g).bits);
  });
});
