import crypto from 'node:crypto';
import fs from 'node:fs';

/** sha256 of a file, streamed (a frame of a few hundred MB never sits in memory). */
export async function sha256File(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A subject's content hash as the server defines it: sha256 over its frames' digests, in order. */
export function subjectContentHash(frameDigests: string[]): string {
  return crypto.createHash('sha256').update(frameDigests.join(''), 'utf8').digest('hex');
}
