import { describe, expect, it } from 'vitest';
import { ANNOTATION_VERSION, validateFrameData } from '../../src-shared/model/annotation';
import { encodeBitmap } from '../../src-shared/mask/rle';

const mask = (geometry: Record<string, unknown>) => ({ id: 'm', featureId: 1, labelId: 'l', attributes: {}, zIndex: 0, source: 'manual', tool: 'mask', geometry });
const frame = (o: unknown) => ({ version: ANNOTATION_VERSION, objects: [o], classifications: [] });
const issues = (o: unknown) => {
  const out = validateFrameData(frame(o));
  return out.ok ? [] : out.issues.map((i) => `${i.reason} ${i.path}`);
};

/** A 4 x 3 box with its middle two pixels set. */
const bits = new Uint8Array([0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0]);
const good = { x: 10, y: 20, width: 4, height: 3, rle: encodeBitmap(bits, 4, 3) };

describe('a mask is taken only when its runs are whole and cover its box', () => {
  it('takes a sound mask', () => {
    expect(issues(mask(good))).toEqual([]);
  });

  it('refuses a truncated run-length text, runs for another box, an empty mask, and a box past the limit', () => {
    // The last character of a count still says "more follows": a text cut in the middle of a count.
    const long = encodeBitmap(new Uint8Array(40 * 40).fill(1, 5, 1500), 40, 40);
    expect(issues(mask({ ...good, width: 40, height: 40, rle: long.slice(0, -1) + String.fromCharCode(48 + 0x20) }))).toEqual(['maskRuns /objects/0/geometry/rle']);
    expect(issues(mask({ ...good, width: 5 }))).toEqual(['maskRuns /objects/0/geometry/rle']);
    expect(issues(mask({ ...good, rle: encodeBitmap(new Uint8Array(12), 4, 3) }))).toEqual(['degenerate /objects/0/geometry/rle']);
    expect(issues(mask({ ...good, width: 65_535, height: 65_535, rle: '0' }))).toEqual(['maskRuns /objects/0/geometry']);
  });

  it('refuses by schema what is not a run-length text or a whole-pixel box', () => {
    // (the schema is a union of the tools: its errors name every variant's, the mask's among them)
    expect(issues(mask({ ...good, rle: 'abc def' }))).toContain('schema /objects/0/geometry/rle');
    expect(issues(mask({ ...good, x: 1.5 }))).toContain('schema /objects/0/geometry/x');
    expect(issues(mask({ ...good, width: 0 }))).toContain('schema /objects/0/geometry/width');
  });
});
