/**
 * Videos whose every frame shows its own number (issue 33's frame-accuracy check): made with
 * ffmpeg from raw frames piped in, so the file is what a camera or an editor would give (H.264
 * with B-frames, VP8, VP9) and each decoded frame can be read back to the number ffmpeg gave it.
 *
 * The number is drawn as 16 bits in a 4 x 4 grid of blocks over the whole frame (bit i in
 * block i, row by row from the top left): white for 1, black for 0, each block's inner 60 %
 * painted so that compression blurs only its edges. `readFrameNumber` reads the block centres back.
 */
import { spawn } from 'node:child_process';

export interface FrameNumberVideoOptions {
  width?: number;
  height?: number;
  frames?: number;
  /** frames per second (an integer, or e.g. 30000/1001 as [30000, 1001]) */
  rate?: number | [number, number];
  codec?: 'h264' | 'vp8' | 'vp9';
  /** frames between key frames */
  gop?: number;
  /** B-frames (H.264 only; default 2, so decode order differs from presentation order) */
  bFrames?: number;
  /** frames from this one on last twice as long: a variable-frame-rate file */
  slowFrom?: number;
}

const ENCODERS = { h264: ['-c:v', 'libx264', '-preset', 'ultrafast'], vp8: ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8'], vp9: ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8'] } as const;

/** The grid's block that holds bit i, in pixels of a width x height frame. */
function blockOf(i: number, width: number, height: number) {
  const bw = Math.floor(width / 4);
  const bh = Math.floor(height / 4);
  return { x: (i % 4) * bw, y: Math.floor(i / 4) * bh, width: bw, height: bh };
}

/** One frame's RGB24 pixels showing `n`. */
export function frameNumberPixels(n: number, width: number, height: number): Buffer {
  const buf = Buffer.alloc(width * height * 3, 0x60);
  for (let bit = 0; bit < 16; bit++) {
    const b = blockOf(bit, width, height);
    const v = (n >> bit) & 1 ? 235 : 16;
    const mx = Math.floor(b.width * 0.2);
    const my = Math.floor(b.height * 0.2);
    for (let y = b.y + my; y < b.y + b.height - my; y++) buf.fill(v, (y * width + b.x + mx) * 3, (y * width + b.x + b.width - mx) * 3);
  }
  return buf;
}

/** Reads the number a frame shows from its RGBA (4 bytes a pixel) or RGB (3) pixels. */
export function readFrameNumber(pixels: Uint8Array | Uint8ClampedArray, width: number, height: number, channels: 3 | 4 = 4): number {
  let n = 0;
  for (let bit = 0; bit < 16; bit++) {
    const b = blockOf(bit, width, height);
    const at = ((b.y + (b.height >> 1)) * width + b.x + (b.width >> 1)) * channels;
    if (pixels[at]! > 128) n |= 1 << bit;
  }
  return n;
}

/** Writes the video to `file` (its extension names the container: .mp4, .webm, .mkv, .mov). */
export async function makeFrameNumberVideo(file: string, o: FrameNumberVideoOptions = {}): Promise<void> {
  const width = o.width ?? 320;
  const height = o.height ?? 240;
  const frames = o.frames ?? 90;
  const codec = o.codec ?? (/\.webm$/i.test(file) ? 'vp9' : 'h264');
  const rate = Array.isArray(o.rate) ? `${o.rate[0]}/${o.rate[1]}` : String(o.rate ?? 30);
  const args = ['-y', '-loglevel', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${width}x${height}`, '-r', rate, '-i', '-', ...ENCODERS[codec], '-g', String(o.gop ?? 30)];
  if (codec === 'h264') args.push('-bf', String(o.bFrames ?? 2));
  else args.push('-b:v', '1M');
  if (o.slowFrom !== undefined) args.push('-vf', `setpts='if(lt(N,${o.slowFrom}),N,2*N-${o.slowFrom})/(${rate})/TB'`, '-fps_mode', 'passthrough');
  args.push('-pix_fmt', 'yuv420p', file);
  const ff = spawn('ffmpeg', args, { stdio: ['pipe', 'ignore', 'pipe'] });
  let err = '';
  ff.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
  const closed = new Promise<number>((resolve, reject) => {
    ff.on('error', (e) => reject(new Error(`ffmpeg could not start (scripts/system-deps.sh installs it): ${e.message}`)));
    ff.on('close', (code) => resolve(code ?? 1));
  });
  for (let n = 0; n < frames; n++) {
    if (!ff.stdin.write(frameNumberPixels(n, width, height))) await new Promise((r) => ff.stdin.once('drain', r));
  }
  ff.stdin.end();
  const code = await closed;
  if (code !== 0) throw new Error(`ffmpeg failed (${code}): ${err}`);
}

/** The numbers ffmpeg itself decodes, frame by frame, in the order it numbers them (`-fps_mode passthrough`). */
export async function ffmpegFrameNumbers(file: string, width: number, height: number): Promise<number[]> {
  const ff = spawn('ffmpeg', ['-loglevel', 'error', '-i', file, '-fps_mode', 'passthrough', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const size = width * height * 3;
  const out: number[] = [];
  // one frame's bytes gathered in place (a 1080p frame arrives in about a hundred chunks)
  const frame = Buffer.alloc(size);
  let filled = 0;
  ff.stdout.on('data', (c: Buffer) => {
    for (let at = 0; at < c.length; ) {
      const n = Math.min(size - filled, c.length - at);
      c.copy(frame, filled, at, at + n);
      filled += n;
      at += n;
      if (filled === size) {
        out.push(readFrameNumber(frame, width, height, 3));
        filled = 0;
      }
    }
  });
  const code = await new Promise<number>((resolve) => ff.on('close', (c) => resolve(c ?? 1)));
  if (code !== 0) throw new Error(`ffmpeg could not decode ${file}`);
  return out;
}
