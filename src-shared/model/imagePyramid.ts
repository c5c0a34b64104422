/**
 * Images too large to decode in one piece are stored with a Deep Zoom (DZI) tile pyramid next
 * to the original, as OpenSeadragon and most slide viewers read it: `<key>.dzi` (the manifest)
 * and `<key>_files/<level>/<col>_<row>.jpeg`. Level L is the image scaled by 2^(L - maxLevel),
 * maxLevel = ceil(log2(longest side)); tiles are TILE_SIDE square (the last ones smaller), with
 * no overlap. The workstation makes the pyramid when it imports such an image; the workspace
 * draws from it. Everything here is derived from the image's pixel size, so a frame needs no
 * field to say it is tiled.
 */

/** Longer sides than this are shown from tiles (the issue: up to 16k x 16k in one piece). */
export const TILED_FROM_SIDE = 16_384;
export const TILE_SIDE = 1024;
export const TILE_FORMAT = 'jpeg';
/**
 * The most pixels an image may have to be tiled: 2^31, about 46,340 x 46,340 (the workspace is
 * measured drawing 40,000 x 40,000). Tiling streams, but its time and tile count grow with the
 * pixels, and a PNG of one colour declaring 100,000 x 100,000 takes 10 MB: past this an image
 * is refused (sharp's `limitInputPixels`, from the file's own header) instead of tiled.
 */
export const MAX_TILED_PIXELS = 2 ** 31;

export interface PyramidLevel {
  level: number;
  /** image pixels per pixel of this level (a power of two) */
  scale: number;
  width: number;
  height: number;
  cols: number;
  rows: number;
}

export function needsPyramid(width: number | null | undefined, height: number | null | undefined): boolean {
  return !!width && !!height && Math.max(width, height) > TILED_FROM_SIDE;
}

/** Whether a pyramid can be made at this size at all (MAX_TILED_PIXELS). */
export const tileable = (width: number, height: number): boolean => width * height <= MAX_TILED_PIXELS;

export function maxLevelOf(width: number, height: number): number {
  return Math.ceil(Math.log2(Math.max(width, height, 1)));
}

export function pyramidLevel(width: number, height: number, level: number): PyramidLevel {
  const scale = 2 ** (maxLevelOf(width, height) - level);
  const w = Math.ceil(width / scale);
  const h = Math.ceil(height / scale);
  return { level, scale, width: w, height: h, cols: Math.ceil(w / TILE_SIDE), rows: Math.ceil(h / TILE_SIDE) };
}

/** The most detailed level that is one tile: the overview drawn under everything else. */
export function overviewLevelOf(width: number, height: number): number {
  return Math.max(0, maxLevelOf(width, height) - Math.ceil(Math.log2(Math.max(width, height) / TILE_SIDE)));
}

/** The level whose pixels are closest to (not coarser than) `imagePixelsPerScreenPixel`. */
export function levelFor(width: number, height: number, imagePixelsPerScreenPixel: number): number {
  const max = maxLevelOf(width, height);
  const step = Math.floor(Math.log2(Math.max(1, imagePixelsPerScreenPixel)));
  return Math.max(overviewLevelOf(width, height), max - step);
}

export const pyramidManifestKey = (key: string) => `${key}.dzi`;
export const pyramidTileKey = (key: string, level: number, col: number, row: number) => `${key}_files/${level}/${col}_${row}.${TILE_FORMAT}`;
