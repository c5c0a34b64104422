/**
 * Video frames in the workspace (issue 33): random seeks and playback of a 1080p H.264 file in
 * headless Chromium, the workstation's frame source (src-renderer/src/video) beside mediabunny's
 * own sample sink and an HTMLVideoElement in the same run. The file is made with ffmpeg once
 * (kept under .run/bench-video/): testsrc2 with each frame's number drawn as 16 squares over it
 * (tests/support/frameNumberVideo.ts reads them), x264 `veryfast` (B-frames, as cameras and
 * editors write), a key frame every 60 frames. Every frame drawn is read back: a wrong frame counts.
 *
 * - seek: a random frame asked for and drawn on a 1280x720 canvas; between seeks the decoder
 *   finishes what it does after one (the frames just after), as while a person looks at the frame.
 * - play: 300 frames at the file's rate through the annotation engine with 50 boxes moving every
 *   frame; a frame shown more than one frame's time after its time is late (a player would drop it).
 *
 * Goals: seek p95 under 100 ms, playback with no frame late.
 * Usage: tsx bench/video-seek.ts [seconds of video, default 60]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { frameTimesOf, serveFiles } from '../tests/support/videoHarness';
import { launchChromium } from './lib/canvasBenchPage';
import { buildVideoBenchPage } from './lib/videoBenchPage';
import { fmt, percentiles } from './lib/stats';

const SECONDS = Number(process.argv[2] ?? 60);
const GOP = 60;
const SEEKS = 60;

/** testsrc2 at 1080p, 30 fps, with the frame number's bits as white or black squares at the 4 x 4 grid's block centres. */
function makeVideo(file: string): void {
  if (fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const bits = Array.from({ length: 16 }, (_, i) => {
    const x = (i % 4) * 480 + 200;
    const y = Math.floor(i / 4) * 270 + 95;
    return `drawbox=x=${x}:y=${y}:w=80:h=80:color=black:t=fill,drawbox=x=${x}:y=${y}:w=80:h=80:color=white:t=fill:enable='bitand(n\\,${1 << i})'`;
  });
  console.log(`making ${file} (${SECONDS} s of 1080p; a minute or two)...`);
  const tmp = `${file}.part.mp4`;
  execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30', '-t', String(SECONDS), '-vf', bits.join(','), '-c:v', 'libx264', '-preset', 'veryfast', '-g', String(GOP), '-pix_fmt', 'yuv420p', tmp]);
  fs.renameSync(tmp, file);
}

interface Seek {
  n: number;
  ms: number;
  shown: number;
}

async function main() {
  const dir = path.resolve('.run/video-files');
  const name = `frames-1080p-gop${GOP}-${SECONDS}s.mp4`;
  makeVideo(path.join(dir, name));
  const times = await frameTimesOf(path.join(dir, name));
  const server = await serveFiles(dir);
  const browser = await launchChromium();
  let s = 11;
  const targets = Array.from({ length: SEEKS }, () => (s = (s * 1664525 + 1013904223) >>> 0) % (times.length - 1));
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
    page.on('pageerror', (e) => console.error('page error:', e));
    await page.goto(buildVideoBenchPage());
    const run = (what: string, args: object) => (console.log(`${what} ${JSON.stringify((args as { options?: object }).options ?? {})}...`), page).evaluate(([w, a]) => (window as unknown as Record<string, Record<string, (x: object) => Promise<unknown>>>).videoBench![w]!(a), [what, { url: server.url(name), times, ...args }] as const);

    const seekRows: [string, Seek[], string][] = [];
    const ours = (await run('oursSeeks', { targets, options: {} })) as { seeks: Seek[]; stats: Record<string, number> };
    seekRows.push(['frame source (disposable frames skipped, sought frame drained, pictures reused)', ours.seeks, statsText(ours.stats)]);
    const fed = (await run('oursSeeks', { targets, options: { drainSeeks: false } })) as { seeks: Seek[]; stats: Record<string, number> };
    seekRows.push(['frame source, a sought frame waited for (not drained)', fed.seeks, statsText(fed.stats)]);
    const all = (await run('oursSeeks', { targets, options: { skipDisposable: false } })) as { seeks: Seek[]; stats: Record<string, number> };
    seekRows.push(['frame source, every frame before the target decoded', all.seeks, statsText(all.stats)]);
    const latency = (await run('oursSeeks', { targets, options: { optimizeForLatency: true } })) as { seeks: Seek[]; stats: Record<string, number> };
    seekRows.push(['frame source, optimizeForLatency', latency.seeks, statsText(latency.stats)]);
    seekRows.push(['mediabunny getSample + createImageBitmap (a decoder per seek)', ((await run('sinkSeeks', { targets })) as { seeks: Seek[] }).seeks, '']);
    seekRows.push(['HTMLVideoElement: currentTime + requestVideoFrameCallback', ((await run('peerSeeks', { targets })) as { seeks: Seek[] }).seeks, '']);

    const playArgs = { from: 100, count: 300, boxes: 50 };
    const play = (await run('oursPlay', { ...playArgs, options: {} })) as { late: number[]; ms: number; interval: number; wrong: number[]; stats: Record<string, number> };
    const peer = (await run('peerPlay', playArgs)) as { ms: number; presented: number; dropped: number; total: number; callbacks: number };

    const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
    console.log(`\n${name}: ${times.length} frames, 1920x1080, x264 veryfast, key frame every ${GOP}; ${os.cpus().length} cores, load average ${load}`);
    console.log(`\n${SEEKS} random seeks, each drawn on a 1280x720 canvas`);
    console.log('| how | p50 ms | p95 ms | max ms | wrong frames | decoder |');
    console.log('|---|---|---|---|---|---|');
    for (const [how, seeks, extra] of seekRows) {
      const p = percentiles(seeks.map((x) => x.ms));
      const wrong = seeks.filter((x) => x.shown !== x.n).length;
      console.log(`| ${how} | ${fmt(p.p50)} | ${fmt(p.p95)} | ${fmt(Math.max(...seeks.map((x) => x.ms)))} | ${wrong} | ${extra} |`);
    }
    const frameMs = play.interval;
    const lateFrames = play.late.filter((l) => l > frameMs).length;
    const lp = percentiles(play.late);
    console.log(`\nPlayback of ${playArgs.count} frames from frame ${playArgs.from} at the file's rate (${(1000 / frameMs).toFixed(2)} fps), ${playArgs.boxes} moving boxes drawn by the annotation engine`);
    console.log('| how | frames shown / expected | late by more than a frame | lateness p50 / p95 / max ms | wall time / nominal s | wrong frames (every 10th read) |');
    console.log('|---|---|---|---|---|---|');
    console.log(`| frame source + engine (every frame shown, in order) | ${play.late.length} / ${playArgs.count} | ${lateFrames} | ${fmt(lp.p50)} / ${fmt(lp.p95)} / ${fmt(Math.max(...play.late))} | ${(play.ms / 1000).toFixed(2)} / ${((playArgs.count * frameMs) / 1000).toFixed(2)} | ${play.wrong.length} |`);
    console.log(`| HTMLVideoElement playing, engine drawing the boxes over it | ${peer.presented} / ${playArgs.count} presented (${peer.dropped} dropped of ${peer.total} by its own count) | - | - | ${(peer.ms / 1000).toFixed(2)} / ${((playArgs.count * frameMs) / 1000).toFixed(2)} | - |`);
    console.log(`\nframe source while playing: ${statsText(play.stats)}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

const statsText = (st: Record<string, number>) => `${st.seeks} starts at a key frame, ${st.decoded} packets decoded, ${st.skipped} skipped, ${st.painted} painted, ${st.dropped} dropped`;

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
