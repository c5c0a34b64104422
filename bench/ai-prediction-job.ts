/**
 * A pre-annotation job over 1,000 images on PostgreSQL with the built-in model service (its own
 * process at a lower priority, as `npm start` runs it): images
 * per second, and what it costs the people working meanwhile: p50/p95 of claim and save (claim
 * the next item, save a frame, submit, pause, in a loop, as one annotator) for the whole of the job,
 * against the same loop with nothing running, in the same run.
 * Usage: tsx bench/ai-prediction-job.ts   (PostgreSQL from TEST_DATABASE_URL or .run/pg.env;
 * BENCH_IMAGES sets the job size, default 1000; BENCH_LOOPS the idle claim-save loops (half before the job, half after), default 150;
 * BENCH_PAUSE_MS the pause between loops, default 150)
 */
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startModelServiceProcess } from '../scripts/lib/modelService';
import { startTestServer } from '../tests/support/testServer';
import { buildWorld } from '../tests/support/world';
import { buildTask } from '../tests/support/taskFixture';
import { aiOntology, DEMO_IMAGES } from '../tests/support/aiFixture';
import { projectPlayers } from '../tests/support/routeSamples/taskSubject';
import { fmt, percentiles } from './lib/stats';

const IMAGES = Number(process.env.BENCH_IMAGES ?? 1000);
const LOOPS = Number(process.env.BENCH_LOOPS ?? 150);
// An annotator's pace between calls, the same idle and busy, so the samples during the job spread
// over the whole job rather than crowding its first seconds.
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 150);
const pause = () => new Promise((r) => setTimeout(r, PAUSE_MS));
const PHOTOS = ['astronaut.png', 'chelsea.png', 'coffee.png', 'camera.png', 'horse.png', 'rocket.jpg'];

function pgUrl(): string {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const env = fs.readFileSync(path.join(import.meta.dirname, '../.run/pg.env'), 'utf8');
  const m = /TEST_DATABASE_URL=(\S+)/.exec(env);
  if (!m) throw new Error('no PostgreSQL: run scripts/pg-up.sh');
  return m[1]!.replace(/^"|"$/g, '');
}

async function main() {
  process.env.TEST_DATABASE_URL = pgUrl();
  // As `npm start` runs it: its own process, at a lower priority than the server.
  const service = await startModelServiceProcess(path.join(import.meta.dirname, '..'));
  const s = await startTestServer('postgres', { aiService: { url: service.env.AI_SERVICE_URL, key: service.env.AI_SERVICE_KEY } });
  const ctx = s.app.ctx;
  const w = await buildWorld(ctx);
  await aiOntology(ctx, w.projectP, w.users.owner.id);
  const steps = () => [{ type: 'annotate' as const, members: projectPlayers(w) }, { type: 'review' as const, members: projectPlayers(w) }];
  const big = await buildTask(ctx, { projectId: w.projectP, createdBy: w.users.owner.id, steps: steps(), subjects: IMAGES });
  const work = await buildTask(ctx, { projectId: w.projectP, createdBy: w.users.owner.id, steps: steps(), subjects: LOOPS * 7 });
  // Every frame its own file (the service caches decoded images by key: shared keys would flatter it).
  const bytes = PHOTOS.map((p) => fs.readFileSync(path.join(DEMO_IMAGES, p)));
  const frames = await ctx.db.selectFrom('subject_frames').select(['object_key', 'subject_id']).where('subject_id', 'in', [...big.subjectIds, ...work.subjectIds]).execute();
  for (const [i, f] of frames.entries()) await ctx.storage.put(f.object_key, bytes[i % bytes.length]!, 'image/png');

  const annotator = w.users.annotator.token;
  const claimAndSave = async (claimMs: number[], saveMs: number[]) => {
    let t = performance.now();
    const claim = await s.call({ method: 'POST', url: '/core/task/subject/claim', token: annotator, payload: { projectId: w.projectP, taskId: work.taskId, workflowId: work.steps[0]!.workflowId } });
    claimMs.push(performance.now() - t);
    if (claim.body.code !== 200) throw new Error(JSON.stringify(claim.body));
    const id = claim.body.data.taskSubjectId as number;
    const frameId = (await ctx.db.selectFrom('task_subjects as ts').innerJoin('subject_frames as sf', 'sf.subject_id', 'ts.subject_id').select('sf.id').where('ts.id', '=', id).executeTakeFirstOrThrow()).id;
    t = performance.now();
    const save = await s.call({
      method: 'POST', url: '/core/annotate', token: annotator,
      payload: { taskSubjectId: id, saveId: `bench-${id}-0001`, baseVersion: claim.body.data.version, frames: [{ frameId, data: { version: 1, classifications: [], objects: [{ id: 'b1', featureId: (await ctx.db.selectFrom('ontology_features').select('id').where('tool', '=', 'box').executeTakeFirstOrThrow()).id, labelId: 'person', tool: 'box', geometry: { x: 10, y: 10, width: 50, height: 50 }, attributes: {}, zIndex: 0, source: 'manual' }] } }] },
    });
    saveMs.push(performance.now() - t);
    if (save.body.code !== 200) throw new Error(JSON.stringify(save.body));
    // Hand it on, so the next claim takes a new item.
    await s.call({ method: 'POST', url: '/core/task/subject/annotate/submit', token: annotator, payload: { taskSubjectId: id, version: save.body.data.version } });
  };

  const idle = { claim: [] as number[], save: [] as number[] };
  for (let i = 0; i < 10; i++) await claimAndSave([], []);
  // The server runs in this process: how long its event loop kept callers waiting, idle and busy.
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  // Idle half before the job and half after it: the machine's own noise (other work on shared
  // cores) then falls on both sides rather than on one.
  const idleLoops = async (n: number) => {
    for (let i = 0; i < n; i++) {
      await claimAndSave(idle.claim, idle.save);
      await pause();
    }
  };
  await idleLoops(Math.ceil(LOOPS / 2));

  const idleLoop = { p95: loop.percentile(95) / 1e6, max: loop.max / 1e6 };
  loop.reset();
  const started = performance.now();
  const job = await s.call({ method: 'POST', url: '/core/ai/model/task', token: w.users.owner.token, payload: { projectId: w.projectP, taskId: big.taskId } });
  if (job.body.code !== 200) throw new Error(JSON.stringify(job.body));
  const busy = { claim: [] as number[], save: [] as number[] };
  let state = 'queued';
  let done = 0;
  let applied = { items: 0, objects: 0, skippedTouched: 0, failed: 0 };
  while (state === 'queued' || state === 'running') {
    if (busy.claim.length < LOOPS * 5 - 10) await claimAndSave(busy.claim, busy.save);
    await pause();
    const row = await ctx.db.selectFrom('ai_jobs').select(['state', 'done', 'applied']).where('id', '=', job.body.data.jobId).executeTakeFirstOrThrow();
    state = row.state;
    done = row.done;
    applied = JSON.parse(row.applied);
  }
  const seconds = (performance.now() - started) / 1000;
  const busyLoop = { p95: loop.percentile(95) / 1e6, max: loop.max / 1e6 };
  loop.disable();
  await idleLoops(Math.floor(LOOPS / 2));
  const p = (xs: number[]) => percentiles(xs);
  console.log(`\nPre-annotation of ${IMAGES} images (PostgreSQL, built-in detector, 2 cores): ${state}, ${done} items in ${seconds.toFixed(1)} s = ${(done / seconds).toFixed(1)} images/s; ${applied.objects} objects on ${applied.items} items, ${applied.failed} failed.\n`);
  console.log('| call | idle p50 | idle p95 | during job p50 | during job p95 | p95 ratio |');
  console.log('|---|---|---|---|---|---|');
  for (const k of ['claim', 'save'] as const) {
    const a = p(idle[k]);
    const b = p(busy[k]);
    console.log(`| ${k} | ${fmt(a.p50)} ms | ${fmt(a.p95)} ms | ${fmt(b.p50)} ms | ${fmt(b.p95)} ms | ${(b.p95 / a.p95).toFixed(2)}x |`);
  }
  console.log(`\n(idle n=${idle.claim.length}, during n=${busy.claim.length}; the server's event-loop delay p95/max idle ${fmt(idleLoop.p95)}/${fmt(idleLoop.max)} ms, during the job ${fmt(busyLoop.p95)}/${fmt(busyLoop.max)} ms)`);
  await s.close();
  service.child.kill();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
