/**
 * A video's frames as pictures, by the system's ffmpeg (docs/video.md, "Frames in an export"):
 * the server has no WebCodecs, and ffmpeg is the decoder whose numbering the frame numbers are
 * defined by. ffmpeg runs without a shell on a local file, with a deadline, a cap on each
 * picture's size, and is killed (SIGKILL) when the caller's signal aborts or the consumer stops.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pictures, type PictureType } from './pictureStream';

/** ffmpeg (or ffprobe beside it) is not on this server: the export says so per item. */
export class FfmpegMissing extends Error {}
/** ffmpeg could not give the frames asked for (a damaged file, its deadline, its output). */
export class FramesFailed extends Error {}

/** ffprobe is in the same package as ffmpeg: beside the configured ffmpeg, or on PATH as it is. */
export function ffprobeBeside(ffmpegPath: string): string {
  return ffmpegPath.includes('/') ? path.join(path.dirname(ffmpegPath), 'ffprobe') : 'ffprobe';
}

const STDERR_KEPT = 2048;

interface Run {
  stdout: AsyncIterable<Buffer>;
  /** settles when the process has ended: its failure as an error, or nothing */
  ended: Promise<void>;
  kill: () => void;
}

function run(command: string, args: string[], signal: AbortSignal, what: string): Run {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal, killSignal: 'SIGKILL' });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr = (stderr + c).slice(-STDERR_KEPT)));
  const ended = new Promise<void>((resolve, reject) => {
    child.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'EACCES') reject(new FfmpegMissing(`${command} cannot be run: ${err.code}`));
      else if (err.name === 'AbortError') reject(new FramesFailed(`${what} stopped`));
      else reject(new FramesFailed(`${what}: ${err.message}`));
    });
    child.once('close', (code, sig) => (code === 0 ? resolve() : reject(new FramesFailed(`${what} ended with ${code ?? sig}: ${stderr.trim()}`))));
  });
  ended.catch(() => undefined);
  return { stdout: child.stdout as AsyncIterable<Buffer>, ended, kill: () => child.kill('SIGKILL') };
}

/**
 * ffmpeg's time (seconds) of the file's first video frame. The import's frame times are the
 * container's as mediabunny reads them; ffmpeg's clock can differ by a constant (an MP4 edit
 * list: 23 ms in a file cut with `-ss 1.01 -c copy`), so a seek is placed relative to this.
 */
export async function videoStartTime(ffmpegPath: string, file: string, signal: AbortSignal, inputArgs: readonly string[] = []): Promise<number> {
  // it reads the file's header: a minute is plenty, and bounds a file built to be slow
  const bounded = AbortSignal.any([signal, AbortSignal.timeout(60_000)]);
  const p = run(ffprobeBeside(ffmpegPath), ['-v', 'error', ...inputArgs, '-select_streams', 'v:0', '-show_entries', 'stream=start_time', '-of', 'csv=p=0', file], bounded, 'ffprobe');
  let out = '';
  for await (const c of p.stdout) out += c.toString('utf8');
  await p.ended;
  const start = Number(out.trim().split('\n')[0]);
  return Number.isFinite(start) ? start : 0;
}

/**
 * Where ffmpeg seeks for the file's frame `first` (seconds on ffmpeg's clock), from the file's
 * frame times (mediabunny's, as the import stored them) and ffmpeg's time of its first frame
 * (videoStartTime): halfway between the frame before and it, so rounding never lands on the
 * wrong side; null for the first frame (no seek).
 */
export function seekSecondsFor(start: number, times: readonly number[], first: number): number | null {
  return first === 0 ? null : start + ((times[first - 1]! + times[first]!) / 2 - times[0]!) / 1e6;
}

export interface FramesRequest {
  /** a local file, or a URL (then `inputArgs` say how it may be read) */
  file: string;
  /** options before the input: for a URL, its demuxer and the protocols allowed (objectRangeServer.ts) */
  inputArgs?: readonly string[];
  /** where to start (ffmpeg's absolute time, seconds), between the frame before the first wanted and it; null: from the first frame */
  seekSeconds: number | null;
  count: number;
  type: PictureType;
  maxPictureBytes: number;
  timeoutMs: number;
  signal: AbortSignal;
}

/**
 * The pictures of `count` frames from the seek on, in presentation order (`-fps_mode
 * passthrough`: one picture per frame of the file, none repeated or dropped for a variable
 * rate). `-ss` before `-i` with `-seek_timestamp 1` starts decoding at the key frame before the
 * time and drops the frames before it (ffmpeg's accurate seek). Fewer pictures than asked is a
 * FramesFailed, as is the deadline.
 */
export async function* ffmpegFrames(ffmpegPath: string, r: FramesRequest): AsyncGenerator<Buffer> {
  const timeout = AbortSignal.timeout(r.timeoutMs);
  const signal = AbortSignal.any([r.signal, timeout]);
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error'];
  args.push(...(r.inputArgs ?? []));
  if (r.seekSeconds !== null) args.push('-seek_timestamp', '1', '-ss', r.seekSeconds.toFixed(6));
  args.push('-i', r.file, '-map', '0:v:0', '-an', '-sn', '-dn', '-frames:v', String(r.count), '-fps_mode', 'passthrough', '-f', 'image2pipe');
  args.push(...(r.type === 'png' ? ['-c:v', 'png'] : ['-c:v', 'mjpeg', '-q:v', '2']), 'pipe:1');
  const p = run(ffmpegPath, args, signal, 'ffmpeg');
  let n = 0;
  try {
    for await (const picture of pictures(p.stdout, r.type, r.maxPictureBytes)) {
      n++;
      yield picture;
    }
    await p.ended;
  } catch (err) {
    // ffmpeg may still be writing (a picture too large): it ends only once killed
    p.kill();
    await p.ended.catch((e: unknown) => {
      // not being there explains an empty stream better than the stream does
      if (e instanceof FfmpegMissing) throw e;
    });
    if (timeout.aborted) throw new FramesFailed(`ffmpeg passed its ${r.timeoutMs} ms`);
    throw err instanceof FfmpegMissing || err instanceof FramesFailed ? err : new FramesFailed(err instanceof Error ? err.message : String(err));
  } finally {
    p.kill();
  }
  if (n < r.count) throw new FramesFailed(`ffmpeg gave ${n} of ${r.count} frames`);
}
