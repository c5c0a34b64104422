import { describe, expect, it } from 'vitest';
import { levelFor, maxLevelOf, needsPyramid, overviewLevelOf, pyramidLevel, pyramidTileKey } from '../../src-shared/model/imagePyramid';

describe('the Deep Zoom pyramid of a large image', () => {
  it('is made only past 16,384 px on the longer side', () => {
    expect(needsPyramid(16_384, 16_384)).toBe(false);
    expect(needsPyramid(16_385, 300)).toBe(true);
    expect(needsPyramid(null, 20_000)).toBe(false);
  });

  it('numbers levels as DZI does: the full size at ceil(log2(longest side)), each level below half the one above', () => {
    // The layout sharp (libvips) wrote for a 17,000 x 400 image, read back from its output.
    expect(maxLevelOf(17_000, 400)).toBe(15);
    expect(pyramidLevel(17_000, 400, 15)).toEqual({ level: 15, scale: 1, width: 17_000, height: 400, cols: 17, rows: 1 });
    expect(pyramidLevel(17_000, 400, 10)).toEqual({ level: 10, scale: 32, width: 532, height: 13, cols: 1, rows: 1 });
    expect(pyramidLevel(17_000, 400, 0)).toMatchObject({ width: 1, height: 1 });
    expect(pyramidLevel(40_000, 30_000, 16)).toMatchObject({ cols: 40, rows: 30 });
  });

  it('draws the overview from the most detailed single-tile level, and zoomed in from the level matching the screen', () => {
    expect(overviewLevelOf(17_000, 400)).toBe(10);
    expect(pyramidLevel(17_000, 400, overviewLevelOf(17_000, 400)).cols).toBe(1);
    expect(levelFor(17_000, 400, 1)).toBe(15);
    expect(levelFor(17_000, 400, 0.25)).toBe(15);
    expect(levelFor(17_000, 400, 2)).toBe(14);
    expect(levelFor(17_000, 400, 3.9)).toBe(14);
    expect(levelFor(17_000, 400, 4)).toBe(13);
    expect(levelFor(17_000, 400, 1000)).toBe(10);
  });

  it('names tiles as the pyramid is stored', () => {
    expect(pyramidTileKey('dataset/1/ab/big.png', 15, 3, 0)).toBe('dataset/1/ab/big.png_files/15/3_0.jpeg');
  });
});
