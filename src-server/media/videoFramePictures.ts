/**
 * A video item's frames as pictures in the store, for the model service (docs/video.md, "Video
 * frames on the server"): the service reads pictures by URL, and a video frame's own object is
 * the whole file. Each frame asked for is decoded once by ffmpeg (ffmpegFrames.ts) and kept
 * beside the file as `<file key>.frames/<frame number, six digits>.jpg`; the next call on it (a
 * Detect after the tracker went by, another person on the same item) finds it there.
 *
 * Frames are rendered in runs of neighbours (one ffmpeg seek per run), at most
 * VIDEO_PICTURES_PER_CALL a call; the same run asked for twice at once is rendered once.
 */
import { AppError } from '../errors';
import type { ObjectStore } from '../storage';
import type { VideoFrameTimes, VideoInfo } from '../../src-shared/media/videoInfo';
import { VIDEO_LIMITS } from '../../src-shared/media/videoInfo';
import { FfmpegMissingError, ffmpegFrames } from './ffmpegFrames';
import { withObjectUrl } from './objectRangeServer';
import { readRange } from './readRange';

/** Frames one call may have rendered: the tracker's longest stretch and the frame it starts on. */
export const VIDEO_PICTURES_PER_CALL = 64;
/** The frame-times objects kept in memory (a 10-hour file's is about 8 MB). */
const TIMES_KEPT = 4;
/** The largest frame-times object read: 10 hours at 30 fps, as numbers of up to 11 digits and commas. */
const TIMES_MAX_BYTES = VIDEO_LIMITS.framesPerFile * 13 + 1024;

export const framePictureKey = (videoKey: string, n: number) => `${videoKey}.frames/${String(n).padStart(6, '0')}.jpg`;

export interface VideoPictureDeps {
  storage: ObjectStore;
  ffmpeg: string;
}

const timesCache = new Map<string, Promise<readonly number[]>>();
const rendering = new Map<string, Promise<void>>();

async function timesOf(storage: ObjectStore, key: string): Promise<readonly number[]> {
  const had = timesCache.get(key);
  if (had) return had;
  const loading = (async () => {
    const head = await storage.head(key);
    if (!head || head.size > TIMES_MAX_BYTES) throw new AppError('ai.videoUnreadable', { key });
    const body = JSON.parse(Buffer.from(await readRange(storage, key, 0, head.size)).toString('utf8')) as Partial<VideoFrameTimes>;
    if (!Array.isArray(body.times) || body.times.length === 0) throw new AppError('ai.videoUnreadable', { key });
    return body.times;
  })();
  timesCache.set(key, loading);
  loading.catch(() => timesCache.delete(key));
  while (timesCache.size > TIMES_KEPT) timesCache.delete(timesCache.keys().next().value!);
  return loading;
}

/** Runs of consecutive numbers: [first, count] each. */
function runsOf(numbers: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const n of [...new Set(numbers)].sort((a, b) => a - b)) {
    const last = out.at(-1);
    if (last && last[0] + last[1] === n) last[1]++;
    else out.push([n, 1]);
  }
  return out;
}

/**
 * The picture keys of the video's frames `frames` (the file's frame numbers), each rendered and
 * stored unless it is there already. Refused with ai.videoNeedsFfmpeg when the server has no
 * ffmpeg, ai.videoUnreadable when the file cannot be decoded there.
 */
export async function videoFramePictures(d: VideoPictureDeps, video: Pick<VideoInfo, 'key' | 'container' | 'timesKey'>, frames: readonly number[]): Promise<Map<number, string>> {
  if (frames.length > VIDEO_PICTURES_PER_CALL) throw new RangeError(`at most ${VIDEO_PICTURES_PER_CALL} frames a call`);
  const out = new Map(frames.map((n) => [n, framePictureKey(video.key, n)]));
  const missing: number[] = [];
  await Promise.all(frames.map(async (n) => (await d.storage.head(out.get(n)!)) ?? missing.push(n)));
  if (!missing.length) return out;
  const [times, file] = await Promise.all([timesOf(d.storage, video.timesKey), d.storage.head(video.key)]);
  if (!file) throw new AppError('ai.imageUnreadable', { key: video.key });
  for (const [first, count] of runsOf(missing)) {
    const id = `${video.key}#${first}+${count}`;
    let run = rendering.get(id);
    if (!run) {
      run = (async () => {
        let pictures: Buffer[];
        try {
          pictures = await withObjectUrl(d.storage, video.key, file.size, (url) => ffmpegFrames({ ffmpeg: d.ffmpeg, url, container: video.container, times, first, count }));
        } catch (err) {
          if (err instanceof FfmpegMissingError) throw new AppError('ai.videoNeedsFfmpeg', {});
          throw new AppError('ai.videoUnreadable', { key: video.key, frame: first, detail: err instanceof Error ? err.message.slice(0, 300) : String(err) });
        }
        await Promise.all(pictures.map((p, i) => d.storage.put(framePictureKey(video.key, first + i), p, 'image/jpeg')));
      })().finally(() => rendering.delete(id));
      rendering.set(id, run);
    }
    await run;
  }
  return out;
}
