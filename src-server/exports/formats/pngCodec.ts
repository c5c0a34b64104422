/**
 * PNG in and out of plain pixel buffers, with libvips through sharp (as the server's image
 * pyramids are made). Writing: 8-bit RGB, deflate level 6 without adaptive filtering, which
 * for flat mask pictures is as small as the default and about twice as fast. Reading: any PNG
 * (grey, grey + alpha, RGB, RGBA, palette, 8 or 16 bits) as its values per pixel, alpha dropped:
 * a grey value, or an RGB colour packed in one number.
 */
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { badFormat } from './formatError';

/**
 * The largest mask picture read: 100 megapixels. A PNG states any size in a few bytes, and
 * its pixels are held while the masks are taken out of it.
 */
export const PNG_MAX_PIXELS = 100_000_000;

export function encodeRgbPng(rgb: Uint8Array, width: number, height: number): Promise<Buffer> {
  return sharp(rgb, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
}

export interface DecodedPng {
  width: number;
  height: number;
  /** grey: a grey value per pixel; colour: (r << 16) | (g << 8) | b per pixel */
  kind: 'grey' | 'colour';
  values: Uint32Array;
}

export async function decodePng(file: string, data: Buffer): Promise<DecodedPng> {
  let meta: Metadata;
  try {
    meta = await sharp(data).metadata();
  } catch (err) {
    throw badFormat(file, `not a readable PNG (${(err as Error).message})`);
  }
  if (meta.format !== 'png') throw badFormat(file, `is ${meta.format ?? 'not an image'}, not a PNG`);
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > PNG_MAX_PIXELS) throw badFormat(file, `is ${width} x ${height}, more than the ${PNG_MAX_PIXELS} pixels a mask picture may have`);
  const grey = !meta.isPalette && (meta.channels ?? 3) <= 2;
  const wide = grey && meta.bitsPerSample === 16;
  let raw: { data: Buffer; info: OutputInfo };
  try {
    raw = await sharp(data, { limitInputPixels: PNG_MAX_PIXELS }).raw(wide ? { depth: 'ushort' } : {}).toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw badFormat(file, `not a readable PNG (${(err as Error).message})`);
  }
  const { channels } = raw.info;
  const n = width * height;
  const values = new Uint32Array(n);
  const d = raw.data;
  if (grey) {
    // 16-bit raw output is in the machine's order: little-endian on every platform sharp ships for.
    if (wide) for (let k = 0; k < n; k++) values[k] = d.readUInt16LE(k * channels * 2);
    else for (let k = 0; k < n; k++) values[k] = d[k * channels]!;
    return { width, height, kind: 'grey', values };
  }
  for (let k = 0, p = 0; k < n; k++, p += channels) values[k] = (d[p]! << 16) | (d[p + 1]! << 8) | d[p + 2]!;
  return { width, height, kind: 'colour', values };
}
