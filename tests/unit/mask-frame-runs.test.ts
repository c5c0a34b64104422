import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clipToPicture, geometryOfPictureCounts, pictureCountsOfGeometry, reframeCounts, setBoundsOfCounts } from '../../src-shared/mask/frameRuns';
import { clipRegion, geometryOfRegion, regionOfGeometry } from '../../src-shared/mask/region';
import { bitmapOfCounts, countsOfBitmap, decodeCounts } from '../../src-shared/mask/rle';
import { anyRegion, drawn, pixels, pixelSet } from '../support/maskReference';

/** The set pixels of a picture's runs, as frame "x,y". */
function picturePixels(counts: readonly number[], width: number, height: number): string[] {
  const bits = bitmapOfCounts(counts, width, height);
  const out: string[] = [];
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (bits[y * width + x]) out.push(`${x},${y}`);
  return out.sort();
}

describe('mask runs moved between a mask box and the whole picture', () => {
  it('a mask anywhere (partly off the picture too) becomes the picture runs of exactly its pixels on the picture, as a bitmap would give them', () => {
    fc.assert(
      fc.property(anyRegion(14), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }), (r, width, height) => {
        const g = geometryOfRegion(r);
        if (!g) return;
        const counts = pictureCountsOfGeometry(g, decodeCounts(g.rle)!, width, height);
        const onPicture = [...pixelSet(regionOfGeometry(g))].filter((p) => {
          const [x, y] = p.split(',').map(Number) as [number, number];
          return x >= 0 && y >= 0 && x < width && y < height;
        });
        expect(picturePixels(counts, width, height)).toEqual(onPicture.sort());
        // canonical: the runs a bitmap of the picture gives, which is what pycocotools writes
        expect(counts).toEqual(countsOfBitmap(bitmapOfCounts(counts, width, height), width, height));
      }),
      { numRuns: 400 },
    );
  });

  it('picture runs come back as the mask cropped to its set pixels, with the same pixels', () => {
    fc.assert(
      fc.property(anyRegion(14), (r) => {
        const g = geometryOfRegion(r);
        if (!g || g.x < 0 || g.y < 0) return;
        const [width, height] = [g.x + g.width + 3, g.y + g.height + 2];
        const back = geometryOfPictureCounts(pictureCountsOfGeometry(g, decodeCounts(g.rle)!, width, height), width, height);
        expect(back).toEqual({ x: g.x, y: g.y, width: g.width, height: g.height, rle: g.rle });
      }),
      { numRuns: 400 },
    );
  });

  it('finds the set pixels\' box of runs that wrap from one column into the next', () => {
    // column-major over 3 x 4: the run of 3 set pixels covers rows 3 of column 0 and rows 0-1 of column 1
    const counts = [3, 3, 6];
    expect(setBoundsOfCounts(counts, 3, 4)).toEqual({ x: 0, y: 0, width: 2, height: 4 });
    expect(setBoundsOfCounts([12], 3, 4)).toBeNull();
  });

  it('a model\'s mask kept on the picture is exactly its pixels there, in a tight box; one wholly off it, or with cut runs, is none', () => {
    fc.assert(
      fc.property(anyRegion(14), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }), (r, width, height) => {
        const g = geometryOfRegion(r);
        if (!g) return;
        const kept = clipToPicture(g, width, height);
        const expected = clipRegion(regionOfGeometry(g), width, height);
        expect(kept ? pixels(regionOfGeometry(kept)) : []).toEqual(pixels(expected));
        // tight: the box is the set pixels' own (what a save of the mask would store)
        if (kept) expect(geometryOfRegion(regionOfGeometry(kept))).toEqual(kept);
      }),
      { numRuns: 400 },
    );
    const g = geometryOfRegion(drawn(['##', '#.'], 4, 4))!;
    expect(clipToPicture(g, 10, 10)).toBe(g);
    expect(clipToPicture({ ...g, x: -1, rle: g.rle.slice(0, -1) }, 10, 10)).toBeNull();
  });

  it('a mask with nothing on the picture is one unset run over the picture', () => {
    const g = geometryOfRegion(drawn(['##', '#.'], 50, 50))!;
    expect(reframeCounts(decodeCounts(g.rle)!, g, { x: 0, y: 0, width: 10, height: 8 })).toEqual([80]);
    expect(pixels(regionOfGeometry(g))).toEqual(['50,50', '50,51', '51,50']);
  });
});
