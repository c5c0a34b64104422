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

async function main() {
  const service = await startModelServiceProcess(path.join(import.meta.dirname, '..'));
  const s = await startTestServer('sqlite', { aiService: { url: service.env.AI_SERVICE_URL, key: service.env.AI_SERVICE_KEY } });
  const ctx = s.app.ctx;
  const w = await buildWorld(ctx);
  const a = await aiTask(ctx, { projectId: w.projectP, createdBy: w.users.owner.id, members: projectPlayers(w), photos: ['chelsea.png', 'astronaut.png', 'coffee.png'], subjects: 3 });
  // The first subject's frame becomes a 2-megapixel picture.
  const first = await ctx.db.selectFrom('subject_frames').select(['id', 'object_key']).where('subject_id', '=', a.t.subjectIds[0]!).executeTakeFirstOrThrow();
  const big = await sharp(path.join(DEMO_IMAGES, 'chelsea.png')).resize(1732, 1152).png().toBuffer();
  await ctx.storage.put(first.object_key, big, 'image/png');
  await ctx.db.updateTable('subject_frames').set({ width: 1732, height: 1152 }).where('id', '=', first.id).execute();
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
