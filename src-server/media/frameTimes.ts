/**
 * A video file's frame times as the import stored them (`<file key>.times.json`,
 * VideoFrameTimes), read back for the server's own decoding (exports with media, the models'
 * pictures). Bounded before it is parsed: at most what the longest file the import takes can
 * have, one number of up to 11 digits and a comma a frame.
 */
import type { ObjectStore } from '../storage';
import { VIDEO_LIMITS, type VideoFrameTimes } from '../../src-shared/media/videoInfo';
import { readRange } from './readRange';

const TIMES_MAX_BYTES = VIDEO_LIMITS.framesPerFile * 13 + 1024;

/** The object is missing, too large, or not a list of times. */
export class FrameTimesUnreadable extends Error {}

/** Every frame's presentation time (microseconds) of the file whose times object is `key`. */
export async function readFrameTimes(storage: ObjectStore, key: string): Promise<readonly number[]> {
  const head = await storage.head(key);
  if (!head) throw new FrameTimesUnreadable(`${key} is not in the store`);
  if (head.size > TIMES_MAX_BYTES) throw new FrameTimesUnreadable(`${key} is larger than any file's frame times (${head.size} bytes)`);
  let body: Partial<VideoFrameTimes>;
  try {
    body = JSON.parse(Buffer.from(await readRange(storage, key, 0, head.size)).toString('utf8')) as Partial<VideoFrameTimes>;
  } catch (err) {
    throw new FrameTimesUnreadable(`${key} is not JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!Array.isArray(body.times) || body.times.length === 0) throw new FrameTimesUnreadable(`${key} lists no frame times`);
  return body.times;
}
