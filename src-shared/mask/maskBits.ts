/**
 * A mask's decoded bitmap, kept per geometry object: geometries are replaced, never changed in
 * place (every edit makes a new one), so the geometry itself is the key. The cache is bounded by
 * bytes, not by what still refers to a geometry: an undo history keeps every stroke's before and
 * after, and a hundred strokes on a frame-sized mask must not keep a hundred frame-sized bitmaps.
 * An evicted bitmap is decoded again when it is next needed.
 */
import type { MaskGeometry } from '../model/annotation';
import { BudgetCache } from './budgetCache';
import { decodeBitmap } from './rle';

/** Bytes of decoded bitmaps kept (one byte a pixel): 16 frames of 4,000 x 3,000 px in full. */
const BUDGET_BYTES = 192 * 1024 * 1024;

const decoded = new BudgetCache<MaskGeometry, Uint8Array>(BUDGET_BYTES, (bits) => bits.byteLength);

/** The row-major bitmap of the mask's box (all zero for a text that is not a whole encoding). Not to be changed. */
export function maskBits(g: MaskGeometry): Uint8Array {
  const hit = decoded.get(g);
  if (hit) return hit;
  const bits = decodeBitmap(g.rle, g.width, g.height) ?? new Uint8Array(g.width * g.height);
  decoded.set(g, bits);
  return bits;
}

/** The cached bitmap of `g` if there is one, without decoding (and without counting as a use). Not to be changed. */
export function peekBits(g: MaskGeometry): Uint8Array | undefined {
  return decoded.peek(g);
}

/** Hands a bitmap just encoded into `g` to the cache, so the next use need not decode it again. */
export function rememberBits(g: MaskGeometry, bits: Uint8Array): void {
  decoded.set(g, bits);
}
