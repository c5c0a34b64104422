import crypto from 'node:crypto';
import fs from 'node:fs';
import { imageSize } from 'image-size';

/** What reading a file once tells: its sha256, and its pixel size when its first megabyte says (PNG, JPEG, GIF, WebP, BMP, TIFF...). */
export interface FileDigest {
  sha256: string;
  width: number | null;
  height: number | null;
}

/** The pixel size from a file's first bytes; null when the format is unknown or the header lies past them. */
function sizeFromHeader(head: Buffer | undefined): { width: number | null; height: number | null } {
  if (!head) return { width: null, height: null };
  try {
    const { width, height, orientation } = imageSize(head);
    // EXIF orientations 5 to 8 turn the picture a quarter: the annotator sees it that way round.
    return orientation && orientation >= 5 ? { width: height, height: width } : { width, height };
  } catch {
    return { width: null, height: null };
  }
}

/** sha256 of a file, streamed (a frame of a few hundred MB never sits in memory), and its image size from the first chunk. */
export async function digestFile(file: string): Promise<FileDigest> {
  const hash = crypto.createHash('sha256');
  let head: Buffer | undefined;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    head ??= chunk as Buffer;
    hash.update(chunk as Buffer);
  }
  return { sha256: hash.digest('hex'), ...sizeFromHeader(head) };
}

/** A subject's content hash as the server defines it: sha256 over its frames' digests, in order. */
export function subjectContentHash(frameDigests: string[]): string {
  return crypto.createHash('sha256').update(frameDigests.join(''), 'utf8').digest('hex');
}
