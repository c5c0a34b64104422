/**
 * A video item's frames as pictures in the store, for the model service (docs/video.md, "Video
 * frames on the server"): the service reads pictures by URL, and a video frame's own object is
 * the whole file. Each frame asked for is decoded once by ffmpeg (ffmpegFrames.ts) and kept
 * beside the file as `<file key>.frames/<frame number, six digits>.jpg`; the next call on it (a
 * Detect after the tracker went by, another person on the same item) finds it there.
 *
 * Frames are rendered in runs of neighbours (one ffmpeg seek per run, as an export's are:
 * ffmpegFrames.ts), at most VIDEO_PICTURES_PER_CALL a call; the same run asked for twice at once
 * is rendered once. ffmpeg reads the file over loopback HTTP only (objectRangeServer.ts), with the
 * demuxer of the container the probe found, never a guessed one (a guessed playlist or concat
 * list would make it open other files or addresses), and HTTP and TCP as its only protocols.
 */
import { AppError } from '../errors';
import type { ObjectStore } from '../storage';
import type { VideoInfo } from '../../src-shared/media/videoInfo';
import { VIDEO_LIMITS } from '../../src-shared/media/videoInfo';
import { FfmpegMissing, ffmpegFrames, seekSecondsFor, videoStartTime } from './ffmpegFrames';
import { withObjectUrl } from './objectRangeServer';
import { readFrameTimes } from './frameTimes';

/** Frames one call may have rendered: the tracker's longest stretch and the frame it starts on. */
export const VIDEO_PICTURES_PER_CALL = 64;
/** ffmpeg's demuxer for each container the import takes. */
const DEMUXERS: Record<string, string> = { mp4: 'mov', mov: 'mov', webm: 'matroska', mkv: 'matroska' };
/** The time allowed a run: a start-up share and a share per frame (a 1080p frame decodes in 5 to 20 ms on a core, a GOP of 300 before the first). */
const timeLimitMs = (count: number) => 30_000 + 500 * count;
/** The frame-times objects kept in memory (a 10-hour file's is about 8 MB). */
const TIMES_KEPT = 4;

export const framePictureKey = (videoKey: string, n: number) => `${videoKey}.frames/${String(n).padStart(6, '0')}.jpg`;

export interface VideoPictureDeps {
  storage: ObjectStore;
  ffmpeg: string;
}

const timesCache = new Map<string, Promise<readonly number[]>>();
/** ffmpeg's time of each file's first frame, by file key (asked of ffprobe once) */
const startTimes = new Map<string, number>();
const rendering = new Map<string, Promise<void>>();

async function timesOf(storage: ObjectStore, key: string): Promise<readonly number[]> {
  const had = timesCache.get(key);
  if (had) return had;
  const loading = readFrameTimes(storage, key).catch((err: unknown) => {
    throw new AppError('ai.videoUnreadable', { key, detail: err instanceof Error ? err.message.slice(0, 300) : String(err) });
  });
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
  const demuxer = DEMUXERS[video.container];
  if (!demuxer) throw new AppError('ai.videoUnreadable', { key: video.key, detail: `container ${video.container}` });
  const inputArgs = ['-protocol_whitelist', 'http,tcp', '-f', demuxer];
  const render = (first: number, count: number) =>
    withObjectUrl(d.storage, video.key, file.size, async (url) => {
      const signal = AbortSignal.timeout(timeLimitMs(count));
      let start = startTimes.get(video.key);
      if (first > 0 && start === undefined) {
        start = await videoStartTime(d.ffmpeg, url, signal, inputArgs);
        startTimes.set(video.key, start);
        while (startTimes.size > 64) startTimes.delete(startTimes.keys().next().value!);
      }
      const pictures = ffmpegFrames(d.ffmpeg, { file: url, inputArgs, seekSeconds: seekSecondsFor(start ?? 0, times, first), count, type: 'jpeg', maxPictureBytes: (VIDEO_LIMITS.side ** 2 * 3) / 2, timeoutMs: timeLimitMs(count), signal });
      let n = first;
      for await (const picture of pictures) await d.storage.put(framePictureKey(video.key, n++), picture, 'image/jpeg');
    });
  for (const [first, count] of runsOf(missing)) {
    const id = `${video.key}#${first}+${count}`;
    let run = rendering.get(id);
    if (!run) {
      run = render(first, count)
        .catch((err: unknown) => {
          if (err instanceof FfmpegMissing) throw new AppError('ai.videoNeedsFfmpeg', {});
          throw new AppError('ai.videoUnreadable', { key: video.key, frame: first, detail: err instanceof Error ? err.message.slice(0, 300) : String(err) });
        })
        .finally(() => rendering.delete(id));
      rendering.set(id, run);
    }
    await run;
  }
  return out;
}
