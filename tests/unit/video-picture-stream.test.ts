/**
 * ffmpeg's `image2pipe` output cut into its pictures (src-server/media/pictureStream.ts), as the
 * export reads a video's frames: PNG and JPEG streams from ffmpeg itself, arriving in chunks
 * that split pictures anywhere, and a cap on a picture's size; and ffmpeg itself
 * (src-server/media/ffmpegFrames.ts) ended at once by that cap or by a cancel.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PictureTooLarge, pictures, type PictureType } from '../../src-server/media/pictureStream';
import { FramesFailed, ffmpegFrames, type FramesRequest } from '../../src-server/media/ffmpegFrames';

const run = promisify(execFile);
const streams = new Map<PictureType, Buffer>();
const video = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'annot-ffmpeg-frames-')), 'clip.mp4');

beforeAll(async () => {
  // 300 frames of 320 x 240 as PNG: megabytes, more than a pipe holds, so ffmpeg waits on its reader
  await run('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30', '-frames:v', '300', '-c:v', 'libx264', '-preset', 'ultrafast', video]);
  for (const [type, codec] of [['png', 'png'], ['jpeg', 'mjpeg']] as const) {
    const { stdout } = await run('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-frames:v', '4', '-f', 'image2pipe', '-c:v', codec, 'pipe:1'], { encoding: 'buffer' });
    streams.set(type, stdout);
  }
});

async function* chunks(buf: Buffer, size: number) {
  for (let at = 0; at < buf.length; at += size) yield buf.subarray(at, at + size);
}

describe('pictures out of an ffmpeg image stream', () => {
  it.each(['png', 'jpeg'] as const)('cuts a %s stream into its four pictures whatever the chunks', async (type) => {
    const stream = streams.get(type)!;
    for (const size of [7, 1000, stream.length]) {
      const got: Buffer[] = [];
      for await (const p of pictures(chunks(stream, size), type, 1 << 20)) got.push(p);
      expect(got.length).toBe(4);
      expect(Buffer.concat(got).equals(stream)).toBe(true);
      const meta = await sharp(got[3]).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([type, 160, 120]);
    }
  });

  it('stops at a picture larger than the cap', async () => {
    const read = async () => {
      for await (const p of pictures(chunks(streams.get('png')!, 4096), 'png', 500)) void p;
    };
    await expect(read()).rejects.toBeInstanceOf(PictureTooLarge);
  });
});

describe('ffmpeg rendering a video\'s frames', () => {
  const request = (o: Partial<FramesRequest>): FramesRequest => ({ file: video, seekSeconds: null, count: 300, type: 'png', maxPictureBytes: 1 << 20, timeoutMs: 60_000, signal: new AbortController().signal, ...o });
  const ffmpegsRunning = () => fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p)).filter((p) => {
    try {
      return fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(video);
    } catch {
      return false;
    }
  });

  it('ends ffmpeg at once when a picture passes the cap, instead of waiting out its deadline', async () => {
    const read = async () => {
      for await (const p of ffmpegFrames('ffmpeg', request({ maxPictureBytes: 2000 }))) void p;
    };
    await expect(read()).rejects.toBeInstanceOf(FramesFailed);
    expect(ffmpegsRunning()).toEqual([]);
  }, 30_000);

  it('kills ffmpeg when the export is cancelled', async () => {
    const cancel = new AbortController();
    const read = async () => {
      for await (const p of ffmpegFrames('ffmpeg', request({ signal: cancel.signal }))) {
        void p;
        cancel.abort();
      }
    };
    await expect(read()).rejects.toBeInstanceOf(FramesFailed);
    expect(ffmpegsRunning()).toEqual([]);
  }, 30_000);
});
