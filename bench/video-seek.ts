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

interface Seeks {
  seeks: Seek[];
  stats?: Record<string, number>;
  cpuMs: number;
}

/** CPU milliseconds spent so far by this process's children and theirs (the browser), from /proc. */
function browserCpuMs(): number {
  const children = new Map<number, number[]>();
  const cpu = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const parent = Number(fields[1]);
      cpu.set(Number(entry), ((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  const todo = [...(children.get(process.pid) ?? [])];
  while (todo.length > 0) {
    const pid = todo.pop()!;
    total += cpu.get(pid) ?? 0;
    todo.push(...(children.get(pid) ?? []));
  }
  return total;
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
    /** Runs one contender in the page, with the CPU the browser spent on it. */
    const run = async <T,>(what: string, args: object): Promise<T & { cpuMs: number }> => {
      console.log(`${what} ${JSON.stringify((args as { options?: object }).options ?? {})}...`);
      const before = browserCpuMs();
      const result = await page.evaluate(([w, a]) => (window as unknown as Record<string, Record<string, (x: object) => Promise<unknown>>>).videoBench![w]!(a), [what, { url: server.url(name), times, ...args }] as const);
      return { ...(result as T), cpuMs: browserCpuMs() - before };
    };

    const decoder = await run<{ perFrame: number; frames: number }>('decodeRate', { count: 300 });
    const seekRows: [string, Seeks][] = [
      ['frame source (decoder kept, disposable frames skipped, pictures reused)', await run<Seeks>('oursSeeks', { targets, options: {} })],
      // The same frames' neighbours again, in one source: the file's parts read already (first reads of fresh memory cost much here).
      ['frame source, the same GOPs again (parts of the file read before)', await run<Seeks>('oursSeeks', { targets: [...targets, ...targets.map((n) => Math.min(n + 1, times.length - 2))], options: {}, skip: SEEKS })],
      ['frame source, every frame before the target decoded', await run<Seeks>('oursSeeks', { targets, options: { skipDisposable: false } })],
      ['frame source, optimizeForLatency', await run<Seeks>('oursSeeks', { targets, options: { optimizeForLatency: true } })],
      ['mediabunny getSample + createImageBitmap (a decoder per seek)', await run<Seeks>('sinkSeeks', { targets })],
      ['HTMLVideoElement: currentTime + requestVideoFrameCallback', await run<Seeks>('peerSeeks', { targets })],
    ];
    const playArgs = { from: 100, count: 300, boxes: 50 };
    const play = await run<{ late: number[]; ms: number; interval: number; wrong: number[]; stats: Record<string, number> }>('oursPlay', { ...playArgs, options: {} });
    const peer = await run<{ ms: number; presented: number; callbacks: number }>('peerPlay', playArgs);

    const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
    console.log(`\n${name}: ${times.length} frames, 1920x1080, x264 veryfast, key frame every ${GOP}; ${os.cpus().length} cores, load average ${load}`);
    console.log(`The decoder alone: ${fmt(decoder.perFrame)} ms a frame (${decoder.frames} frames queued at once from the first key frame), ${fmt(decoder.cpuMs / decoder.frames)} ms of CPU a frame.`);
    console.log(`\n${SEEKS} random seeks, each drawn on a 1280x720 canvas`);
    console.log('| how | p50 ms | p95 ms | max ms | CPU ms a seek | wrong frames | decoder |');
    console.log('|---|---|---|---|---|---|---|');
    for (const [how, r] of seekRows) {
      const p = percentiles(r.seeks.map((x) => x.ms));
      const wrong = r.seeks.filter((x) => x.shown !== x.n).length;
      console.log(`| ${how} | ${fmt(p.p50)} | ${fmt(p.p95)} | ${fmt(Math.max(...r.seeks.map((x) => x.ms)))} | ${(r.cpuMs / r.seeks.length).toFixed(0)} | ${wrong} | ${r.stats ? statsText(r.stats) : ''} |`);
    }
    const frameMs = play.interval;
    const lateFrames = play.late.filter((l) => l > frameMs).length;
    const lp = percentiles(play.late);
    console.log(`\nPlayback of ${playArgs.count} frames from frame ${playArgs.from} at the file's rate (${(1000 / frameMs).toFixed(2)} fps), ${playArgs.boxes} moving boxes drawn by the annotation engine`);
    console.log('| how | frames shown / expected | late by more than a frame | lateness p50 / p95 / max ms | wall time / nominal s | CPU s | wrong frames (every 10th read) |');
    console.log('|---|---|---|---|---|---|---|');
    console.log(`| frame source + engine (every frame shown, in order) | ${play.late.length} / ${playArgs.count} | ${lateFrames} | ${fmt(lp.p50)} / ${fmt(lp.p95)} / ${fmt(Math.max(...play.late))} | ${(play.ms / 1000).toFixed(2)} / ${((playArgs.count * frameMs) / 1000).toFixed(2)} | ${(play.cpuMs / 1000).toFixed(1)} | ${play.wrong.length} |`);
    console.log(`| HTMLVideoElement playing, engine drawing the boxes over it | ${peer.presented} / ${playArgs.count} presented (${peer.callbacks} frame callbacks) | - | - | ${(peer.ms / 1000).toFixed(2)} / ${((playArgs.count * frameMs) / 1000).toFixed(2)} | ${(peer.cpuMs / 1000).toFixed(1)} | - |`);
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
