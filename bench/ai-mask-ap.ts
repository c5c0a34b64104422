/**
 * What mask AP costs the team server (issue 32): an evaluation of BENCH_ITEMS items (default 100)
 * of BENCH_OBJECTS reviewed masks each (default 10: 1,000 objects), each a disc 2,000 px across
 * with a hole, on 6,000 x 4,000 px frames where they overlap, against as many mask suggestions
 * (the disc shifted) and as many box suggestions. Measured: the figures alone (operatingFigures
 * on items nobody measured before: what it costs in one go), the slowest item's pixels
 * (primeSimilarities, which the server runs item by item before the figures), the whole end of
 * the evaluation as the server runs it (items read, compared, figures made and kept) with the
 * longest time its event loop could answer nothing meanwhile, and GET /modelPredictStatistics.
 * Usage: tsx bench/ai-mask-ap.ts   (SQLite; no model service is needed)
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { startTestServer } from '../tests/support/testServer';
import { buildWorld } from '../tests/support/world';
import { buildTask } from '../tests/support/taskFixture';
import { projectPlayers } from '../tests/support/routeSamples/taskSubject';
import { ONTOLOGY_VERSION } from '../src-shared/model/ontology';
import { ANNOTATION_VERSION, type MaskGeometry } from '../src-shared/model/annotation';
import { encodeCounts } from '../src-shared/mask/rle';
import { primeSimilarities, type EvalItem } from '../src-shared/ai/metrics';
import { AiJobsRepository } from '../src-server/repositories/aiJobs';
import { afterJobEnded, operatingFigures } from '../src-server/ai/jobOutcomes';
import { newCallbackToken } from '../src-server/ai/serviceUrls';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100);
const OBJECTS = Number(process.env.BENCH_OBJECTS ?? 10);
const [FRAME_W, FRAME_H, SIDE] = [6000, 4000, 2000];

/** A disc of SIDE px across with a hole, its box's top-left at (x, y), as a stored mask, its runs written column by column (no bitmap). */
function ring(x: number, y: number): MaskGeometry {
  const r = SIDE / 2, hole = SIDE / 6;
  const counts: number[] = [];
  let at = 0, set = false, run = 0;
  const push = (value: boolean, n: number) => {
    if (n <= 0) return;
    if (value === set) run += n;
    else {
      counts.push(run);
      set = value;
      run = n;
    }
    at += n;
  };
  for (let c = 0; c < SIDE; c++) {
    const dx = c + 0.5 - r;
    const half = Math.sqrt(Math.max(0, r * r - dx * dx)), inner = Math.sqrt(Math.max(0, hole * hole - dx * dx));
    const [a, b] = [Math.max(0, Math.ceil(r - half - 0.5)), Math.min(SIDE, Math.ceil(r + half - 0.5))];
    const [h0, h1] = inner > 0 ? [Math.ceil(r - inner - 0.5), Math.ceil(r + inner - 0.5)] : [b, b];
    push(false, a);
    push(true, h0 - a);
    push(false, h1 - h0);
    push(true, b - h1);
    push(false, SIDE - b);
  }
  counts.push(run);
  if (at !== SIDE * SIDE) throw new Error('runs do not cover the box');
  return { x, y, width: SIDE, height: SIDE, rle: encodeCounts(counts) };
}

/** Wall time and this process's CPU time since a mark (the machine may be shared: CPU time is what the work took). */
const mark = () => ({ wall: performance.now(), cpu: process.cpuUsage() });
const ms = (m: ReturnType<typeof mark>) => {
  const cpu = process.cpuUsage(m.cpu);
  return `${(performance.now() - m.wall).toFixed(0)} ms (CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms)`;
};

async function main() {
  const s = await startTestServer('sqlite');
  const ctx = s.app.ctx;
  const w = await buildWorld(ctx);
  const now = ctx.now();
  const ontologyId = (await ctx.db.insertInto('ontologies').values({ project_id: w.projectP, name: 'Blobs', created_by: w.users.owner.id, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const featureId = (
    await ctx.db
      .insertInto('ontology_features')
      .values({ ontology_id: ontologyId, name: 'Blobs', tool: 'mask', sort_order: 0, label_count: 1, definition: JSON.stringify({ version: ONTOLOGY_VERSION, labels: [{ id: 'blob', name: 'blob', color: '#ff0000' }], attributes: [] }), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const label = `${featureId}:blob`;
  const serviceId = (await ctx.db.insertInto('ai_services').values({ team_id: w.teamA, name: 'away', url: 'http://127.0.0.1:9/', service_key: 'k'.repeat(16), builtin: 0, online: 0, checked_at: null, error: null, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const modelId = (
    await ctx.db
      .insertInto('ai_models')
      .values({ team_id: w.teamA, project_id: null, service_id: serviceId, parent_id: null, name: 'Blob finder', description: '', tool: 'box', kind: 'detector', runtime: 'external', service_model: 'blobs', version: 1, classes: '["blob"]', head: null, artifact_key: null, trainable: 0, state: 'ready', error: null, created_by: w.users.owner.id, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const t = await buildTask(ctx, { projectId: w.projectP, createdBy: w.users.owner.id, steps: [{ type: 'annotate', members: projectPlayers(w) }], subjects: ITEMS });
  await ctx.db.updateTable('subject_frames').set({ width: FRAME_W, height: FRAME_H }).where('subject_id', 'in', t.subjectIds).execute();

  let seed = 32;
  const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) / 2 ** 24;
  const items: EvalItem[] = [];
  const jobItems = t.subjectIds.map((subjectId, i) => ({ key: `b${i}`, taskSubjectId: t.taskSubjectIds[i]!, subjectId, frameId: t.frames.get(subjectId)![0]! }));
  const results = new Map<string, string>();
  const t0 = mark();
  for (const it of jobItems) {
    const truth = Array.from({ length: OBJECTS }, () => ring(Math.floor(rand() * (FRAME_W - SIDE)), Math.floor(rand() * (FRAME_H - SIDE))));
    const objects = truth.map((geometry, k) => ({ id: `o${k}`, featureId, labelId: 'blob', tool: 'mask', geometry, attributes: {}, zIndex: k, source: 'manual' }));
    await ctx.db.insertInto('annotation_frames').values({ task_subject_id: it.taskSubjectId, frame_id: it.frameId, data: JSON.stringify({ version: ANNOTATION_VERSION, objects, classifications: [] }), object_count: objects.length, version: 2, updated_by: w.users.annotator.id, updated_at: now }).execute();
    const shift = () => Math.round((rand() - 0.5) * 400);
    const masks = truth.map((g) => ({ label, score: rand(), mask: ring(Math.max(0, Math.min(FRAME_W - SIDE, g.x + shift())), Math.max(0, Math.min(FRAME_H - SIDE, g.y + shift()))) }));
    const boxes = truth.map((g) => ({ label, score: rand(), box: { x: g.x + shift(), y: g.y + shift(), width: SIDE, height: SIDE } }));
    results.set(it.key, JSON.stringify([...masks, ...boxes]));
    items.push({ id: it.key, frame: { width: FRAME_W, height: FRAME_H }, groundTruth: truth.map((geometry) => ({ label, geometry })), predictions: [...masks.map((p) => ({ label, score: p.score, geometry: p.mask })), ...boxes.map((p) => ({ label, score: p.score, geometry: p.box }))] });
  }
  const text = [...results.values()].reduce((n, r) => n + r.length, 0);
  console.log(`${ITEMS} items, ${ITEMS * OBJECTS} reviewed masks of ${SIDE} x ${SIDE} px, ${ITEMS * OBJECTS} mask and ${ITEMS * OBJECTS} box suggestions (${(text / 1e6).toFixed(1)} MB of stored suggestions), made in ${ms(t0)}`);

  const model = (await ctx.db.selectFrom('ai_models').selectAll().where('id', '=', modelId).executeTakeFirstOrThrow());
  for (const round of [1, 2, 3]) {
    // fresh geometry objects each round: nothing kept from the round before
    const fresh = JSON.parse(JSON.stringify(items)) as EvalItem[];
    const t1 = mark();
    const stats = operatingFigures(fresh, model);
    console.log(`figures in one go (operatingFigures), round ${round}: ${ms(t1)}; AP@0.5 ${stats.perLabel[label]?.ap50?.toFixed(3)}, AP@[.5:.95] ${stats.perLabel[label]?.ap5095?.toFixed(3)}, measured by ${stats.perLabel[label]?.measure}`);
    const again = JSON.parse(JSON.stringify(items)) as EvalItem[];
    let slowest = 0;
    const t4 = mark();
    for (const item of again) {
      const one = process.cpuUsage();
      primeSimilarities(item);
      const used = process.cpuUsage(one);
      slowest = Math.max(slowest, (used.user + used.system) / 1000);
    }
    const primed = ms(t4);
    const t5 = mark();
    operatingFigures(again, model);
    console.log(`  item by item: ${primed}, the slowest item ${slowest.toFixed(1)} ms of CPU; then the figures ${ms(t5)}`);
  }

  // The evaluation's end as the server runs it: items' results read, ground truth read, figures made and kept.
  const jobs = new AiJobsRepository(ctx.db);
  const jobId = await jobs.create({ projectId: w.projectP, modelId, type: 'evaluate', tool: 'box', params: {}, createdBy: w.users.owner.id, now: Date.now(), items: jobItems });
  const taken = await jobs.takeForDispatch((await jobs.get(jobId))!, { runnerId: 'bench', tokenHash: newCallbackToken().hash, now: Date.now() + 3_600_000 });
  if (!taken) throw new Error('the runner took the job');
  for (const it of jobItems) await jobs.markItem(jobId, it.key, 'done', results.get(it.key)!);
  await jobs.finish(jobId, 'succeeded', Date.now());
  const stalls = monitorEventLoopDelay({ resolution: 5 });
  stalls.enable();
  const t2 = mark();
  await afterJobEnded(ctx, () => ctx.ai.wake(), (await jobs.get(jobId))!, null);
  stalls.disable();
  console.log(`evaluation's end (read, measure, keep): ${ms(t2)}; the event loop's longest stall meanwhile ${(stalls.max / 1e6).toFixed(0)} ms`);
  for (const level of ['object', 'object', 'label'] as const) {
    const t3 = mark();
    const r = await s.call({ method: 'GET', url: `/core/modelPredictStatistics/${modelId}/${level}?projectId=${w.projectP}`, token: w.users.owner.token });
    if (r.body.code !== 200) throw new Error(JSON.stringify(r.body));
    console.log(`GET /modelPredictStatistics/…/${level}: ${ms(t3)}`);
  }
  await s.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
