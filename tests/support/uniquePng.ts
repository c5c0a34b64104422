/**
 * A real PNG, all black, whose bytes are unique to `text` (it rides in a tEXt chunk): for tests
 * that need many distinct pictures (content hashes differ) that pass the image check every
 * import runs, at a few hundred bytes each.
 */
import zlib from 'node:zlib';
import { zeroPng } from './zeroPng';

export function uniquePng(text: string, width = 64, height = 48): Buffer {
  const png = zeroPng(width, height);
  // The signature (8 bytes) and IHDR (25) first, then the text, then the rest.
  const data = Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.from(text, 'latin1')]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from('tEXt', 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([png.subarray(0, 33), length, body, crc, png.subarray(33)]);
}
