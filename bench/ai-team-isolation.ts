/**
 * Issue 30, items 3 and 4, before and after, side by side in one run: the model service as it
 * was (commit c7b5a34, checked out into a throwaway git worktree under /tmp) and as it is, each
 * started as `npm run ai` starts it (a process of its own, tsx), against the same loopback file
 * server.
 *
 * (a) Team B's built-in Detect (POST /v1/infer, the demo photo astronaut.png, cached after the
 *     first call) p50/p95 with nothing else running, then while team A calls its bomb model as
 *     onnx-yolo again and again (the next call as soon as one answers): the probe's file
 *     (ConstantOfShape + 30 MatMuls of 2048 x 2048) and the same made from the picture's mean
 *     (which the static check cannot size), a new version on every call so that every call runs.
 * (b) Peak resident memory of the service process while 4 parallel warm-ups of distinct
 *     10,000 x 10,000 PNGs (311 KB each, made with sharp) are decoded (VmHWM from /proc, reset
 *     first with clear_refs; the warm-ups are waited for by a tracker call on each image).
 * Then, for the time limit: CPU time per run in a team process of a YOLOv8n-sized model at 640
 * and of the bomb (the service in this process, limit raised so the bomb runs out).
 *
 * Usage: tsx bench/ai-team-isolation.ts   (BENCH_RUNS Detect calls per phase, default 30)
 * Linux only (/proc). The two services run one after the other, never at once.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type { InferRequest, ModelRef } from '../src-shared/ai/protocol';
import { startModelService } from '../src-ai/service';
import { matmulBomb, yoloSizedModel } from '../tests/support/tinyOnnx';
import { percentiles } from './lib/stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const BEFORE_COMMIT = 'c7b5a34';
const ROOT = path.resolve(import.meta.dirname, '..');
const BEFORE_DIR = '/tmp/ai-before';
const KEY = 'bench-ai-key-0123456789';
const started = new Date();

// ---- the old code, in a throwaway worktree -------------------------------------------------
const git = (...args: string[]) => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8' });
let madeWorktree = false;
if (!fs.existsSync(path.join(BEFORE_DIR, 'src-ai'))) {
  git('worktree', 'add', '--detach', BEFORE_DIR, BEFORE_COMMIT);
  madeWorktree = true;
}
if (!fs.existsSync(path.join(BEFORE_DIR, 'node_modules'))) fs.symlinkSync(fs.realpathSync(path.join(ROOT, 'node_modules')), path.join(BEFORE_DIR, 'node_modules'));
const removeWorktree = () => {
  if (madeWorktree) git('worktree', 'remove', '--force', BEFORE_DIR);
};

// ---- files: the photo, the bombs, the big PNGs -----------------------------------------------
const files = new Map<string, Buffer>();
const server = http.createServer((req, res) => {
  const body = files.get((req.url ?? '').split('?')[0]!.slice(1));
  res.statusCode = body ? 200 : 404;
  res.end(body ?? 'not found');
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const put = (name: string, bytes: Buffer | Uint8Array) => {
  files.set(name, Buffer.from(bytes));
  return `${base}/${name}`;
};

const photo = put('astronaut.png', fs.readFileSync(path.join(ROOT, 'resources/demo-images/astronaut.png')));
const probeBomb = matmulBomb();
const pictureBomb = matmulBomb({ fill: 'input' });
const probeBombUrl = put('bomb-probe.onnx', probeBomb);
const pictureBombUrl = put('bomb-picture.onnx', pictureBomb);
const bigPng = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: { r: 200, g: 30, b: 90 } } })
  .png({ compressionLevel: 9 })
  .toBuffer();

// ---- a service process -----------------------------------------------------------------------
interface Service {
  url: string;
  pid: number;
  child: ChildProcess;
  tenants: boolean;
}

async function startService(root: string, tenants: boolean): Promise<Service> {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  // its own process group: stopping it takes its team model processes along
  const child = spawn(process.execPath, ['--import', tsx, path.join(root, 'src-ai/main.ts')], { cwd: root, env: { ...process.env, AI_SERVICE_KEY: KEY, AI_PORT: '0' }, stdio: ['ignore', 'pipe', 'ignore'], detached: true });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening at (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the service in ${root} exited with ${code}`)));
  });
  return { url, pid: child.pid!, child, tenants };
}

async function stopService(s: Service) {
  // SIGKILL to the service's process group (the service and its team model processes): the old
  // service cannot stop a bomb's native run, so its close would wait for it
  const running = s.child.exitCode === null && s.child.signalCode === null;
  const exited = running ? new Promise((r) => s.child.once('exit', r)) : Promise.resolve();
  try {
    process.kill(-s.pid, 'SIGKILL');
  } catch {
    // the group is gone already
  }
  await exited;
}

async function infer(s: Service, body: InferRequest & { tenant?: string }): Promise<{ status: number; ms: number; code?: string; message?: string }> {
  const { tenant, ...rest } = body;
  const t = performance.now();
  const res = await fetch(`${s.url}/v1/infer`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-ai-service-key': KEY }, body: JSON.stringify(s.tenants && tenant ? { ...rest, tenant } : rest) });
  const json = (await res.json()) as { code?: string; message?: string };
  return { status: res.status, ms: performance.now() - t, code: json.code, message: json.message };
}

const detect = (s: Service) => infer(s, { model: { kind: 'detector', runtime: 'builtin', name: 'detector' }, image: { url: photo, cacheKey: 'astronaut' }, tenant: 'team:B' });

async function detectRun(s: Service): Promise<{ p50: number; p95: number }> {
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await detect(s);
    if (r.status !== 200) throw new Error(`Detect answered ${r.status} ${r.code}: ${r.message}`);
    ms.push(r.ms);
  }
  const p = percentiles(ms);
  return { p50: p.p50, p95: p.p95 };
}

interface BombLoop {
  stop(): Promise<{ calls: number; answers: Map<string, number> }>;
}

/** Team A calls its bomb again and again, a new version each call (so each one loads and runs). */
function bombLoop(s: Service, url: string): BombLoop {
  let running = true;
  let calls = 0;
  const answers = new Map<string, number>();
  const loop = (async () => {
    while (running) {
      const model: ModelRef = { kind: 'detector', runtime: 'onnx-yolo', name: 'bomb', version: `v${calls}`, artifactUrl: url, classes: ['x'] };
      const r = await infer(s, { model, image: { url: photo, cacheKey: 'astronaut' }, tenant: 'team:A' }).catch(() => ({ status: 0, code: 'network' }));
      calls++;
      const what = r.status === 200 ? '200' : `${r.status} ${r.code}`;
      answers.set(what, (answers.get(what) ?? 0) + 1);
    }
  })();
  return {
    stop: async () => {
      running = false;
      // the old service may be in the middle of a bomb run: the call answers when it is through
      await loop;
      return { calls, answers };
    },
  };
}

function status(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m![1]) * 1024;
}

async function warmPeak(s: Service, tag: string): Promise<{ before: number; peak: number }> {
  fs.writeFileSync(`/proc/${s.pid}/clear_refs`, '5');
  const before = status(s.pid, 'VmRSS');
  const images = [0, 1, 2, 3].map((i) => ({ url: put(`big-${tag}-${i}.png`, bigPng), cacheKey: `big-${tag}-${i}` }));
  await Promise.all(
    images.map((image) =>
      fetch(`${s.url}/v1/images/warm`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-ai-service-key': KEY }, body: JSON.stringify({ images: [image] }) }).then((r) => r.arrayBuffer()),
    ),
  );
  // a tracker call without frames answers once its image is decoded
  const done = await Promise.all(images.map((image) => infer(s, { model: { kind: 'tracker', runtime: 'builtin', name: 'tracker' }, image, prompt: { objects: [] } })));
  if (done.some((d) => d.status !== 200)) throw new Error(`a warm-up failed: ${JSON.stringify(done)}`);
  return { before, peak: status(s.pid, 'VmHWM') };
}

interface Result {
  quiet: { p50: number; p95: number };
  probe: { p50: number; p95: number; calls: number; answers: Map<string, number> };
  picture: { p50: number; p95: number; calls: number; answers: Map<string, number> };
  rss: { before: number; peak: number };
}

async function measure(root: string, tenants: boolean, tag: string): Promise<Result> {
  const s = await startService(root, tenants);
  try {
    // the models loaded, the photo cached
    for (let i = 0; i < 3; i++) await detect(s);
    const quiet = await detectRun(s);
    const phase = async (url: string) => {
      const loop = bombLoop(s, url);
      const d = await detectRun(s);
      return { ...d, ...(await loop.stop()) };
    };
    const probe = await phase(probeBombUrl);
    const picture = await phase(pictureBombUrl);
    await stopService(s);
    // memory in a fresh process, so the bombs' runs are not in its peak
    const m = await startService(root, tenants);
    try {
      for (let i = 0; i < 2; i++) await detect(m);
      return { quiet, probe, picture, rss: await warmPeak(m, tag) };
    } finally {
      await stopService(m);
    }
  } finally {
    await stopService(s);
  }
}

/** CPU ms per run in a team process: the YOLOv8n-sized model at 640 and the bomb (limit lifted). */
async function calibrate() {
  const ai = await startModelService({ key: KEY, warm: false, teamModels: { runLimitMs: 600_000, loadLimitMs: 600_000 } });
  const call = (body: InferRequest) =>
    fetch(`${ai.url}/v1/infer`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-ai-service-key': KEY }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: (await r.json()) as unknown }));
  const yolo: ModelRef = { kind: 'detector', runtime: 'onnx-yolo', name: 'yolov8n-sized', version: '1', artifactUrl: put('yolo-sized.onnx', yoloSizedModel()), classes: Array.from({ length: 80 }, (_, i) => `c${i}`) };
  const image = { url: photo, cacheKey: 'astronaut' };
  for (let i = 0; i < 3; i++) await call({ model: yolo, image, tenant: 'team:C' } as InferRequest);
  const from = ai.parts.teams.stats().recent.length;
  for (let i = 0; i < RUNS; i++) await call({ model: yolo, image, tenant: 'team:C' } as InferRequest);
  const yoloCpu = ai.parts.teams
    .stats()
    .recent.slice(from)
    .filter((r) => r.op === 'detect')
    .map((r) => r.cpuMs ?? NaN);
  const bomb: ModelRef = { kind: 'detector', runtime: 'onnx-yolo', name: 'bomb', version: '1', artifactUrl: pictureBombUrl, classes: ['x'] };
  const r = await call({ model: bomb, image, tenant: 'team:A' } as InferRequest);
  const bombTasks = ai.parts.teams.stats().recent.filter((t) => t.tenant === 'team:A');
  await ai.close();
  return { yolo: percentiles(yoloCpu), bombStatus: r.status, bombTasks };
}

try {
  const before = await measure(BEFORE_DIR, false, 'before');
  const after = await measure(ROOT, true, 'after');
  const cal = await calibrate();

  const ms = (v: number) => `${Math.round(v).toLocaleString('en')}`;
  const mb = (v: number) => `${Math.round(v / 1024 / 1024).toLocaleString('en')} MiB`;
  const answers = (m: Map<string, number>) => [...m].map(([k, n]) => `${n} x ${k}`).join(', ');
  console.log(`\n## Team isolation and decode bounds (issue 30), ${started.toISOString()}\n`);
  console.log(`\`tsx bench/ai-team-isolation.ts\`, BENCH_RUNS=${RUNS}; before = ${BEFORE_COMMIT}, after = ${git('rev-parse', '--short', 'HEAD').trim()} (+ working tree)\n`);
  console.log('| measure | before | after |');
  console.log('|---|---:|---:|');
  console.log(`| team B Detect p50 / p95 ms, nothing else running | ${ms(before.quiet.p50)} / ${ms(before.quiet.p95)} | ${ms(after.quiet.p50)} / ${ms(after.quiet.p95)} |`);
  console.log(`| team B Detect p50 / p95 ms, team A calling the probe bomb (${probeBomb.length} B) | ${ms(before.probe.p50)} / ${ms(before.probe.p95)} | ${ms(after.probe.p50)} / ${ms(after.probe.p95)} |`);
  console.log(`| team B Detect p50 / p95 ms, team A calling the picture-sized bomb (${pictureBomb.length} B) | ${ms(before.picture.p50)} / ${ms(before.picture.p95)} | ${ms(after.picture.p50)} / ${ms(after.picture.p95)} |`);
  console.log(`| p95 with the probe bomb / p95 quiet | ${(before.probe.p95 / before.quiet.p95).toFixed(1)}x | ${(after.probe.p95 / after.quiet.p95).toFixed(1)}x |`);
  console.log(`| p95 with the picture-sized bomb / p95 quiet | ${(before.picture.p95 / before.quiet.p95).toFixed(1)}x | ${(after.picture.p95 / after.quiet.p95).toFixed(1)}x |`);
  console.log(`| team A's probe-bomb calls meanwhile | ${answers(before.probe.answers)} | ${answers(after.probe.answers)} |`);
  console.log(`| team A's picture-sized bomb calls meanwhile | ${answers(before.picture.answers)} | ${answers(after.picture.answers)} |`);
  console.log(`| service RSS before the warm-ups | ${mb(before.rss.before)} | ${mb(after.rss.before)} |`);
  console.log(`| peak RSS, 4 parallel warm-ups of 10,000 x 10,000 PNGs (${Math.round(bigPng.length / 1000)} KB each) | ${mb(before.rss.peak)} | ${mb(after.rss.peak)} |`);
  console.log(`| growth | ${mb(before.rss.peak - before.rss.before)} | ${mb(after.rss.peak - after.rss.before)} |`);
  console.log('\nTime limit calibration (after; CPU time of the team process per task, /proc):\n');
  console.log(`- YOLOv8n-sized (4.3 G multiply-adds, 640 x 640, 84 x 8400 out) one run: p50 ${ms(cal.yolo.p50)} ms, p95 ${ms(cal.yolo.p95)} ms CPU (${RUNS} runs)`);
  console.log(`- picture-sized bomb (30 MatMuls of 2048 x 2048), limit lifted: ${cal.bombTasks.map((t) => `${t.op} ${ms(t.cpuMs ?? NaN)} ms CPU / ${ms(t.wallMs)} ms wall`).join('; ')} (answer ${cal.bombStatus})`);
} finally {
  server.close();
  removeWorktree();
}
