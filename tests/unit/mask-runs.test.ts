import { describe, expect, it } from 'vitest';
import type { MaskGeometry } from '../../src-shared/model/annotation';
import { peekBits } from '../../src-shared/mask/maskBits';
import { forEachSetStretch, maskHasPixel } from '../../src-shared/mask/maskRuns';
import { encodeBitmap, encodeCounts } from '../../src-shared/mask/rle';

describe('a mask read from its runs', () => {
  it('answers every pixel as its bitmap does, and walks its set stretches column by column', () => {
    let s = 11;
    const r = () => (s = (s * 1664525 + 1013904223) >>> 0) / 4294967296;
    for (let n = 0; n < 50; n++) {
      const w = 1 + Math.floor(r() * 30);
      const h = 1 + Math.floor(r() * 30);
      const bits = new Uint8Array(w * h).map(() => (r() < 0.4 ? 1 : 0));
      const g: MaskGeometry = { x: 3, y: 5, width: w, height: h, rle: encodeBitmap(bits, w, h) };
      for (let y = 4; y < h + 7; y++) for (let x = 2; x < w + 5; x++) {
        const inside = x >= 3 && y >= 5 && x < 3 + w && y < 5 + h;
        expect(maskHasPixel(g, x + 0.5, y + 0.5)).toBe(inside && bits[(y - 5) * w + (x - 3)] === 1);
      }
      const seen = new Uint8Array(w * h);
      forEachSetStretch(g, (c, from, to) => {
        for (let row = from; row < to; row++) seen[row * w + c] = 1;
      });
      expect(Array.from(seen)).toEqual(Array.from(bits));
    }
  });

  it('hit-tests a mask over a 20,000 x 20,000 frame without making its 400 MB bitmap', () => {
    // Every pixel set but a 10 x 10 hole at (5000, 7000): one column-major run before it, then the hole's runs.
    const side = 20_000;
    const counts: number[] = [0];
    let pos = 0;
    for (let col = 5000; col < 5010; col++) {
      const holeAt = col * side + 7000;
      counts.push(holeAt - pos, 10);
      pos = holeAt + 10;
    }
    counts.push(side * side - pos);
    const g: MaskGeometry = { x: 0, y: 0, width: side, height: side, rle: encodeCounts(counts) };
    expect(maskHasPixel(g, 100, 100)).toBe(true);
    expect(maskHasPixel(g, 5005.5, 7005.5)).toBe(false);
    expect(maskHasPixel(g, 5005.5, 7010.5)).toBe(true);
    expect(peekBits(g)).toBeUndefined();
  });
});
