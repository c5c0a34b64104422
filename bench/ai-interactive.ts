/**
 * The workspace's interactive AI calls as the workstation makes them: POST
 * /core/ai/annotate/prediction over real HTTP to the team server (SQLite), which asks the
 * built-in model service (its own process, as `npm start` runs it) on a frame of the item in
 * hand. A 2-megapixel photograph (chelsea.png upscaled to 1732 x 1152) and the demo photos; the
 * first call of each frame (download and decode in the service) is reported apart.
 * Usage: tsx bench/ai-interactive.ts   (BENCH_RUNS per row, default 30)
 */
import path from 'node:path';
import sharp from 'sharp';
import { startModelServiceProcess } from '../scripts/lib/modelService';
import { startTestServer } from '../tests/support/testServer';
import { buildWorld } from '../tests/support/world';
import { aiTask, DEMO_IMAGES } from '../tests/support/aiFixture';
import { projectPlayers } from '../tests/support/routeSamples/taskSubject';
import { percentiles } from './lib/stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
/** Fresh 2-megapixel frames for the first-call rows, each pass its own. */
const FIRST = Number(process.env.BENCH_FIRST ?? 8);
/** What a person takes at least between a frame appearing and their first AI call (point and drag a box: KLM P+B+P+B is 2.4 s). */
const THINK_MS = 1500;

async function main() {
  const service = await startModelServiceProcess(path.join(import.meta.dirname, '..'));
  const s = await startTestServer('sqlite', { aiService: { url: service.env.AI_SERVICE_URL, key: service.env.AI_SERVICE_KEY } });
  const ctx = s.app.ctx;
  const w = await buildWorld(ctx);
  const a = await aiTask(ctx, { projectId: w.projectP, createdBy: w.users.owner.id, members: projectPlayers(w), photos: ['chelsea.png', 'astronaut.png', 'coffee.png'], subjects: 3 + 2 * FIRST });
  // The first subject's frame becomes a 2-megapixel picture.
  // So do the first-call subjects (3 onwards), each file its own so no cache holds it.
  const big = await sharp(path.join(DEMO_IMAGES, 'chelsea.png')).resize(1732, 1152).png().toBuffer();
  for (const i of [0, ...Array.from({ length: 2 * FIRST }, (_, k) => 3 + k)]) {
    const f = await ctx.db.selectFrom('subject_frames').select(['id', 'object_key']).where('subject_id', '=', a.t.subjectIds[i]!).executeTakeFirstOrThrow();
    await ctx.storage.put(f.object_key, big, 'image/png');
    await ctx.db.updateTable('subject_frames').set({ width: 1732, height: 1152 }).where('id', '=', f.id).execute();
  }
  const base = (s.app.server.address() as { port: number }).port;
  const url = `http://127.0.0.1:${base}/core/ai/annotate/prediction`;
  const token = w.users.annotator.token;
  const call = async (body: object) => {
    const t = performance.now();
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-annot-token': token }, body: JSON.stringify(body) });
    const json = (await res.json()) as { code: number; data: { ms: number } };
    if (json.code !== 200) throw new Error(JSON.stringify(json));
    return { total: performance.now() - t, model: json.data.ms };
  };
  const rows: string[] = [];
  const measure = async (name: string, body: object) => {
    const cold = await call(body);
    const total: number[] = [];
    const model: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await call(body);
      total.push(r.total);
      model.push(r.model);
    }
    const p = percentiles(total);
    const m = percentiles(model);
    rows.push(`| ${name} | ${cold.total.toFixed(0)} ms | ${p.p50.toFixed(0)} ms | ${p.p95.toFixed(0)} ms | ${m.p50.toFixed(0)} ms | ${m.p95.toFixed(0)} ms |`);
  };
  const frames = await Promise.all(a.t.subjectIds.map(async (id) => (await ctx.db.selectFrom('subject_frames').select('id').where('subject_id', '=', id).executeTakeFirstOrThrow()).id));
  const [bigFrame, astro, coffee] = frames as [number, number, number];
  const item = (i: number) => a.t.taskSubjectIds[i]!;
  await measure('box → polygon, 2 Mpx (cat, box 1,500 x 1,000)', { taskSubjectId: item(0), frameId: bigFrame, tool: 'polygon', featureId: a.polygonFeatureId, labelId: 'outline', box: { x: 120, y: 60, width: 1500, height: 1000 } });
  await measure('clicks → polygon, 2 Mpx (2 positive, 1 negative)', { taskSubjectId: item(0), frameId: bigFrame, tool: 'polygon', featureId: a.polygonFeatureId, labelId: 'outline', points: [{ x: 800, y: 500, positive: true }, { x: 1000, y: 700, positive: true }, { x: 100, y: 100, positive: false }] });
  await measure('detect, 2 Mpx', { taskSubjectId: item(0), frameId: bigFrame, tool: 'box' });
  await measure('detect, astronaut.png 512 x 512', { taskSubjectId: item(1), frameId: astro, tool: 'box' });
  await measure('box → polygon, coffee.png 600 x 400', { taskSubjectId: item(2), frameId: coffee, tool: 'polygon', featureId: a.polygonFeatureId, labelId: 'outline', box: { x: 172, y: 18, width: 240, height: 290 } });
  // The first call on a frame, as the workspace meets it: without the warm-up, and with it sent when the frame is shown.
  const firstCalls = async (from: number, warm: boolean) => {
    const total: number[] = [];
    for (let k = 0; k < FIRST; k++) {
      const i = from + k;
      const body = { taskSubjectId: item(i), frameId: frames[i]!, tool: 'polygon', featureId: a.polygonFeatureId, labelId: 'outline' };
      if (warm) await call({ ...body, warm: true });
      await new Promise((r) => setTimeout(r, THINK_MS));
      total.push((await call({ ...body, box: { x: 120, y: 60, width: 1500, height: 1000 } })).total);
    }
    const p = percentiles(total);
    return `${p.p50.toFixed(0)} ms / ${Math.max(...total).toFixed(0)} ms`;
  };
  const cold = await firstCalls(3, false);
  const warmed = await firstCalls(3 + FIRST, true);
  console.log(`\nThe first box → polygon on a fresh 2 Mpx frame, ${THINK_MS} ms after it is shown (n=${FIRST} each, p50 / max): without the warm-up ${cold}; with the warm-up the workspace sends when a frame is shown ${warmed}.`);
  console.log(`\nPOST /core/ai/annotate/prediction over HTTP, built-in service in its own process, n=${RUNS} after the first call:\n`);
  console.log('| call | first call | p50 | p95 | in the model p50 | in the model p95 |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  await s.close();
  service.child.kill();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
