import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makeFrameNumberVideo, type FrameNumberVideoOptions } from '../support/frameNumberVideo';
import { buildVideoHarnessPage, frameTimesOf, serveFiles, shownNumber } from '../support/videoHarness';

/**
 * The workspace's video frame source (src-renderer/src/video) in Chromium, on files whose every
 * frame shows its own number (made by ffmpeg): whichever way a person moves (playing through,
 * random seeks, stepping back, jumps of ten, dragging the timeline), the picture given for frame
 * n shows n. The frame times come from ffprobe, as the server reads them from the container.
 */
const FILES: [string, FrameNumberVideoOptions][] = [
  ['h264-bframes.mp4', { codec: 'h264', bFrames: 2, gop: 30 }],
  ['vp9.webm', { codec: 'vp9', gop: 30 }],
  ['vp8.webm', { codec: 'vp8', gop: 30 }],
  // From frame 40 on, each frame lasts twice as long: a variable frame rate.
  ['vfr.mp4', { codec: 'h264', bFrames: 2, gop: 30, slowFrom: 40 }],
];
const FRAMES = 90;

let dir: string;
let server: Awaited<ReturnType<typeof serveFiles>>;
let pageUrl: string;

test.beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'video-frames-'));
  await Promise.all(FILES.map(([name, o]) => makeFrameNumberVideo(path.join(dir, name), { ...o, frames: FRAMES })));
  server = await serveFiles(dir);
  pageUrl = buildVideoHarnessPage();
});

test.afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A fixed sequence of pseudo-random frame numbers, the same in every run. */
function randomFrames(count: number, seed: number): number[] {
  let s = seed;
  return Array.from({ length: count }, () => (s = (s * 1664525 + 1013904223) >>> 0) % FRAMES);
}

/** Asks the frames of `list` one after another; answers those whose picture shows another number. */
async function wrongFrames(page: Page, id: number, list: number[]): Promise<string[]> {
  const pictures = await page.evaluate(([i, l]) => window.videoHarness.frames(i, l), [id, list] as const);
  return list.flatMap((n, k) => (shownNumber(pictures[k]!) === n ? [] : [`asked ${n}, shown ${shownNumber(pictures[k]!)}`]));
}

for (const [name] of FILES) {
  test(`${name}: every frame asked for is the frame shown, playing, seeking, stepping back, jumping and scrubbing`, async ({ browser }) => {
    const page = await browser.newPage();
    page.on('pageerror', (e) => console.error('page error:', e));
    await page.goto(pageUrl);
    const times = frameTimesOf(path.join(dir, name));
    expect(times).toHaveLength(FRAMES);
    const video = await page.evaluate(([url, t]) => window.videoHarness.open(url, t), [server.url(name), times] as const);
    expect(video).toMatchObject({ width: 320, height: 240, count: FRAMES });

    // Playing through: each frame after the one before, the decoder going on.
    expect(await wrongFrames(page, video.id, Array.from({ length: FRAMES }, (_, n) => n)), 'playing through').toEqual([]);
    // Random seeks, back and forth across key frames.
    expect(await wrongFrames(page, video.id, randomFrames(24, name.length)), 'random seeks').toEqual([]);
    // Stepping back from a frame just sought (the frames before it come from a seek of their own).
    expect(await wrongFrames(page, video.id, [75, 74, 73, 72, 71, 70, 69, 68, 61, 60, 59, 58]), 'stepping back').toEqual([]);
    // Jumps of ten, forward within the decoder's reach and back.
    expect(await wrongFrames(page, video.id, [3, 13, 23, 33, 43, 33, 23, 13, 3]), 'jumps of ten').toEqual([]);
    // Dragging the timeline: requests faster than decoding; the last one wins and is right, and
    // an earlier one is either refused as superseded or, when it arrived first, right too.
    const drag = [10, 52, 86, 31, 64, 20];
    const answers = await page.evaluate(([i, l]) => window.videoHarness.scrub(i, l), [video.id, drag] as const);
    expect(answers.at(-1), 'the last frame dragged to').not.toBeNull();
    for (const [k, a] of answers.entries()) if (a !== null) expect(shownNumber(a), `dragged to ${drag[k]}`).toBe(drag[k]);
    const stats = await page.evaluate((i) => window.videoHarness.stats(i), video.id);
    // Playing through was one decode from the start, not a seek a frame.
    expect(stats.seeks).toBeLessThan(60);
    await page.evaluate((i) => window.videoHarness.close(i), video.id);
    await page.close();
  });
}

declare global {
  interface Window {
    videoHarness: {
      open(url: string, times: number[], options?: object): Promise<{ id: number; width: number; height: number; count: number; window: number }>;
      frames(id: number, list: number[]): Promise<string[]>;
      scrub(id: number, list: number[]): Promise<(string | null)[]>;
      stats(id: number): { decoded: number; skipped: number; seeks: number; painted: number; dropped: number };
      close(id: number): void;
    };
  }
}
