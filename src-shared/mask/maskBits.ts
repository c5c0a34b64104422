/**
 * A mask's decoded bitmap, kept per geometry object: geometries are replaced, never changed in
 * place (every edit makes a new one), so the geometry itself is the key. The cache is bounded by
 * bytes, not by what still refers to a geometry: an undo history keeps every stroke's before and
 * after, and a hundred strokes on a frame-sized mask must not keep a hundred frame-sized bitmaps.
 * An evicted bitmap is decoded again when it is next needed.
 */
import type { MaskGeometry } from '../model/annotation';
import { decodeBitmap } from './rle';

/** Bytes of decoded bitmaps kept (one byte a pixel): 16 frames of 4,000 x 3,000 px in full. */
const BUDGET_BYTES = 192 * 1024 * 1024;

const decoded = new Map<MaskGeometry, Uint8Array>();
let bytes = 0;

function keep(g: MaskGeometry, bits: Uint8Array): void {
  const old = decoded.get(g);
  if (old) {
    bytes -= old.byteLength;
    decoded.delete(g);
  }
  decoded.set(g, bits);
  bytes += bits.byteLength;
  // Oldest first (a Map iterates in insertion order; a use moves an entry to the end).
  for (const [key, value] of decoded) {
    if (bytes <= BUDGET_BYTES || key === g) break;
    decoded.delete(key);
    bytes -= value.byteLength;
  }
}

/** The row-major bitmap of the mask's box (all zero for a text that is not a whole encoding). Not to be changed. */
export function maskBits(g: MaskGeometry): Uint8Array {
  const hit = decoded.get(g);
  if (hit) {
    decoded.delete(g);
    decoded.set(g, hit);
    return hit;
  }
  const bits = decodeBitmap(g.rle, g.width, g.height) ?? new Uint8Array(g.width * g.height);
  keep(g, bits);
  return bits;
}

/** The cached bitmap of `g` if there is one, without decoding (and without counting as a use). Not to be changed. */
export function peekBits(g: MaskGeometry): Uint8Array | undefined {
  return decoded.get(g);
}

/** Hands a bitmap just encoded into `g` to the cache, so the next use need not decode it again. */
export function rememberBits(g: MaskGeometry, bits: Uint8Array): void {
  keep(g, bits);
}
