/**
 * Frames of a stored video as pictures, decoded by ffmpeg on the server (docs/video.md, "Video
 * frames on the server"): what the model service reads when a person uses AI on a video item's
 * frame. Frame numbers are the file's (videoInfo.ts): frame n is the n-th in presentation order.
 *
 * ffmpeg is given the file's own container (never left to guess one: a guessed playlist or
 * concat list would make it open other files or addresses), reads it over loopback HTTP only
 * (objectRangeServer.ts), seeks to a timestamp between frame n-1's and frame n's by the file's
 * index and decodes from the key frame before it, discarding the frames before that point, and
 * writes `count` frames as they come in presentation order. Bounded: a time limit that grows
 * with the frames asked for, the frame's size (at most VIDEO_LIMITS.side), and a signal to stop it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { VideoContainer } from '../../src-shared/media/videoInfo';

/** ffmpeg's demuxer for each container we take. */
const DEMUXERS: Record<VideoContainer, string> = { mp4: 'mov', mov: 'mov', webm: 'matroska', mkv: 'matroska' };

/** The time allowed: a start-up share and a share per frame (a 1080p frame decodes in 5 to 20 ms on one core; a GOP of 300 decoded before the first). */
const timeLimitMs = (count: number) => 20_000 + 200 * count;

export class FfmpegMissingError extends Error {
  constructor(readonly ffmpeg: string) {
    super(`ffmpeg was not found at ${ffmpeg}`);
  }
}

export class FfmpegFailedError extends Error {}

export interface FfmpegFramesRequest {
  /** ffmpeg's path */
  ffmpeg: string;
  /** where ffmpeg reads the file (a loopback URL of objectRangeServer.ts) */
  url: string;
  /** the container the probe found (VideoInfo.container) */
  container: string;
  /** every frame's presentation time in microseconds (VideoFrameTimes.times) */
  times: readonly number[];
  /** the file's frame to start at, and how many */
  first: number;
  count: number;
  signal?: AbortSignal;
}

/**
 * Where ffmpeg seeks for frame n, as a timestamp of the file (seconds): halfway from frame n-1's
 * time to frame n's, so rounding never lands on the wrong side; before frame 0, half a frame.
 * A timestamp, not a time from the file's start: a video track that starts after the sound
 * (at 0.7 s, say) would be off by that much otherwise.
 */
export function seekSecondsOf(times: readonly number[], n: number): number {
  const before = n > 0 ? times[n - 1]! : times[0]! - (times.length > 1 ? times[1]! - times[0]! : 0);
  return Math.max(0, (times[n]! + before) / 2 / 1e6);
}

/** The frames `first` .. `first + count - 1` of the file, each a JPEG (quality about 90), in order. */
export async function ffmpegFrames(r: FfmpegFramesRequest): Promise<Buffer[]> {
  const first = Math.max(0, Math.min(r.times.length - 1, r.first));
  const count = Math.max(1, Math.min(r.count, r.times.length - first));
  const demuxer = DEMUXERS[r.container as VideoContainer] as string | undefined;
  if (!demuxer) throw new FfmpegFailedError(`not a container the import takes: ${r.container}`);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'annot-frames-'));
  try {
    const args = [
      '-hide_banner', '-loglevel', 'error', '-nostdin',
      // the file only, over loopback HTTP; its own container, not a guessed one
      '-protocol_whitelist', 'http,tcp', '-f', demuxer,
      '-seek_timestamp', '1', '-ss', seekSecondsOf(r.times, first).toFixed(6),
      '-i', r.url,
      '-map', '0:v:0', '-an', '-sn', '-dn',
      // frames renumbered 0, 1, 2... on their way out: the JPEG writer refuses two frames that round to one time
      '-vf', 'setpts=N/TB', '-frames:v', String(count), '-fps_mode', 'passthrough',
      '-c:v', 'mjpeg', '-q:v', '3', '-f', 'image2', '-start_number', '0', path.join(dir, '%06d.jpg'),
    ];
    await run(r.ffmpeg, args, timeLimitMs(count), r.signal);
    const names = (await fs.readdir(dir)).filter((n) => n.endsWith('.jpg')).sort();
    if (names.length < count) throw new FfmpegFailedError(`ffmpeg gave ${names.length} of the ${count} frames from frame ${first}`);
    return await Promise.all(names.slice(0, count).map((n) => fs.readFile(path.join(dir, n))));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

function run(ffmpeg: string, args: string[], limitMs: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      if (err.length < 4000) err += c;
    });
    const kill = () => child.kill('SIGKILL');
    const timer = setTimeout(kill, limitMs);
    signal?.addEventListener('abort', kill, { once: true });
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(e.code === 'ENOENT' ? new FfmpegMissingError(ffmpeg) : e);
    });
    child.on('close', (code, sig) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', kill);
      if (code === 0) resolve();
      else reject(new FfmpegFailedError(sig ? `ffmpeg stopped (${sig}${signal?.aborted ? ', asked to' : ', over its time'})` : `ffmpeg failed (${code}): ${err.trim().slice(0, 500)}`));
    });
  });
}
