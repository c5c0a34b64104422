/**
 * Cuts the pictures out of ffmpeg's `image2pipe` output (PNG or JPEG pictures one after the
 * other, nothing between them), so a video's frames go into an export one at a time as ffmpeg
 * writes them, with no folder of files on disk. A picture is cut where its format says it
 * ends: PNG's IEND chunk, JPEG's end-of-image marker after its scan. The scan resumes where it
 * stopped as chunks arrive (a 1080p PNG comes in about fifty), and a picture growing past
 * `maxBytes` is an error, so a broken stream cannot fill the memory.
 */

export type PictureType = 'png' | 'jpeg';

export class PictureTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`a picture from ffmpeg is larger than ${maxBytes} bytes`);
  }
}

export class NotAPicture extends Error {}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Where the scan of the picture being gathered stands. */
interface Scan {
  at: number;
  /** JPEG: inside a scan's entropy-coded data */
  inData: boolean;
}

/** Where the PNG starting at 0 ends (its length), or -1 when the first `len` bytes do not hold all of it yet. */
function pngEnd(buf: Buffer, len: number, s: Scan): number {
  if (s.at === 0) {
    if (len < 8) return -1;
    if (!buf.subarray(0, 8).equals(PNG_SIGNATURE)) throw new NotAPicture('not a PNG');
    s.at = 8;
  }
  // each chunk: length (4), type (4), data, CRC (4)
  while (s.at + 8 <= len) {
    const next = s.at + 12 + buf.readUInt32BE(s.at);
    if (buf.toString('latin1', s.at + 4, s.at + 8) === 'IEND') return next <= len ? next : -1;
    s.at = next;
  }
  return -1;
}

const isRestart = (b: number) => b >= 0xd0 && b <= 0xd7;

/**
 * Where the JPEG starting at 0 ends, or -1. Marker segments carry their length up to a scan
 * (SOS); in the scan's data a 0xFF is followed by 0x00 (a stuffed byte) or a restart marker,
 * so the first other marker there is the next segment (a progressive JPEG's next scan) or EOI.
 */
function jpegEnd(buf: Buffer, len: number, s: Scan): number {
  if (s.at === 0) {
    if (len < 2) return -1;
    if (buf[0] !== 0xff || buf[1] !== 0xd8) throw new NotAPicture('not a JPEG');
    s.at = 2;
  }
  for (;;) {
    if (s.inData) {
      while (s.at + 1 < len && !(buf[s.at] === 0xff && buf[s.at + 1] !== 0x00 && !isRestart(buf[s.at + 1]!))) s.at++;
      if (s.at + 1 >= len) return -1;
      s.inData = false;
    }
    if (s.at + 2 > len) return -1;
    if (buf[s.at] !== 0xff) throw new NotAPicture('a JPEG segment without its marker');
    const marker = buf[s.at + 1]!;
    if (marker === 0xd9) return s.at + 2;
    if (marker === 0xff) {
      s.at++;
      continue;
    }
    if (s.at + 4 > len) return -1;
    s.at += 2 + buf.readUInt16BE(s.at + 2);
    if (marker === 0xda) s.inData = true;
  }
}

/** The pictures of a stream of `type`, in order; throws PictureTooLarge or NotAPicture. */
export async function* pictures(stream: AsyncIterable<Buffer>, type: PictureType, maxBytes: number): AsyncGenerator<Buffer> {
  const endOf = type === 'png' ? pngEnd : jpegEnd;
  let buf = Buffer.alloc(1 << 20);
  let len = 0;
  let scan: Scan = { at: 0, inData: false };
  for await (const chunk of stream) {
    // len is at most maxBytes here (checked below), so the buffer stays under maxBytes and a chunk
    if (len + chunk.length > buf.length) {
      const grown = Buffer.alloc(Math.max(buf.length * 2, len + chunk.length));
      buf.copy(grown, 0, 0, len);
      buf = grown;
    }
    chunk.copy(buf, len);
    len += chunk.length;
    for (;;) {
      const end = endOf(buf, len, scan);
      if (end < 0) {
        if (len > maxBytes) throw new PictureTooLarge(maxBytes);
        break;
      }
      if (end > maxBytes) throw new PictureTooLarge(maxBytes);
      yield Buffer.from(buf.subarray(0, end));
      buf.copy(buf, 0, end, len);
      len -= end;
      scan = { at: 0, inData: false };
      if (len === 0) break;
    }
  }
  if (len > 0) throw new NotAPicture('the stream ends inside a picture');
}
