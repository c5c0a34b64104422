/**
 * How good the built-in detector is on the demo photographs, against boxes drawn by hand
 * (tests/fixtures/demo-image-boxes.json), and what a training run does to it: the real model
 * service and team server (SQLite), the photographs as a reviewed task, then POST /ai/train and
 * both versions measured on the held-out split it never trained on.
 * Usage: tsx bench/ai-statistics.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { startModelService } from '../src-ai/service';
import { startTestServer } from '../tests/support/testServer';
import { buildWorld } from '../tests/support/world';
import { buildTask } from '../tests/support/taskFixture';
import { realFrames } from '../tests/support/aiFixture';
import { projectPlayers } from '../tests/support/routeSamples/taskSubject';
import { ONTOLOGY_VERSION } from '../src-shared/model/ontology';
import { ANNOTATION_VERSION } from '../src-shared/model/annotation';
import { evaluateDetections, type EvalItem, type ObjectFigures } from '../src-shared/ai/metrics';
import { ModelServiceClient } from '../src-server/ai/serviceClient';

const KEY = 'bench-ai-statistics-key-0123456789';
const truth = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../tests/fixtures/demo-image-boxes.json'), 'utf8')) as {
  labels: string[];
  images: Record<string, { label: string; box: { x: number; y: number; width: number; height: number } }[]>;
};
const photos = Object.keys(truth.images);
const pct = (v: number | null) => (v === null ? 'n/a' : `${(v * 100).toFixed(1)}%`);
const row = (name: string, f: ObjectFigures) => `| ${name} | ${f.gtCount} | ${f.predCount} | ${pct(f.precision)} | ${pct(f.recall)} | ${pct(f.f1)} | ${pct(f.ap50)} | ${pct(f.ap5095)} |`;
const HEAD = '| | boxes drawn | predicted | precision | recall | F1 | AP@0.5 | AP@[.5:.95] |\n|---|---|---|---|---|---|---|---|';

async function main() {
  const service = await startModelService({ key: KEY, warm: true });
  const s = await startTestServer('sqlite', { aiService: { url: service.url, key: KEY } });
  const ctx = s.app.ctx;
  const w = await buildWorld(ctx);
  const now = ctx.now();
  const ontologyId = (await ctx.db.insertInto('ontologies').values({ project_id: w.projectP, name: 'Demo', created_by: w.users.owner.id, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const labels = truth.labels.map((l) => ({ id: l, name: l, color: '#ff0000' }));
  const featureId = (
    await ctx.db
      .insertInto('ontology_features')
      .values({ ontology_id: ontologyId, name: 'Objects', tool: 'box', sort_order: 0, label_count: labels.length, definition: JSON.stringify({ version: ONTOLOGY_VERSION, labels, attributes: [] }), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const t = await buildTask(ctx, { projectId: w.projectP, createdBy: w.users.owner.id, steps: [{ type: 'annotate', members: projectPlayers(w) }, { type: 'review', members: projectPlayers(w) }], subjects: photos.length });
  await realFrames(ctx, t, photos);

  // 1. The built-in detector on all ten photographs, as the workspace's "detect" sees them.
  const model = await ctx.db.selectFrom('ai_models').selectAll().where('kind', '=', 'detector').where('team_id', 'is', null).executeTakeFirstOrThrow();
  const client = new ModelServiceClient(service.url, KEY, { name: 'built-in', trusted: true });
  const mapping = Object.fromEntries(truth.labels.map((l) => [l, l]));
  const items: EvalItem[] = [];
  for (const [i, photo] of photos.entries()) {
    const frame = await ctx.db.selectFrom('subject_frames').select('object_key').where('subject_id', '=', t.subjectIds[i]!).executeTakeFirstOrThrow();
    const answer = await client.infer({ model: { kind: 'detector', runtime: 'builtin', name: model.service_model, head: { mapping, thresholds: {}, defaultThreshold: 0.05 } }, image: { url: await ctx.ai.urls.readUrl(frame.object_key) }, params: { minScore: 0.05 } });
    items.push({
      id: photo,
      groundTruth: truth.images[photo]!.map((o) => ({ label: o.label, geometry: o.box })),
      predictions: answer.predictions.flatMap((p) => (p.label && p.box ? [{ label: p.label, score: p.score, geometry: p.box }] : [])),
    });
  }
  const all = evaluateDetections(items, { scoreThreshold: 0.3 });
  console.log(`\nBuilt-in detector (${model.service_model}) on the ${photos.length} demo photographs, boxes drawn by hand, at score 0.3:\n`);
  console.log(HEAD);
  console.log(row('all labels', all.overall));
  for (const l of truth.labels) if (all.perLabel[l]) console.log(row(l, all.perLabel[l]));
  console.log(`\nitems exactly right: ${all.items.itemsExact} of ${all.items.itemCount}`);

  // 2. A training run on them: reviewed task subjects with the hand-drawn boxes.
  for (const [i, id] of t.taskSubjectIds.entries()) {
    const frameId = t.frames.get(t.subjectIds[i]!)![0]!;
    const objects = truth.images[photos[i]!]!.map((o, k) => ({ id: `gt${k}`, featureId, labelId: o.label, tool: 'box', geometry: o.box, attributes: {}, zIndex: k, source: 'manual' }));
    // A photograph with nothing on it is reviewed too: the model should find nothing there.
    if (objects.length) await ctx.db.insertInto('annotation_frames').values({ task_subject_id: id, frame_id: frameId, data: JSON.stringify({ version: ANNOTATION_VERSION, objects, classifications: [] }), object_count: objects.length, version: 2, updated_by: w.users.annotator.id, updated_at: now }).execute();
    await ctx.db.updateTable('task_subjects').set({ state: 'done', step_index: 1, workflow_id: t.steps[1]!.workflowId, version: 2 }).where('id', '=', id).execute();
  }
  const started = Date.now();
  const job = await s.call({ method: 'POST', url: '/core/ai/train', token: w.users.owner.token, payload: { projectId: w.projectP, modelId: model.id } });
  if (job.body.code !== 200) throw new Error(JSON.stringify(job.body));
  let outcome: { trainItems: number; holdoutItems: number; mapping: Record<string, string>; before: { f1: number | null; ap50: number | null } | null; after: { f1: number | null; ap50: number | null } | null; improved: boolean | null } | null = null;
  while (!outcome || !outcome.after) {
    await new Promise((r) => setTimeout(r, 200));
    const list = await s.call({ method: 'GET', url: `/core/ai/apply/list?projectId=${w.projectP}&type=train`, token: w.users.owner.token });
    const j = list.body.data.list[0];
    if (j.state === 'failed') throw new Error(JSON.stringify(j.error));
    outcome = j.train;
  }
  console.log(`\nTraining run (${((Date.now() - started) / 1000).toFixed(1)} s including both evaluations): ${outcome.trainItems} reviewed items trained on, ${outcome.holdoutItems} held out.`);
  console.log(`learned mapping: ${Object.entries(outcome.mapping).map(([c, l]) => `${c} → ${l.split(':')[1]}`).join(', ') || '(none)'}`);
  console.log(`held-out F1 before ${pct(outcome.before?.f1 ?? null)}, after ${pct(outcome.after?.f1 ?? null)}; AP@0.5 before ${pct(outcome.before?.ap50 ?? null)}, after ${pct(outcome.after?.ap50 ?? null)}; improved: ${outcome.improved}`);
  await s.close();
  await service.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
