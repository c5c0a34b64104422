/**
 * A mask's decoded bitmap, kept per geometry object: geometries are replaced, never changed in
 * place (every edit makes a new one), so the geometry itself is the cache key and a dropped
 * geometry takes its bitmap with it. Hit tests, painting and edits of one mask decode it once.
 */
import type { MaskGeometry } from '../model/annotation';
import { decodeBitmap } from './rle';

const decoded = new WeakMap<MaskGeometry, Uint8Array>();

/** The row-major bitmap of the mask's box (all zero for a text that is not a whole encoding). */
export function maskBits(g: MaskGeometry): Uint8Array {
  let bits = decoded.get(g);
  if (!bits) {
    bits = decodeBitmap(g.rle, g.width, g.height) ?? new Uint8Array(g.width * g.height);
    decoded.set(g, bits);
  }
  return bits;
}

/** Hands a bitmap just encoded into `g` to the cache, so the next use need not decode it again. */
export function rememberBits(g: MaskGeometry, bits: Uint8Array): void {
  decoded.set(g, bits);
}

/** Whether the frame pixel under (x, y) is set in the mask. */
export function maskHasPixel(g: MaskGeometry, x: number, y: number): boolean {
  const px = Math.floor(x) - g.x;
  const py = Math.floor(y) - g.y;
  if (px < 0 || py < 0 || px >= g.width || py >= g.height) return false;
  return maskBits(g)[py * g.width + px] === 1;
}
