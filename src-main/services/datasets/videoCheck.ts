import crypto from 'node:crypto';
import fs from 'node:fs';
import { probeVideo, type VideoVerdict } from '../../../src-shared/media/videoProbe';
import { videoStretches } from '../../../src-shared/media/videoSplit';
import type { VideoSplit } from '../../../src-shared/media/videoInfo';

/** As long as the server gives one file (docs/video.md, "The probe and its bounds"). */
const PROBE_DEADLINE_MS = 5 * 60 * 1000;

/** What reading a local video tells before upload: its sha256, and the server's own verdict on it. */
export interface VideoDigest {
  sha256: string;
  verdict: VideoVerdict;
}

/**
 * The probe the team server runs at import (src-shared/media/videoProbe.ts), on a local file:
 * the probe asks for byte ranges and gets them from the file, so a 1 GB video is never in memory
 * (an MP4 is its header and index; a WebM is read whole, a cluster at a time).
 */
export async function probeLocalVideo(file: string): Promise<VideoVerdict> {
  const fh = await fs.promises.open(file, 'r');
  try {
    const { size } = await fh.stat();
    return await probeVideo(
      {
        size,
        read: async (start, end) => {
          const buf = Buffer.alloc(Math.max(0, Math.min(end, size) - start));
          let done = 0;
          while (done < buf.length) {
            const { bytesRead } = await fh.read(buf, done, buf.length - done, start + done);
            if (bytesRead === 0) break;
            done += bytesRead;
          }
          return buf.subarray(0, done);
        },
      },
      { deadline: Date.now() + PROBE_DEADLINE_MS },
    );
  } finally {
    await fh.close();
  }
}

/** sha256 of a file, streamed. */
async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A video's digest and verdict; the hash is read only for a file the probe takes (a refused one is never uploaded). */
export async function digestVideo(file: string): Promise<VideoDigest> {
  const verdict = await probeLocalVideo(file);
  return { sha256: verdict.ok ? await sha256Of(file) : '', verdict };
}

/**
 * The frame rows a video taken makes on the server, split as asked (overlaps counted twice), so
 * the workstation's calls stay under SUBJECT_IMPORT_MAX_VIDEO_FRAMES. A split the server will
 * refuse (overlap not shorter than an item) counts the file's frames: its call then fails with
 * the server's translated reason.
 */
export function videoRows(times: readonly number[], split: VideoSplit | undefined): number {
  try {
    return videoStretches(times, split).reduce((n, s) => n + s.count, 0);
  } catch {
    return times.length;
  }
}
