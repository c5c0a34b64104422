/**
 * Log store throughput: records written through the real logs service (checks and stamping on
 * the main thread, batches posted to the log worker, SQLite in the worker) as fast as the
 * pipeline takes them for BENCH_SECONDS (default 5), with the main thread's event-loop delay
 * (monitorEventLoopDelay, 1 ms resolution) and utilization measured meanwhile. Then, in the
 * same run and with the same rows, the practical limits on the main thread, each in one
 * transaction into a fresh file with the same schema: the worker's own SQL (LogStore.append,
 * 100-row INSERTs) and raw better-sqlite3 with one prepared single-row INSERT per record.
 * Usage: tsx bench/logstore.ts   (BENCH_SECONDS; BENCH_CHUNK: records per logs.write call,
 * default 500; BENCH_CALLS_PER_TURN: calls per turn of the event loop, default 1)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import type { LogRecordInput } from '../src-shared/ipc';
import { workstationConfigFromEnv } from '../src-main/config';
import { EventBus } from '../src-main/services/events';
import { createLogsService } from '../src-main/services/logstore';
import { LogStore } from '../src-main/services/logstore/logStore';
import { migrateLogDb } from '../src-main/services/logstore/migrations';
import { acceptRecords, userExtra } from '../src-main/services/logstore/recordInput';
import { toWriteBatch } from '../src-main/services/logstore/writeQueue';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CHUNK = Number(process.env.BENCH_CHUNK ?? 500);
const CALLS_PER_TURN = Number(process.env.BENCH_CALLS_PER_TURN ?? 1);
/** accepted but not yet stored; above this the producer waits for the writer (backpressure) */
const MAX_AHEAD = Number(process.env.BENCH_MAX_AHEAD ?? 100_000);
const USER = { id: 7, name: 'Bench User', mobile: '13800000007', projectId: 3 };

const ms = (ns: number) => (ns / 1e6).toFixed(2);
const int = (n: number) => Math.round(n).toLocaleString('en-US');

/** What a busy annotation session logs: mostly info and debug, some warnings, task and subject on most. */
function sampleRecords(n: number): LogRecordInput[] {
  const verbs = ['opened subject', 'saved annotation', 'claimed next', 'loaded frame', 'drew box', 'changed label', 'submitted'];
  return Array.from({ length: n }, (_, i) => {
    const level = (i % 10 === 0 ? 2 : i % 3 === 0 ? 0 : 1) as LogRecordInput['level'];
    const message = `${verbs[i % verbs.length]} ${1000 + i} in ${(i * 7) % 997} ms, 12 boxes, 3 labels changed, cache hit ${i % 2 === 0}`;
    return i % 4 === 0 ? { level, message } : { level, message, extra: { taskId: 40 + (i % 5), subjectId: 900_000 + i, workflowType: 'annotate' } };
  });
}

interface Loop {
  p50: number;
  p99: number;
  p999: number;
  max: number;
  /** share of wall time the main thread was busy */
  busy: number | null;
}

const loopOf = (h: ReturnType<typeof monitorEventLoopDelay>, busy: number | null): Loop => ({ p50: h.percentile(50), p99: h.percentile(99), p999: h.percentile(99.9), max: h.max, busy });

/** The main loop's delay while it does nothing, alone or with one other thread spinning (a core taken, as the log worker takes one). */
async function idleLoop(spin: boolean): Promise<Loop> {
  const spinner = spin ? new Worker('const end = Date.now() + 1500; while (Date.now() < end) {}', { eval: true }) : null;
  await new Promise((r) => setTimeout(r, 200));
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  await new Promise((r) => setTimeout(r, 1000));
  h.disable();
  await spinner?.terminate();
  return loopOf(h, null);
}

/** The first seconds of writing, when V8 is still compiling the hot paths, are reported apart as well. */
const WARM_UP_MS = 2000;

async function throughService(dir: string): Promise<{ written: number; seconds: number; acceptSeconds: number; loop: Loop; warm: Loop }> {
  const events = new EventBus();
  const svc = createLogsService(workstationConfigFromEnv('node', 'bench', { WORKSTATION_DATA_DIR: dir }), events, { currentUser: () => USER });
  let stored = 0;
  let wake: (() => void) | null = null;
  events.on('logs.appended', ({ count }) => {
    stored += count;
    wake?.();
  });
  await svc.handlers['logs.status']({}); // the worker is up
  const chunk = sampleRecords(CHUNK);

  const h = monitorEventLoopDelay({ resolution: 1 });
  const warm = monitorEventLoopDelay({ resolution: 1 });
  const elu0 = performance.eventLoopUtilization();
  let eluWarm: ReturnType<typeof performance.eventLoopUtilization> | null = null;
  h.enable();
  let accepted = 0;
  const t0 = performance.now();
  const until = t0 + SECONDS * 1000;
  while (performance.now() < until) {
    if (!eluWarm && performance.now() - t0 >= WARM_UP_MS) {
      warm.enable();
      eluWarm = performance.eventLoopUtilization();
    }
    if (accepted - stored > MAX_AHEAD) {
      await new Promise<void>((r) => (wake = r));
      wake = null;
      continue;
    }
    for (let i = 0; i < CALLS_PER_TURN; i++) accepted += (await svc.handlers['logs.write']({ records: chunk })).written;
    await new Promise((r) => setImmediate(r));
  }
  const tAccepted = performance.now();
  while (stored < accepted) await new Promise<void>((r) => (wake = r));
  const tStored = performance.now();
  h.disable();
  warm.disable();
  const elu = performance.eventLoopUtilization(elu0).utilization;
  const warmElu = eluWarm ? performance.eventLoopUtilization(eluWarm).utilization : null;
  await svc.close();
  return { written: stored, seconds: (tStored - t0) / 1000, acceptSeconds: (tAccepted - t0) / 1000, loop: loopOf(h, elu), warm: loopOf(warm, warmElu) };
}

/** The worker's SQL (LogStore.append: 100-row INSERTs), in one transaction, on this thread. */
function storeAppend(dir: string, n: number): number {
  const store = new LogStore(path.join(dir, 'append.db'));
  const batch = toWriteBatch(acceptRecords({ records: sampleRecords(CHUNK) }, Date.now(), userExtra(USER)));
  const batches = Array.from({ length: Math.ceil(n / CHUNK) }, () => batch);
  const t0 = performance.now();
  const written = store.append(batches);
  const seconds = (performance.now() - t0) / 1000;
  store.close();
  return written / seconds;
}

/** Raw better-sqlite3: one prepared single-row INSERT per record, one transaction, this thread. */
function rawInserts(dir: string, n: number): number {
  const db = new BetterSqlite3(path.join(dir, 'raw.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  migrateLogDb(db);
  const rows = sampleRecords(CHUNK).map((r) => [r.level, r.message, JSON.stringify({ ...userExtra(USER), ...r.extra })] as const);
  const insert = db.prepare('INSERT INTO logs (level, message, at, extra) VALUES (?, ?, ?, ?)');
  const now = Date.now();
  const t0 = performance.now();
  db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const r = rows[i % rows.length]!;
      insert.run(r[0], r[1], now, r[2]);
    }
  })();
  const seconds = (performance.now() - t0) / 1000;
  db.close();
  return n / seconds;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-logstore-'));
  try {
    const idle = await idleLoop(false);
    const idleSpin = await idleLoop(true);
    const svc = await throughService(dir);
    const appendRate = storeAppend(dir, svc.written);
    const rawRate = rawInserts(dir, svc.written);
    const svcRate = svc.written / svc.seconds;
    const loopCells = (l: Loop) => `${ms(l.p50)} | ${ms(l.p99)} | ${ms(l.p999)} | ${ms(l.max)} | ${l.busy === null ? '-' : `${(l.busy * 100).toFixed(0)}%`}`;
    console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}, ${os.cpus().length} cores; ${CHUNK} records per call, ${CALLS_PER_TURN} call(s) per turn\n`);
    console.log('| path | records | records/s | / raw | loop delay p50 ms | p99 ms | p99.9 ms | max ms | main thread busy |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    console.log(`| main event loop idle (1 s, nothing else running) | - | - | - | ${loopCells(idle)} |`);
    console.log(`| main event loop idle (1 s) while another thread spins on a core | - | - | - | ${loopCells(idleSpin)} |`);
    console.log(`| logs.write -> log worker -> SQLite, sustained (${svc.seconds.toFixed(2)} s until the last record was stored) | ${int(svc.written)} | ${int(svcRate)} | ${(svcRate / rawRate).toFixed(2)}x | ${loopCells(svc.loop)} |`);
    console.log(`| the same, from ${WARM_UP_MS / 1000} s after the first write to the end (V8 warmed up) | | | | ${loopCells(svc.warm)} |`);
    console.log(`| LogStore.append (the worker's SQL, 100-row INSERTs), one transaction, main thread | ${int(svc.written)} | ${int(appendRate)} | ${(appendRate / rawRate).toFixed(2)}x | blocked throughout | | | | 100% |`);
    console.log(`| raw better-sqlite3, single-row INSERT, one transaction, main thread (baseline) | ${int(svc.written)} | ${int(rawRate)} | 1.00x | blocked throughout | | | | 100% |`);
    console.log(`\naccepted for ${svc.acceptSeconds.toFixed(2)} s; all stored ${(svc.seconds - svc.acceptSeconds).toFixed(2)} s later`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
