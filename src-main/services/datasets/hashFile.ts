import crypto from 'node:crypto';
import fs from 'node:fs';
import { IMAGE_HEAD_BYTES, IMAGE_TAIL_BYTES, inspectImageBytes, type ImageVerdict } from '../../../src-shared/media/imageBytes';

/**
 * What reading a file once tells: its sha256, and whether it is a whole picture the workspace
 * can show (with its pixel size), from its first and last bytes as they stream past.
 */
export interface FileDigest {
  sha256: string;
  width: number | null;
  height: number | null;
  verdict: ImageVerdict;
}

/** sha256 of a file, streamed (a frame of a few hundred MB never sits in memory), and the image check on its two ends. */
export async function digestFile(file: string): Promise<FileDigest> {
  const hash = crypto.createHash('sha256');
  const head: Buffer[] = [];
  let headBytes = 0;
  // The last chunks, enough to hold the tail.
  let tail: Buffer[] = [];
  let size = 0;
  for await (const c of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    const chunk = c as Buffer;
    hash.update(chunk);
    size += chunk.length;
    if (headBytes < IMAGE_HEAD_BYTES) {
      head.push(chunk.subarray(0, IMAGE_HEAD_BYTES - headBytes));
      headBytes += Math.min(chunk.length, IMAGE_HEAD_BYTES - headBytes);
    }
    tail.push(chunk);
    while (tail.length > 1 && tail.reduce((n, b) => n + b.length, 0) - tail[0]!.length >= IMAGE_TAIL_BYTES) tail = tail.slice(1);
  }
  const last = Buffer.concat(tail);
  const verdict = inspectImageBytes(Buffer.concat(head), last.subarray(Math.max(0, last.length - IMAGE_TAIL_BYTES)), size);
  return { sha256: hash.digest('hex'), width: verdict.ok ? verdict.width : null, height: verdict.ok ? verdict.height : null, verdict };
}

/** A subject's content hash as the server defines it: sha256 over its frames' digests, in order. */
export function subjectContentHash(frameDigests: string[]): string {
  return crypto.createHash('sha256').update(frameDigests.join(''), 'utf8').digest('hex');
}
