/**
 * The video probe (src-shared/media/videoProbe.ts) on a file in the object store, read by ranges
 * whatever the store: an MP4's header and index and its last frame (a 30-minute 1080p file: 11
 * reads, 0.3 MB), a WebM's clusters in order (its frames' times are only there: the whole file).
 */
import { Logging, LogLevel } from 'mediabunny';
import { probeVideo, type VideoVerdict } from '../../src-shared/media/videoProbe';
import type { ObjectStore } from '../storage';
import { readRange } from './readRange';

/**
 * How long one file's probe may take. Reading a 3.5 GB Matroska file whole took 4.7 s from local
 * disk (docs/video.md); five minutes leave room for a slow store, and end a file built to be slow.
 */
export const VIDEO_PROBE_SECONDS = 300;

// Mediabunny says on the console what it does not support (a codec, a box); the refusal says it to the user.
Logging.level = LogLevel.Errors;

export function probeStoredVideo(storage: ObjectStore, key: string, size: number, now: () => number = Date.now): Promise<VideoVerdict> {
  return probeVideo({ size, read: (start, end) => readRange(storage, key, start, end) }, { deadline: now() + VIDEO_PROBE_SECONDS * 1000, now });
}
