/**
 * Issue 34: an event published on one server process reaching a socket on another, against the
 * same event reaching a socket on the process that published it, in one run.
 *
 * Process A is the team server in this process (a fresh PostgreSQL database of its own), process
 * B the team server started as its own process (`tsx src-server/server.ts`) on the same database.
 * One user's socket on each joins the same project room; A publishes EVENTS events one after the
 * other (the next once both sockets have the last), and each arrival is timed from the publish
 * call in this process. A's socket hears it straight from A; B's after A's NOTIFY, B's LISTEN
 * connection and B's socket.io (src-server/realtime/pgFanout.ts).
 *
 * Usage: tsx bench/realtime-processes.ts   (PostgreSQL from TEST_DATABASE_URL or .run/pg.env;
 * BENCH_EVENTS, default 300)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REALTIME, room, type RealtimeMessage } from '../src-shared/api/realtime';
import { waitFor } from '../scripts/lib/cluster';
import { joinRoom, openSocket } from '../tests/support/realtimeSocket';
import { requireSystemEnv } from '../tests/support/runEnv';
import { startTestServer } from '../tests/support/testServer';
import { buildWorld } from '../tests/support/world';
import { fmt, percentiles } from './lib/stats';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 300);
const PORT_B = Number(process.env.BENCH_PORT_B ?? 8793);

async function main() {
  process.env.TEST_DATABASE_URL ??= requireSystemEnv('pg', ['TEST_DATABASE_URL']).TEST_DATABASE_URL;
  const a = await startTestServer('postgres');
  const urlA = await a.app.listen({ host: '127.0.0.1', port: 0 });
  const dirB = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-process-b-'));
  const b = spawn('node_modules/.bin/tsx', ['src-server/server.ts'], {
    env: { ...process.env, DATABASE_URL: a.db.databaseUrl!, PORT: String(PORT_B), HOST: '127.0.0.1', DATA_DIR: dirB, LOG_LEVEL: 'warn', S3_ENDPOINT: '', AI_SERVICE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const urlB = `http://127.0.0.1:${PORT_B}`;
    // ready: its database and its LISTEN connection up
    await waitFor(`${urlB}/core/ready`, (status) => status === 200, 120_000);
    const w = await buildWorld(a.app.ctx);
    const project = room('project', w.projectP);
    const sockets = [await openSocket(urlA, w.users.reviewer.token), await openSocket(urlB, w.users.reviewer.token)];
    for (const s of sockets) {
      if (!(await joinRoom(s, project)).ok) throw new Error('could not join the room');
    }
    // Until B's LISTEN is up, an event would reach only A's socket: wait for one to reach both.
    const arrivals: Map<number, number>[] = [new Map(), new Map()];
    sockets.forEach((s, i) => s.on(REALTIME.event, (m: RealtimeMessage) => arrivals[i]!.set(m.seq, performance.now())));
    const both = async (seq: number, ms = 5000) => {
      const until = Date.now() + ms;
      while (!arrivals.every((x) => x.has(seq))) {
        if (Date.now() > until) return false;
        await new Promise((r) => setImmediate(r));
      }
      return true;
    };
    for (let tries = 0; ; tries++) {
      const m = await a.app.ctx.realtime.publish(project, 'project.changed', { projectId: w.projectP, change: 'updated' });
      if (await both(m.seq, 1000)) break;
      if (tries > 60) throw new Error('process B never heard process A');
    }
    const same: number[] = [];
    const other: number[] = [];
    for (let i = 0; i < EVENTS; i++) {
      const t0 = performance.now();
      const m = await a.app.ctx.realtime.publish(project, 'project.changed', { projectId: w.projectP, change: 'updated' });
      if (!(await both(m.seq))) throw new Error(`event ${m.seq} did not reach both sockets`);
      same.push(arrivals[0]!.get(m.seq)! - t0);
      other.push(arrivals[1]!.get(m.seq)! - t0);
    }
    sockets.forEach((s) => s.close());
    const row = (name: string, xs: number[]) => {
      const q = percentiles(xs);
      return `| ${name} | ${fmt(q.p50)} | ${fmt(q.p95)} | ${fmt(q.p99)} | ${fmt(Math.max(...xs))} |`;
    };
    console.log(`Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')}, ${EVENTS} events, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' / ')}:\n`);
    console.log('| from the publish on process A to the event at a socket on | p50 ms | p95 ms | p99 ms | max ms |');
    console.log('|---|---|---|---|---|');
    console.log(row('process A (the one that published)', same));
    console.log(row('process B (another process, through PostgreSQL)', other));
  } finally {
    b.kill('SIGTERM');
    await new Promise((r) => b.once('exit', r));
    await a.close();
    fs.rmSync(dirB, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
