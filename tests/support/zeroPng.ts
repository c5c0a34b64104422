/**
 * A real PNG of any pixel size, all black, in a few MB: 8-bit grey, every row filtered "none",
 * so all of its decompressed bytes are zero and its deflate stream is one flushed block of
 * zeros repeated (about 1000:1). A "pixel bomb": 50,000 x 50,000 (2.5 gigapixels) takes 2.4 MB.
 */
import zlib from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** The decompressed size of an Adam7-interlaced 8-bit grey PNG: each pass's rows, each with its filter byte. */
function interlacedBytes(width: number, height: number): number {
  const passes = [
    [0, 0, 8, 8],
    [4, 0, 8, 8],
    [0, 4, 4, 8],
    [2, 0, 4, 4],
    [0, 2, 2, 4],
    [1, 0, 2, 2],
    [0, 1, 1, 2],
  ];
  let total = 0;
  for (const [x0, y0, dx, dy] of passes) {
    const cols = width > x0! ? Math.ceil((width - x0!) / dx!) : 0;
    const rows = height > y0! ? Math.ceil((height - y0!) / dy!) : 0;
    if (cols > 0 && rows > 0) total += rows * (cols + 1);
  }
  return total;
}

/** `interlaced`: Adam7, as an interlaced PNG's decoder must hold whole. */
export function zeroPng(width: number, height: number, o: { interlaced?: boolean } = {}): Buffer {
  if (o.interlaced) return zeroInterlacedPng(width, height);
  const rowBytes = width + 1;
  const blockRows = Math.min(height, Math.max(1, Math.floor((4 * 1024 * 1024) / rowBytes)));
  const flushed = (rows: number) => zlib.deflateRawSync(Buffer.alloc(rows * rowBytes), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const block = flushed(blockRows);
  const stream: Buffer[] = [Buffer.from([0x78, 0xda])];
  let left = height;
  for (; left >= blockRows; left -= blockRows) stream.push(block);
  if (left > 0) stream.push(flushed(left));
  stream.push(zlib.deflateRawSync(Buffer.alloc(0)));
  // Adler-32 of n zero bytes: a stays 1, b counts them.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(Number(((BigInt(rowBytes) * BigInt(height)) % 65521n) * 65536n + 1n));
  stream.push(adler);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth; colour type 0 (grey), no interlace
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', Buffer.concat(stream)), chunk('IEND', Buffer.alloc(0))]);
}

function zeroInterlacedPng(width: number, height: number): Buffer {
  const total = interlacedBytes(width, height);
  const blockBytes = 4 * 1024 * 1024;
  const flushed = (n: number) => zlib.deflateRawSync(Buffer.alloc(n), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const block = flushed(blockBytes);
  const stream: Buffer[] = [Buffer.from([0x78, 0xda])];
  let left = total;
  for (; left >= blockBytes; left -= blockBytes) stream.push(block);
  if (left > 0) stream.push(flushed(left));
  stream.push(zlib.deflateRawSync(Buffer.alloc(0)));
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(Number((BigInt(total) % 65521n) * 65536n + 1n));
  stream.push(adler);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth; colour type 0 (grey)
  header[12] = 1; // Adam7
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', Buffer.concat(stream)), chunk('IEND', Buffer.alloc(0))]);
}
