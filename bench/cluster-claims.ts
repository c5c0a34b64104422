/**
 * Issue 34: claims and submits a second with 1, 2 and 3 team server processes behind HAProxy on
 * one PostgreSQL (scripts/lib/cluster.ts), and one process of three killed under 50 annotators.
 *
 * One fresh database and one task of SIZE one-frame items (bench/lib/claimSeed.ts), 50 annotators
 * with sessions. For each count of processes, a cluster is started, the 50 clients (a worker
 * thread, bench/lib/annotatorClients.ts) claim and submit back to back through the balancer, and
 * the rate is claims (each with its submit) a second; the same with one process and no balancer
 * is the reference. Then three processes with the 50 at work (a pause of 0.2 to 0.6 s between
 * claim and submit), one process SIGKILLed a third of the way in: requests that failed, and in
 * the database, items claimed by two people, and claims logged beyond those a client was told of
 * (a claim the killed process made but never answered; its holder is given it again on their next claim).
 *
 * On 2 cores the database, the processes, HAProxy and the clients share the CPU: read the ratios.
 * Usage: tsx bench/cluster-claims.ts   (PostgreSQL from .run/pg.env; BENCH_SIZE default 30000,
 * BENCH_ROUNDS claims per client and run, default 20)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { sql } from 'kysely';
import { buildApp } from '../src-server/app';
import { loadConfig } from '../src-server/config';
import { startCluster } from '../scripts/lib/cluster';
import { freshDatabase } from '../tests/support/databases';
import { requireSystemEnv } from '../tests/support/runEnv';
import { runClients, type ClientsResult } from './lib/annotatorClients';
import { seedClaimTask } from './lib/claimSeed';
import { fmt, percentiles } from './lib/stats';

const SIZE = Number(process.env.BENCH_SIZE ?? 30_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const CLIENTS = 50;
const TICK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
function cpuOf(pid: number): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(f[11]) + Number(f[12])) / TICK;
  } catch {
    return 0;
  }
}
/** Every PostgreSQL server process on the machine (the bench's database is the only one busy). */
const postgresPids = () => fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d) && (() => { try { return fs.readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres'; } catch { return false; } })()).map(Number);

async function main() {
  process.env.TEST_DATABASE_URL ??= requireSystemEnv('pg', ['TEST_DATABASE_URL']).TEST_DATABASE_URL;
  const db = await freshDatabase('postgres');
  const app = await buildApp({ config: { ...loadConfig({ DATA_DIR: db.dataDir, LOG_LEVEL: 'silent', AI_SERVICE_URL: '' }), databaseUrl: db.databaseUrl } });
  try {
    const w = await seedClaimTask(app.ctx.db, SIZE, CLIENTS, app.ctx.now(), (id) => app.ctx.repos.sessions.open(id, app.ctx.now()));
    const job = { tokens: w.workers.map((x) => x.token), claimBody: { projectId: w.projectId, taskId: w.taskId, workflowId: w.workflowId }, rounds: ROUNDS };
    const rows: { name: string; perSecond: number; r: ClientsResult; cpu: { servers: number; balancer: number; database: number; clients: number } }[] = [];
    const measure = async (name: string, address: string, pids: { servers: number[]; balancer: number | null }) => {
      await runClients({ ...job, address, rounds: 2, pauseMs: [0, 0], stagger: false });
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      const pg = postgresPids();
      const take = () => ({ servers: sum(pids.servers.map(cpuOf)), balancer: pids.balancer ? cpuOf(pids.balancer) : 0, database: sum(pg.map(cpuOf)), clients: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6 });
      const t0 = take();
      const r = await runClients({ ...job, address, pauseMs: [0, 0], stagger: false });
      const t1 = take();
      // CPU ms per claim (with its submit), by part
      const per = (k: keyof typeof t0) => ((t1[k] - t0[k]) * 1000) / r.claim.length;
      rows.push({ name, perSecond: r.claim.length / (r.elapsedMs / 1000), r, cpu: { servers: per('servers'), balancer: per('balancer'), database: per('database'), clients: per('clients') } });
      console.error(`${name}: ${rows.at(-1)!.perSecond.toFixed(0)} claims/s`);
    };
    const clusterOf = (processes: number) => startCluster({ processes, databaseUrl: db.databaseUrl!, s3: {}, env: { AI_SERVICE_URL: '' } });

    // The reference: one process, no balancer.
    {
      const one = await clusterOf(1);
      try {
        const servers = one.processes.map((p) => p.child.pid!);
        await measure('1 process, no balancer', `http://127.0.0.1:${one.processes[0]!.port}`, { servers, balancer: null });
        await measure('1 process behind HAProxy', one.url, { servers, balancer: one.balancerPid });
      } finally {
        await one.stop();
      }
    }
    for (const n of [2, 3]) {
      const c = await clusterOf(n);
      try {
        await measure(`${n} processes behind HAProxy`, c.url, { servers: c.processes.map((p) => p.child.pid!), balancer: c.balancerPid });
      } finally {
        await c.stop();
      }
    }

    // Three processes, the 50 at work, one killed a third of the way in.
    const c = await clusterOf(3);
    let kill: { failed: number; claims: number; told: number[]; doubles: number; untold: number; elapsed: number; beforeKill: number; untilNoticed: number; afterNoticed: number; noticeMs: number };
    try {
      const killRounds = 12;
      const victim = c.processes[1]!;
      // When the kill came, and when the balancer's check took the process out (polled every 50 ms).
      let killedAt = 0;
      let noticedAt = 0;
      const watched = new Promise<void>((resolve) => {
        setTimeout(async () => {
          victim.child.kill('SIGKILL');
          killedAt = Date.now();
          while ((await c.serversUp()).includes(`s${victim.index}`)) await new Promise((r) => setTimeout(r, 50));
          noticedAt = Date.now();
          resolve();
        }, 0.3 * killRounds * 400);
      });
      const r = await runClients({ ...job, address: c.url, rounds: killRounds, pauseMs: [200, 600], stagger: false, keepGoing: true });
      await watched;
      const sent = r.failedSentAt ?? [];
      const doubles = await sql<{ n: number }>`
        select count(*)::int as n from (
          select task_subject_id from task_subject_logs where task_id = ${w.taskId} and action = 'claim'
          group by task_subject_id having count(distinct user_id) > 1) as twice`.execute(app.ctx.db);
      // Claims made and never answered stay with their holder until they claim again; at the run's end, those still held unsubmitted.
      const held = await app.ctx.db.selectFrom('task_subjects').select((eb) => eb.fn.countAll<number>().as('n')).where('task_id', '=', w.taskId).where('state', 'in', ['claimed', 'inProgress']).executeTakeFirstOrThrow();
      kill = {
        failed: r.failed ?? 0,
        claims: r.claim.length,
        told: r.told,
        doubles: Number(doubles.rows[0]!.n),
        untold: Number(held.n),
        elapsed: r.elapsedMs,
        beforeKill: sent.filter((t) => t < killedAt).length,
        untilNoticed: sent.filter((t) => t >= killedAt && t < noticedAt).length,
        afterNoticed: sent.filter((t) => t >= noticedAt).length,
        noticeMs: noticedAt - killedAt,
      };
    } finally {
      await c.stop();
    }

    const load = os.loadavg().map((x) => x.toFixed(1)).join(' / ');
    console.log(`Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')}, a task of ${SIZE.toLocaleString('en-US')} items, ${CLIENTS} clients x ${ROUNDS} claims back to back, load average ${load} at the end:\n`);
    console.log('| processes | claims/s (each with its submit) | ratio to 1 behind HAProxy | claim p50 / p95 ms | submit p50 / p95 ms | CPU ms a claim: servers / database / HAProxy / clients |');
    console.log('|---|---|---|---|---|---|');
    const base = rows.find((x) => x.name === '1 process behind HAProxy')!.perSecond;
    for (const x of rows) {
      const cl = percentiles(x.r.claim);
      const su = percentiles(x.r.submit);
      console.log(`| ${x.name} | ${x.perSecond.toFixed(0)} | ${(x.perSecond / base).toFixed(2)} | ${fmt(cl.p50)} / ${fmt(cl.p95)} | ${fmt(su.p50)} / ${fmt(su.p95)} | ${[x.cpu.servers, x.cpu.database, x.cpu.balancer, x.cpu.clients].map((v) => v.toFixed(2)).join(' / ')} |`);
    }
    console.log(`\nOne of three processes SIGKILLed under ${CLIENTS} annotators at work (12 claims each, 0.2 to 0.6 s between claim and submit): ${kill.claims} claims answered in ${(kill.elapsed / 1000).toFixed(1)} s; requests failed: ${kill.failed} (sent before the kill, so under way in the killed process: ${kill.beforeKill}; sent between the kill and the balancer taking the process out ${kill.noticeMs} ms later: ${kill.untilNoticed}; sent after: ${kill.afterNoticed}); items claimed by two people: ${kill.doubles}; items left held and unsubmitted at the end (a claim whose answer was lost, or a submit that failed): ${kill.untold}.`);
  } finally {
    await app.close();
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
