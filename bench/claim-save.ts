/**
 * Claim-next, save and load of task subjects over real HTTP on PostgreSQL, for a task of
 * 10,000 and of 1,000,000 task subjects (each in a fresh database): 50 annotator clients at
 * once claiming next, annotating for 1 to 3 s and submitting, in a loop; then the same
 * back to back with no pause (saturation; checked afterwards in the database: no task subject
 * claimed twice); then one annotator saving a frame of 1,000 boxes and loading it; each next
 * to a bare `SELECT 1` through the same Kysely handle in the same run. The 50 clients run in a
 * worker thread (bench/lib/annotatorClients.ts), off the server's event loop.
 * Usage: tsx bench/claim-save.ts   (PostgreSQL from TEST_DATABASE_URL or .run/pg.env;
 * BENCH_N sets the save and load sample size, default 300; BENCH_CLAIMS the claims per client,
 * default 30; BENCH_SIZES the task sizes, default 10000,1000000)
 */
import { sql } from 'kysely';
import { startTestServer } from '../tests/support/testServer';
import { boxes } from '../tests/support/taskFixture';
import { fmt, percentiles, sample } from './lib/stats';
import { runClients } from './lib/annotatorClients';
import { seedClaimTask } from './lib/claimSeed';

const N = Number(process.env.BENCH_N ?? 300);
const CLAIMS = Number(process.env.BENCH_CLAIMS ?? 30);
const SIZES = (process.env.BENCH_SIZES ?? '10000,1000000').split(',').map(Number);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
/**
 * How long a client "annotates" between claim and submit, in ms (uniform). Real work on an item
 * takes from tens of seconds to minutes; 1 to 3 s keeps the run short and the load pessimistic.
 */
const THINK_MS = [1000, 3000] as const;

async function run(size: number) {
  const s = await startTestServer('postgres');
  const address = await s.app.listen({ host: '127.0.0.1', port: 0 });
  const { db } = s.app.ctx;
  try {
    const started = performance.now();
    const w = await seedClaimTask(db, size, CLIENTS, s.app.ctx.now(), (id) => s.app.ctx.repos.sessions.open(id, s.app.ctx.now()));
    const seededIn = (performance.now() - started) / 1000;
    const post = async (token: string, path: string, body: object) => {
      const r = await fetch(`${address}/core${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-annot-token': token }, body: JSON.stringify(body) });
      const env = (await r.json()) as { code: number; msg: string; data: unknown };
      if (env.code !== 200) throw new Error(`${path}: ${env.code} ${env.msg}`);
      return env.data;
    };
    const claimBody = { projectId: w.projectId, taskId: w.taskId, workflowId: w.workflowId };
    type Card = { taskSubjectId: number; version: number; frameIds: number[] };

    const select1 = await sample(N, () => sql`select 1`.execute(db));

    // 50 annotators at once, each claiming next, annotating for a while (compressed to
    // THINK_MS), submitting, and again; then the same back to back with no pause (saturation).
    const job = { address, tokens: w.workers.map((x) => x.token), claimBody, rounds: CLAIMS };
    const warm = await runClients({ ...job, rounds: 3, pauseMs: [0, 0], stagger: false });
    const atWork = await runClients({ ...job, pauseMs: THINK_MS, stagger: true });
    const backToBack = await runClients({ ...job, pauseMs: [0, 0], stagger: false });
    const perSecond = backToBack.claim.length / (backToBack.elapsedMs / 1000);
    const told = [...warm.told, ...atWork.told, ...backToBack.told];
    // The database agrees: no task subject has two claims logged, and every claim answered was logged once.
    const doubles = await sql<{ n: number }>`
      select count(*)::int as n from (
        select task_subject_id from task_subject_logs where task_id = ${w.taskId} and action = 'claim'
        group by task_subject_id having count(*) > 1) as twice`.execute(db);
    const claimedRows = await db.selectFrom('task_subject_logs').select((eb) => eb.fn.countAll<number>().as('n')).where('task_id', '=', w.taskId).where('action', '=', 'claim').executeTakeFirstOrThrow();
    const doubleClaims = Number(doubles.rows[0]!.n) + (told.length - new Set(told).size);
    if (doubleClaims !== 0 || Number(claimedRows.n) !== told.length) throw new Error(`double claims: ${doubleClaims}, logged ${claimedRows.n} for ${told.length} claims`);

    // One annotator saving a frame of 1,000 boxes again and again, and loading it.
    const me = w.workers[0]!;
    const card = (await post(me.token, '/task/subject/claim', claimBody)) as Card;
    const frame = boxes(1000);
    let version = card.version;
    let saveSeq = 0;
    const save = await sample(N, async () => {
      const r = (await post(me.token, '/annotate', { taskSubjectId: card.taskSubjectId, saveId: `bench-save-${++saveSeq}`, baseVersion: version, frames: [{ frameId: card.frameIds[0], data: frame }] })) as { version: number };
      version = r.version;
    });
    const load = await sample(N, async () => {
      const r = await fetch(`${address}/core/annotate?taskSubjectId=${card.taskSubjectId}`, { headers: { 'x-annot-token': me.token } });
      const env = (await r.json()) as { code: number; data: { frames: { data: { objects: unknown[] } }[] } };
      if (env.code !== 200 || env.data.frames[0]!.data.objects.length !== 1000) throw new Error('load failed');
    });
    return {
      size,
      seededIn,
      claims: told.length,
      doubleClaims,
      perSecond,
      select1: percentiles(select1),
      claim: percentiles(atWork.claim),
      submit: percentiles(atWork.submit),
      claimSaturated: percentiles(backToBack.claim),
      submitSaturated: percentiles(backToBack.submit),
      save: percentiles(save),
      load: percentiles(load),
    };
  } finally {
    await s.close();
  }
}

const rows = [];
for (const size of SIZES) rows.push(await run(size));
console.log('| task subjects | call | n | p50 ms | p95 ms | p99 ms | p95 / SELECT 1 p95 |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) {
  const size = r.size.toLocaleString('en-US');
  for (const [name, p] of [
    ['SELECT 1 (bare)', r.select1],
    [`POST /core/task/subject/claim, ${CLIENTS} clients at work`, r.claim],
    [`POST /core/task/subject/annotate/submit, ${CLIENTS} clients at work`, r.submit],
    [`POST /core/task/subject/claim, ${CLIENTS} clients back to back`, r.claimSaturated],
    [`POST /core/task/subject/annotate/submit, ${CLIENTS} clients back to back`, r.submitSaturated],
    ['POST /core/annotate, 1,000 boxes', r.save],
    ['GET /core/annotate, 1,000 boxes', r.load],
  ] as const) {
    console.log(`| ${size} | ${name} | ${p.n} | ${fmt(p.p50)} | ${fmt(p.p95)} | ${fmt(p.p99)} | ${(p.p95 / r.select1.p95).toFixed(1)}x |`);
  }
}
for (const r of rows) console.log(`${r.size}: seeded in ${r.seededIn.toFixed(1)} s; ${r.claims} claims, ${r.doubleClaims} claimed twice; back to back ${r.perSecond.toFixed(0)} claims/s (each with its submit)`);
