/**
 * SAM's answer read into the picture's pixels (src-ai/models/samMask.ts) and a prompt put into
 * the decoder's terms (samPrompt.ts), without the model: the mask a person gets has exactly the
 * pixels where the decoder's logits, read as SAM reads them, are above 0, at any picture size,
 * and a click lands where it was made.
 */
import { describe, expect, it } from 'vitest';
import { LOW_RES, maskOfLogits, outlineBitmap } from '../../src-ai/models/samMask';
import { samInputSize, samPoints, type SamFrame } from '../../src-ai/models/samPrompt';
import { ServiceFailure } from '../../src-ai/errors';
import { decodeBitmap, decodeCounts } from '../../src-shared/mask/rle';

/** Smooth logits: positive inside an ellipse of the 1024-px input (cx, cy, rx, ry in input px), a ripple on top. */
function ellipseLogits(cx: number, cy: number, rx: number, ry: number): Float32Array {
  const out = new Float32Array(LOW_RES * LOW_RES);
  for (let v = 0; v < LOW_RES; v++) {
    for (let u = 0; u < LOW_RES; u++) {
      const x = (u + 0.5) * 4;
      const y = (v + 0.5) * 4;
      out[v * LOW_RES + u] = 8 * (1 - ((x - cx) / rx) ** 2 - ((y - cy) / ry) ** 2) + 0.7 * Math.sin(u * 0.9) * Math.cos(v * 1.3);
    }
  }
  return out;
}

/** The logit at picture pixel (x, y), read pixel by pixel as SAM's post-processing does (bilinear, half-pixel centres, edges clamped). */
function logitAt(logits: Float32Array, frame: SamFrame, x: number, y: number): number {
  const at = (p: number, k: number) => {
    const u = Math.max(0, (p + 0.5) * k - 0.5);
    const i0 = Math.min(Math.floor(u), LOW_RES - 1);
    return { i0, i1: Math.min(i0 + 1, LOW_RES - 1), w: i0 === LOW_RES - 1 ? 0 : u - i0 };
  };
  const a = at(x, frame.inputWidth / frame.sourceWidth / 4);
  const b = at(y, frame.inputHeight / frame.sourceHeight / 4);
  const l = (i: number, j: number) => logits[j * LOW_RES + i]!;
  const top = l(a.i0, b.i0) * (1 - a.w) + l(a.i1, b.i0) * a.w;
  const bottom = l(a.i0, b.i1) * (1 - a.w) + l(a.i1, b.i1) * a.w;
  return top * (1 - b.w) + bottom * b.w;
}

const frameOf = (w: number, h: number): SamFrame => ({ sourceWidth: w, sourceHeight: h, ...samInputSize(w, h) });

describe('the mask from the decoder\'s logits', () => {
  for (const [w, h] of [
    [451, 300],
    [300, 700],
    [120, 90],
    [1200, 500],
  ] as const) {
    it(`has exactly the pixels whose logit is above 0 on a ${w} x ${h} picture, cropped to them`, () => {
      const frame = frameOf(w, h);
      const logits = ellipseLogits(frame.inputWidth * 0.45, frame.inputHeight * 0.55, frame.inputWidth * 0.3, frame.inputHeight * 0.35);
      const mask = maskOfLogits(logits, frame)!;
      const g = mask.geometry!;
      const bits = decodeBitmap(g.rle, g.width, g.height)!;
      expect(bits).not.toBeNull();
      let wrong = 0;
      let set = 0;
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const expected = logitAt(logits, frame, x, y) > 0;
          const inBox = x >= g.x && y >= g.y && x < g.x + g.width && y < g.y + g.height;
          const got = inBox && bits[(y - g.y) * g.width + (x - g.x)] === 1;
          if (expected !== got) wrong++;
          if (expected) set++;
        }
      }
      expect(wrong).toBe(0);
      expect(mask.area).toBe(set);
      // cropped: every side of the box touches a set pixel
      const row = (r: number) => bits.subarray(r * g.width, (r + 1) * g.width).some((v) => v === 1);
      const col = (c: number) => Array.from({ length: g.height }, (_, r) => bits[r * g.width + c]).some((v) => v === 1);
      expect([row(0), row(g.height - 1), col(0), col(g.width - 1)]).toEqual([true, true, true, true]);
    });
  }

  it('reaches the picture\'s edges when the object does, and is null when nothing is set', () => {
    const frame = frameOf(640, 427);
    const all = new Float32Array(LOW_RES * LOW_RES).fill(3);
    const mask = maskOfLogits(all, frame)!;
    expect(mask.geometry).toMatchObject({ x: 0, y: 0, width: 640, height: 427 });
    expect(mask.area).toBe(640 * 427);
    expect(maskOfLogits(new Float32Array(LOW_RES * LOW_RES).fill(-2), frame)).toBeNull();
  });

  it('answers a frame of 40,000 x 30,000 pixels column by column, at the frame\'s own pixels', () => {
    const frame = frameOf(40_000, 30_000);
    const logits = ellipseLogits(500, 380, 200, 150);
    const mask = maskOfLogits(logits, frame)!;
    const g = mask.geometry!;
    // the ellipse spans 400 x 300 input px: about 15,600 x 11,700 frame px
    expect(g.width).toBeGreaterThan(14_000);
    expect(g.height).toBeGreaterThan(10_000);
    expect(g.rle.length).toBeLessThan(1_000_000);
    // spot checks against the pixel-by-pixel reading, on the runs (a bitmap would be 180 MB)
    const counts = decodeCounts(g.rle)!;
    const ends: number[] = [];
    counts.reduce((sum, c) => (ends.push(sum + c), sum + c), 0);
    const setAt = (x: number, y: number) => {
      const i = (x - g.x) * g.height + (y - g.y);
      let lo = 0;
      let hi = ends.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (ends[mid]! > i) hi = mid;
        else lo = mid + 1;
      }
      return lo % 2 === 1;
    };
    for (let k = 0; k < 5000; k++) {
      const x = g.x + Math.floor((((k * 7919) % 1000) / 1000) * g.width);
      const y = g.y + Math.floor((((k * 104729) % 997) / 997) * g.height);
      expect(setAt(x, y), `${x}, ${y}`).toBe(logitAt(logits, frame, x, y) > 0);
    }
  });

  it('answers no mask, only its extent, for an object wider than any mask may be (65,535 px), without reading its columns', () => {
    const frame = frameOf(2_000_000, 1000);
    const all = new Float32Array(LOW_RES * LOW_RES).fill(3);
    const mask = maskOfLogits(all, frame)!;
    expect(mask.geometry).toBeNull();
    expect(mask.box).toMatchObject({ x: 0, y: 0, width: 2_000_000, height: 1000 });
  });

  it('samples the outline\'s bitmap over the mask\'s box at the scale asked', () => {
    const frame = frameOf(451, 300);
    const logits = ellipseLogits(512, 340, 250, 200);
    const mask = maskOfLogits(logits, frame)!;
    const half = outlineBitmap(logits, frame, mask.box, 0.5);
    expect([half.width, half.height]).toEqual([Math.ceil(mask.box.width / 2), Math.ceil(mask.box.height / 2)]);
    let set = 0;
    for (const v of half.bits) set += v;
    // a quarter of the pixels, give or take the rim
    expect(set / (mask.area / 4)).toBeGreaterThan(0.95);
    expect(set / (mask.area / 4)).toBeLessThan(1.05);
  });
});

describe('a prompt in the decoder\'s terms', () => {
  const frame = frameOf(2000, 1000);

  it('scales clicks into the 1024-px input and ends them with the padding point when there is no box', () => {
    const p = samPoints({ points: [{ x: 1000, y: 500, positive: true }, { x: 200, y: 100, positive: false }] }, frame);
    expect(Array.from(p.coords)).toEqual([512, 256, 102.4, 51.2, 0, 0].map(Math.fround));
    expect(Array.from(p.labels)).toEqual([1, 0, -1]);
  });

  it('gives a box its two corners (labels 2 and 3), clipped to the picture, without a padding point', () => {
    const p = samPoints({ box: { x: -100, y: 100, width: 600, height: 5000 }, points: [{ x: 300, y: 300, positive: true }] }, frame);
    expect(Array.from(p.labels)).toEqual([1, 2, 3]);
    expect(Array.from(p.coords.subarray(2))).toEqual([0, 51.2, 256, 512].map(Math.fround));
  });

  it('refuses a click outside the picture, a box that misses it, and a prompt with nothing positive (400 badRequest)', () => {
    const refusal = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof ServiceFailure ? [e.status, e.code] : e;
      }
      return 'accepted';
    };
    expect(refusal(() => samPoints({ points: [{ x: 2001, y: 10, positive: true }] }, frame))).toEqual([400, 'badRequest']);
    expect(refusal(() => samPoints({ box: { x: 3000, y: 10, width: 50, height: 50 } }, frame))).toEqual([400, 'badRequest']);
    expect(refusal(() => samPoints({ points: [{ x: 20, y: 10, positive: false }] }, frame))).toEqual([400, 'badRequest']);
    expect(refusal(() => samPoints({ points: [{ x: 2000, y: 1000, positive: true }] }, frame))).toBe('accepted');
  });
});
