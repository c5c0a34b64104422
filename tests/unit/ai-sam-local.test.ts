/**
 * A correction after a box changes the outline near the click only (src-ai/models/samLocal.ts):
 * a negative click on a wrongly taken part takes that part out and leaves the far side of the
 * object as the box's answer had it.
 */
import { describe, expect, it } from 'vitest';
import { LOCAL_RADIUS, mergeAroundClick } from '../../src-ai/models/samLocal';
import { LOW_RES, maskOfLogits } from '../../src-ai/models/samMask';
import { samInputSize, type SamFrame } from '../../src-ai/models/samPrompt';

const frame: SamFrame = { sourceWidth: 2000, sourceHeight: 1000, ...samInputSize(2000, 1000) };
const cell = (x: number) => Math.floor((x * frame.inputWidth) / frame.sourceWidth / 4);
const filled = (v: number) => new Float32Array(LOW_RES * LOW_RES).fill(v);

describe('a correction after a box', () => {
  it('takes the new answer within reach of the click and keeps the previous one elsewhere', () => {
    const previous = filled(5); // the box's answer: everything set
    const next = filled(-5); // the decoder's answer to the click: nothing set
    const box = { width: 800, height: 400 };
    const click = { x: 1000, y: 500 };
    const merged = mergeAroundClick(previous, next, LOW_RES, click, box, frame);
    const reach = LOCAL_RADIUS * 800; // 200 picture px each way
    const at = (x: number, y: number) => merged[cell(y) * LOW_RES + cell(x)]!;
    expect(at(1000, 500)).toBe(-5);
    expect(at(1000 + reach - 10, 500 + reach - 10)).toBe(-5);
    expect(at(1000 + reach + 20, 500)).toBe(5);
    expect(at(1000, 500 - reach - 20)).toBe(5);
    expect(at(100, 100)).toBe(5);
    // the inputs are left as they were (each is an answer kept for later clicks)
    expect(previous.every((v) => v === 5) && next.every((v) => v === -5)).toBe(true);
    // read as a mask: a hole of about the square's size around the click, the rest set
    const mask = maskOfLogits(merged, frame)!;
    expect(mask.area).toBeGreaterThan(2000 * 1000 - (2 * reach + 40) ** 2);
    expect(mask.area).toBeLessThan(2000 * 1000 - (2 * reach - 40) ** 2);
  });

  it('stays within the grid for a click at the picture\'s edge', () => {
    const merged = mergeAroundClick(filled(1), filled(-1), LOW_RES, { x: 0, y: 1000 }, { width: 2000, height: 1000 }, frame);
    expect(merged.length).toBe(LOW_RES * LOW_RES);
    expect(merged[cell(999) * LOW_RES]).toBe(-1); // the corner clicked
    expect(merged[0]).toBe(1); // 1,000 px above it, past the reach of 500
    expect(merged[cell(999) * LOW_RES + LOW_RES - 1]).toBe(1); // the padding right of the picture
  });
});
