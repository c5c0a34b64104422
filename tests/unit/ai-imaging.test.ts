import { describe, expect, it } from 'vitest';
import { floodRegion, letterboxRegion, sampleRegion, toGrey, toImage, type Raster } from '../../src-ai/imaging';

/** a w x h RGB raster whose red channel is x, green is y, blue 7 */
function ramp(w: number, h: number): Raster {
  const data = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data.set([x, y, 7], (y * w + x) * 3);
  return { width: w, height: h, channels: 3, data };
}
const px = (r: Raster, x: number, y: number) => Array.from(r.data.subarray((y * r.width + x) * r.channels, (y * r.width + x + 1) * r.channels));

describe('sampleRegion', () => {
  it('copies pixels at scale 1 and offset, black outside the image', () => {
    const img = ramp(20, 10);
    const out = sampleRegion(img, { x0: 5, y0: -2, scale: 1 }, 8, 6);
    expect(px(out, 0, 2)).toEqual([5, 0, 7]);
    expect(px(out, 7, 5)).toEqual([12, 3, 7]);
    expect(px(out, 3, 0)).toEqual([0, 0, 0]);
  });

  it('halves by averaging pairs (sample centres fall between source pixels)', () => {
    const out = sampleRegion(ramp(40, 40), { x0: 0, y0: 0, scale: 0.5 }, 20, 20);
    // output pixel 3 covers source 6 and 7: 6.5 rounds to 7
    expect(px(out, 3, 5)).toEqual([7, 11, 7]);
  });

  it('shrinks a large image by block averages first (no aliasing on a fine stripe pattern)', () => {
    const w = 400;
    const data = new Uint8Array(w * w * 3);
    for (let i = 0; i < w * w; i++) data.fill((i % w) % 2 === 0 ? 255 : 0, i * 3, i * 3 + 3);
    const out = sampleRegion({ width: w, height: w, channels: 3, data }, { x0: 0, y0: 0, scale: 0.1 }, 40, 40);
    for (let x = 0; x < 40; x++) expect(Math.abs(px(out, x, 20)[0]! - 128)).toBeLessThanOrEqual(2);
  });
});

describe('letterbox', () => {
  it('fits the image centred and maps model coordinates back to image pixels', () => {
    const r = letterboxRegion(640, 400, 320, 256);
    expect(r.scale).toBe(0.5);
    // 400 * 0.5 = 200 rows of picture in 256: 28 rows of bar above
    expect(toImage(r, 0, 28)).toEqual({ x: 0, y: 0 });
    expect(toImage(r, 320, 228)).toEqual({ x: 640, y: 400 });
    const out = sampleRegion(ramp(64, 40), letterboxRegion(64, 40, 32, 32), 32, 32);
    expect(px(out, 16, 2)).toEqual([0, 0, 0]);
    expect(px(out, 16, 16)[2]).toBe(7);
  });
});

describe('floodRegion and grey', () => {
  it('fills the 4-connected patch of like colour and gives up when it leaks', () => {
    const img: Raster = { width: 6, height: 4, channels: 1, data: Uint8Array.from([10, 10, 90, 10, 10, 10, 10, 12, 90, 10, 10, 10, 90, 90, 90, 10, 10, 10, 10, 10, 10, 10, 10, 10]) };
    const m = floodRegion(img, 0, 0, 5, 100)!;
    expect(Array.from(m.subarray(0, 6))).toEqual([1, 1, 0, 0, 0, 0]);
    expect(Array.from(m.subarray(6, 12))).toEqual([1, 1, 0, 0, 0, 0]);
    expect(m.reduce((a, b) => a + b, 0)).toBe(4);
    expect(floodRegion(img, 4, 3, 5, 5)).toBeNull();
    expect(floodRegion(img, -1, 0, 5, 5)).toBeNull();
  });

  it('converts RGB to luma', () => {
    const g = toGrey({ width: 2, height: 1, channels: 3, data: Uint8Array.from([255, 255, 255, 255, 0, 0]) });
    expect(Array.from(g.data)).toEqual([255, 76]);
  });
});
