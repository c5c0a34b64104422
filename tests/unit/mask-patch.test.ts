import { describe, expect, it } from 'vitest';
import { peekBits } from '../../src-shared/mask/maskBits';
import { patchGeometry } from '../../src-shared/mask/patch';
import { geometryOfRegion, regionOfGeometry, subtractRegion, unionRegions, type MaskRegion } from '../../src-shared/mask/region';
import { rasterizeStroke } from '../../src-shared/mask/stroke';

function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 4294967296;
}

/** A blob with holes and ragged edges, as a stored mask. */
function blob(r: () => number) {
  const w = 20 + Math.floor(r() * 80);
  const h = 20 + Math.floor(r() * 80);
  const region: MaskRegion = { x: Math.floor(r() * 50), y: Math.floor(r() * 50), width: w, height: h, bits: new Uint8Array(w * h) };
  for (let j = 0; j < h; j++) for (let i = 0; i < w; i++) if (((i - w / 2) / w) ** 2 + ((j - h / 2) / h) ** 2 < 0.24 && r() > 0.15) region.bits[j * w + i] = 1;
  return geometryOfRegion(region)!;
}

describe('a stroke patched into a stored mask', () => {
  it('gives exactly the whole-mask answer whenever it answers, over many random masks and strokes', () => {
    const r = random(7);
    let patched = 0;
    for (let n = 0; n < 400; n++) {
      const g = blob(r);
      const stroke = rasterizeStroke([{ x: g.x + r() * g.width, y: g.y + r() * g.height }, { x: g.x + r() * g.width, y: g.y + r() * g.height }], 1 + r() * 6);
      for (const op of ['union', 'subtract'] as const) {
        const whole = geometryOfRegion(op === 'union' ? unionRegions(regionOfGeometry(g), stroke) : subtractRegion(regionOfGeometry(g), stroke));
        const got = patchGeometry(g, stroke, op);
        if (got === 'whole') continue;
        patched++;
        expect(got).toEqual(whole);
        // Its cached bitmap, when one was made, is the true one.
        const cached = peekBits(got);
        if (cached) expect(Array.from(cached)).toEqual(Array.from(regionOfGeometry(whole!).bits));
      }
    }
    // Most strokes inside a mask's box are patched, not redone whole.
    expect(patched).toBeGreaterThan(300);
  });

  it('hands back the mask itself when the stroke changes nothing, and asks for the whole path when a box edge may move', () => {
    const g = geometryOfRegion({ x: 10, y: 10, width: 30, height: 30, bits: new Uint8Array(900).fill(1) })!;
    const inside = rasterizeStroke([{ x: 25, y: 25 }], 3);
    expect(patchGeometry(g, inside, 'union')).toBe(g);
    expect(patchGeometry(g, rasterizeStroke([{ x: 100, y: 100 }], 3), 'subtract')).toBe(g);
    expect(patchGeometry(g, rasterizeStroke([{ x: 40, y: 25 }], 3), 'union')).toBe('whole');
    expect(patchGeometry(g, rasterizeStroke([{ x: 11, y: 25 }], 3), 'subtract')).toBe('whole');
    const holed = patchGeometry(g, inside, 'subtract');
    expect(holed).not.toBe('whole');
    expect(holed).toMatchObject({ x: 10, y: 10, width: 30, height: 30 });
  });
});
