/**
 * Issue 30's figures for the team server's AI side, the old code and the new side by side in one
 * run (docs/BENCHMARKS.md, "Security, second probe").
 *
 * 1. Forged callbacks: while three clients each send 31 MiB callbacks with a made-up bearer token
 *    to POST /core/ai/notify/predict, one after another without pause, a fourth asks
 *    GET /core/user/info every 10 ms: its p50, p95 and longest wait, against the same with no
 *    forged callbacks.
 * 2. Dead services: six team services are registered while they answer, then stop answering
 *    (requests accepted, never answered). As soon as the server's next health round reaches them,
 *    a pre-annotation of the demo task is queued: the time until it leaves the queue.
 *
 * old = the code at BENCH_BEFORE_REF (default c7b5a34, the commit before the fix), checked out
 *       in a throwaway git worktree beside this one; new = this checkout. Each side is a team
 *       server process of its own (SQLite, local disk, the demo team seeded), both using one
 *       built-in model service of this checkout. Rounds alternate which side goes first.
 *
 * Usage: tsx bench/ai-server-isolation.ts   (BENCH_ROUNDS, default 2; BENCH_SECONDS per window, default 8)
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { checkoutBefore } from './lib/beforeCheckout';
import { percentiles } from './lib/stats';

const BEFORE_REF = process.env.BENCH_BEFORE_REF ?? 'c7b5a34';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const WINDOW_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const KEY = 'bench-ai-service-key-0123456789';
const MiB = 1024 * 1024;
const here = path.resolve(import.meta.dirname, '..');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(url: string, headers: Record<string, string> = {}, ms = 180_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const r = await fetch(url, { headers });
      if (r.status < 500) return;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not come up`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((r) => {
    child.once('exit', () => r());
    child.kill('SIGTERM');
  });
}

async function startModelService(port: number) {
  const child = spawn(path.join(here, 'node_modules/.bin/tsx'), ['src-ai/main.ts'], { cwd: here, env: { ...process.env, AI_SERVICE_KEY: KEY, AI_PORT: String(port) }, stdio: 'ignore' });
  await waitFor(`http://127.0.0.1:${port}/health`, { 'x-ai-service-key': KEY });
  return { url: `http://127.0.0.1:${port}`, stop: () => stopChild(child) };
}

interface Side {
  name: 'old' | 'new';
  base: string;
  token: string;
  projectId: number;
  taskId: number;
  stop(): Promise<void>;
}

/** A team server of the code at `root`, with the demo team, on `port`. */
async function startServer(name: Side['name'], root: string, port: number, ai: string, allowed: string): Promise<Side> {
  const dataDir = `/tmp/bench-ai-isolation-${name}`;
  fs.rmSync(dataDir, { recursive: true, force: true });
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_ENDPOINT: '', LOG_LEVEL: 'silent', DEMO_LANGUAGE: 'en-US' };
  execFileSync(path.join(root, 'node_modules/.bin/tsx'), ['scripts/seed-demo.ts'], { cwd: root, env, stdio: 'ignore' });
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['src-server/server.ts'], {
    cwd: root,
    env: { ...env, HOST: '127.0.0.1', PORT: String(port), AI_SERVICE_URL: ai, AI_SERVICE_KEY: KEY, AI_SERVICE_ALLOWED_HOSTS: allowed },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}/core`;
  await waitFor(`${base}/user/info`);
  const login = (await (await fetch(`${base}/user/login/mobile`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile: '13800000001', password: 'demo12345' }) })).json()) as { data: { tokenValue: string } };
  const db = new BetterSqlite3(path.join(dataDir, 'annot.db'), { readonly: true });
  const projectId = (db.prepare('SELECT id FROM projects ORDER BY id LIMIT 1').get() as { id: number }).id;
  const taskId = (db.prepare('SELECT id FROM tasks WHERE project_id = ? ORDER BY id LIMIT 1').get(projectId) as { id: number }).id;
  db.close();
  return { name, base, token: login.data.tokenValue, projectId, taskId, stop: () => stopChild(child) };
}

/** GET /user/info every 10 ms for `ms`: the latencies. */
async function pings(side: Side, ms: number): Promise<number[]> {
  const out: number[] = [];
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const t = performance.now();
    await fetch(`${side.base}/user/info`, { headers: { 'x-annot-token': side.token } }).then((r) => r.arrayBuffer());
    out.push(performance.now() - t);
    await sleep(Math.max(0, 10 - (performance.now() - t)));
  }
  return out;
}

/** A callback body of `bytes` that parses as a valid NotifyBody shape. */
function forgedBody(bytes: number): Buffer {
  const head = '{"jobId":"1.1","seq":1,"state":"running","done":0,"total":1,"results":[{"key":"k","predictions":[],"error":"';
  const tail = '"}]}';
  return Buffer.concat([Buffer.from(head), Buffer.alloc(bytes - head.length - tail.length, 0x61), Buffer.from(tail)]);
}

/** Sends forged callbacks one after another until `stop()`; counts the answers. */
function forger(side: Side, body: Buffer) {
  let running = true;
  let answered = 0;
  const url = new URL(`${side.base}/ai/notify/predict`);
  const once = () =>
    new Promise<void>((resolve) => {
      const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': body.byteLength, authorization: `Bearer ${'f'.repeat(64)}` } }, (res) => {
        answered++;
        res.resume();
        res.on('end', resolve);
        res.on('error', () => resolve());
      });
      req.on('error', () => resolve());
      req.end(body);
    });
  const done = (async () => {
    while (running) await once();
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return answered;
    },
  };
}

async function forgedCallbacks(side: Side, body: Buffer) {
  const figures = (xs: number[]) => ({ ...percentiles(xs), max: Math.max(...xs) });
  const quiet = figures(await pings(side, WINDOW_MS));
  const forgers = [forger(side, body), forger(side, body), forger(side, body)];
  const loaded = figures(await pings(side, WINDOW_MS));
  const sent = (await Promise.all(forgers.map((f) => f.stop()))).reduce((a, b) => a + b, 0);
  return { quiet, loaded, sent };
}

/** Team services that answer /health while `alive`, and then never answer anything. */
async function deadServices() {
  const state = { alive: true, open: 0, firstHealthAt: 0 };
  const server = http.createServer((req, res) => {
    req.resume();
    if (state.alive) {
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify({ ok: true, service: 'bench GPU box', version: '1', protocol: [1], runningJobs: 0, models: [{ name: 'yolo', kind: 'detector', runtime: 'external', tools: ['box'], classes: ['person'], description: 'a detector', trainable: false }] }));
    }
    state.open++;
    if (!state.firstHealthAt) state.firstHealthAt = performance.now();
    res.on('close', () => state.open--);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    state,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

async function call(side: Side, method: string, route: string, body?: unknown) {
  const r = await fetch(`${side.base}${route}`, { method, headers: { 'x-annot-token': side.token, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
  return (await r.json()) as { code: number; msg: string; data: { jobId: number; state: string; list: { jobId: number; state: string }[] } };
}

async function jobStartAfterDeadHealth(side: Side, dead: Awaited<ReturnType<typeof deadServices>>) {
  dead.state.alive = true;
  dead.state.firstHealthAt = 0;
  for (let i = 0; i < 6; i++) {
    const r = await call(side, 'POST', '/ai/serve', { projectId: side.projectId, runtime: 'external', name: `GPU box ${i}`, serviceUrl: `http://127.0.0.1:${dead.port}/svc${i}`, serviceKey: 'bench-team-key-1', modelName: 'yolo' });
    if (r.code !== 200) throw new Error(`${side.name}: registering a service failed: ${r.msg}`);
  }
  dead.state.alive = false;
  // The next health round (every 30 s) reaches the dead services.
  const until = performance.now() + 45_000;
  while (!dead.state.firstHealthAt && performance.now() < until) await sleep(5);
  if (!dead.state.firstHealthAt) throw new Error(`${side.name}: no health round within 45 s`);
  const queuedAt = performance.now();
  const started = await call(side, 'POST', '/ai/model/task', { projectId: side.projectId, taskId: side.taskId });
  if (started.code !== 200) throw new Error(`${side.name}: pre-annotation refused: ${started.msg}`);
  for (;;) {
    const list = await call(side, 'GET', `/ai/apply/list?projectId=${side.projectId}&pageSize=5`);
    const job = list.data.list.find((j) => j.jobId === started.data.jobId);
    if (job && job.state !== 'queued') return performance.now() - queuedAt;
    if (performance.now() - queuedAt > 120_000) throw new Error(`${side.name}: the job stayed queued for 2 minutes`);
    await sleep(10);
  }
}

const before = checkoutBefore(BEFORE_REF);
const ai = await startModelService(7491);
const dead = await deadServices();
const body = forgedBody(31 * MiB);
const rows: string[] = [];
const started = new Date().toISOString();
try {
  for (let round = 0; round < ROUNDS; round++) {
    const order: [Side['name'], string][] = round % 2 === 0 ? [['old', before.root], ['new', here]] : [['new', here], ['old', before.root]];
    for (const [name, root] of order) {
      const side = await startServer(name, root, name === 'old' ? 8691 : 8692, ai.url, `127.0.0.1:${dead.port}`);
      try {
        const f = await forgedCallbacks(side, body);
        const wait = await jobStartAfterDeadHealth(side, dead);
        const line = `| ${round + 1} | ${name} | ${f.quiet.p50.toFixed(1)} / ${f.quiet.p95.toFixed(1)} | ${f.loaded.p50.toFixed(1)} / ${f.loaded.p95.toFixed(1)} / ${f.loaded.max.toFixed(0)} | ${f.sent} | ${(wait / 1000).toFixed(2)} |`;
        rows.push(line);
        console.log(line);
      } finally {
        await side.stop();
      }
    }
  }
} finally {
  await dead.close();
  await ai.stop();
  before.remove();
}
console.log(`\nrun ${started} .. ${new Date().toISOString()}, ${ROUNDS} rounds, ${WINDOW_MS / 1000} s windows, old = ${BEFORE_REF}`);
console.log('| round | code | GET /user/info alone, p50 / p95 ms | with 3 forgers of 31 MiB, p50 / p95 / max ms | forged callbacks answered | queued job started after, s |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
