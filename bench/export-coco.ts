/**
 * COCO export of a big project on PostgreSQL, through the real route and background runner:
 * BENCH_IMAGES one-frame images (default 100,000), each annotated with 10 boxes and 1 polygon
 * (1,000,000 boxes and 100,000 polygons by default). Measures the time from POST /export to the
 * finished zip, and the server process's resident memory growth while it ran (sampled every
 * 50 ms). Next to it in the same run, the practical limit: the same objects, already in memory
 * in COCO's shape, only serialised with JSON.stringify and written to disk.
 * Usage: tsx bench/export-coco.ts   (PostgreSQL from TEST_DATABASE_URL or .run/pg.env;
 * BENCH_STORE=s3 writes the zip to the Ceph RGW of .run/s3.env instead of the local disk)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src-server/database/schema';
import { startObsServer } from '../tests/support/obsServer';
import { awaitExport } from '../tests/support/exportJobs';

const IMAGES = Number(process.env.BENCH_IMAGES ?? 100_000);
const STORE = process.env.BENCH_STORE === 's3' ? 's3' : 'embedded';
const BOXES = 10;

async function seed(db: Kysely<Database>, now: number) {
  const owner = (await db.insertInto('users').values({ mobile: '13900000000', name: 'Owner', password_hash: 'x', current_team_id: null, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const teamId = (await db.insertInto('teams').values({ name: 'Bench team', owner_id: owner, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('team_members').values({ team_id: teamId, user_id: owner, role: 'owner', joined_at: now }).execute();
  await db.updateTable('users').set({ current_team_id: teamId }).where('id', '=', owner).execute();
  const projectId = (await db.insertInto('projects').values({ team_id: teamId, name: 'Bench project', type: 'image', is_vendor: 0, created_by: owner, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const ontologyId = (await db.insertInto('ontologies').values({ project_id: projectId, name: 'Streets', created_by: owner, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const feature = async (name: string, tool: string, order: number, labels: [string, string][]) =>
    (
      await db
        .insertInto('ontology_features')
        .values({
          ontology_id: ontologyId, name, tool, sort_order: order, label_count: labels.length, created_at: now, updated_at: now,
          definition: JSON.stringify({ version: 1, labels: labels.map(([id, n]) => ({ id, name: n, color: '#ff0000' })), attributes: [{ id: 'colour', name: 'Colour', type: 'radio', required: false, options: [{ id: 'red', name: 'Red' }, { id: 'blue', name: 'Blue' }] }] }),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const box = await feature('Road users', 'box', 0, [['car', 'car'], ['ped', 'pedestrian']]);
  const polygon = await feature('Areas', 'polygon', 1, [['road', 'road']]);
  const batchId = (await db.insertInto('batches').values({ project_id: projectId, name: 'Bench batch', subject_count: IMAGES, created_by: owner, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  await sql`
    insert into subjects (project_id, batch_id, name, record_type, frame_count, size_bytes, content_hash, created_by, created_at)
    select ${projectId}, ${batchId}, 'img_' || g || '.jpg', 'image', 1, 100000, md5(g::text) || md5('subject ' || g), ${owner}, ${now}
    from generate_series(1, ${IMAGES}) as g`.execute(db);
  await sql`
    insert into subject_frames (subject_id, frame_index, object_key, file_name, content_type, size_bytes, width, height, content_hash)
    select id, 0, 'dataset/' || project_id || '/bench/' || name, name, 'image/jpeg', 100000, 1920, 1080, md5('frame ' || id) || md5('file ' || id)
    from subjects where batch_id = ${batchId}`.execute(db);
  const taskId = (await db.insertInto('tasks').values({ project_id: projectId, name: 'Bench task', created_by: owner, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const workflowId = (await db.insertInto('workflows').values({ task_id: taskId, project_id: projectId, step_index: 0, type: 'annotate', name: 'annotate 1', created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  await sql`
    insert into task_subjects (task_id, project_id, subject_id, workflow_id, step_index, state, rework, version, created_at, updated_at)
    select ${taskId}, ${projectId}, id, ${workflowId}, 0, 'done', 0, 1, ${now}, ${now}
    from subjects where batch_id = ${batchId} order by id`.execute(db);
  // 10 boxes (coordinates vary by subject) and one polygon per frame, as the workstation saves them.
  await sql`
    insert into annotation_frames (task_subject_id, frame_id, data, object_count, version, updated_by, updated_at)
    select ts.id, sf.id,
      json_build_object('version', 1, 'classifications', '[]'::json, 'objects',
        (select json_agg(o) from (
          select json_build_object('id', 'b' || b, 'featureId', ${box}::int, 'labelId', case when b % 3 = 0 then 'ped' else 'car' end, 'tool', 'box',
            'geometry', json_build_object('x', (ts.id % 997) + b * 10.5, 'y', b * 20.25, 'width', 30 + b, 'height', 40.5),
            'attributes', json_build_object('colour', case when b % 2 = 0 then 'red' else 'blue' end), 'zIndex', b, 'source', 'manual') as o
          from generate_series(1, ${BOXES}::int) as b
          union all
          select json_build_object('id', 'p1', 'featureId', ${polygon}::int, 'labelId', 'road', 'tool', 'polygon',
            'geometry', json_build_object('points', json_build_array(json_build_object('x', 0, 'y', 900), json_build_object('x', 1920, 'y', 900), json_build_object('x', 1000 + ts.id % 100, 'y', 600.5), json_build_object('x', 500, 'y', 700))),
            'attributes', '{}'::json, 'zIndex', 11, 'source', 'manual')
        ) q))::text,
      ${BOXES + 1}::int, 1, ${owner}::int, ${now}::bigint
    from task_subjects ts join subject_frames sf on sf.subject_id = ts.subject_id
    where ts.task_id = ${taskId}`.execute(db);
  await sql`vacuum analyze`.execute(db);
  return { owner, projectId };
}

/** The same objects as the export writes, in COCO's shape, built in memory (not timed). */
function cocoInMemory(n: number) {
  const images = Array.from({ length: n }, (_, i) => ({ id: i + 1, file_name: `img_${i + 1}.jpg`, width: 1920, height: 1080 }));
  const annotations: object[] = [];
  let id = 0;
  for (let i = 1; i <= n; i++) {
    for (let b = 1; b <= BOXES; b++) {
      const x = (i % 997) + b * 10.5;
      annotations.push({ id: ++id, image_id: i, category_id: b % 3 === 0 ? 2 : 1, iscrowd: 0, segmentation: [], area: (30 + b) * 40.5, bbox: [x, b * 20.25, 30 + b, 40.5], attributes: { colour: b % 2 === 0 ? 'red' : 'blue' } });
    }
    annotations.push({ id: ++id, image_id: i, category_id: 3, iscrowd: 0, segmentation: [[0, 900, 1920, 900, 1000 + (i % 100), 600.5, 500, 700]], area: 123456, bbox: [0, 600.5, 1920, 299.5], attributes: {} });
  }
  return { images, annotations, categories: [{ id: 1, name: 'car' }, { id: 2, name: 'pedestrian' }, { id: 3, name: 'road' }] };
}

async function main() {
  const s = await startObsServer('postgres', STORE);
  const { db } = s.app.ctx;
  try {
    const t0 = performance.now();
    const { owner, projectId } = await seed(db, Date.now());
    console.log(`seeded ${IMAGES} images, ${IMAGES * BOXES} boxes, ${IMAGES} polygons in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const token = await s.app.ctx.repos.sessions.open(owner, Date.now());

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const before = process.memoryUsage();
    let rssPeak = rssBefore;
    let heapPeak = before.heapUsed;
    let externalPeak = before.external;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      rssPeak = Math.max(rssPeak, m.rss);
      heapPeak = Math.max(heapPeak, m.heapUsed);
      externalPeak = Math.max(externalPeak, m.external);
    }, 50);
    let retainedPeak = 0;
    const gcSampler = process.env.BENCH_GC_PROBE
      ? setInterval(() => {
          global.gc?.();
          retainedPeak = Math.max(retainedPeak, process.memoryUsage().heapUsed - before.heapUsed);
        }, 1000)
      : null;
    const started = performance.now();
    const r = await s.call({ method: 'POST', url: '/core/export', token, payload: { projectId, format: 'coco', name: 'Bench' } });
    // Polled once a second, as the export dialog does.
    const job = await awaitExport(s, token, projectId, r.body.data.id, 30 * 60_000, 1000);
    const exportSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (gcSampler) clearInterval(gcSampler);
    if (gcSampler) console.log(`heap still used after a full GC, at most: ${(retainedPeak / 1048576).toFixed(0)} MB`);
    if (job.status !== 'done') throw new Error(`export ended ${job.status}: ${job.errorCode} ${job.errorDetail}`);

    console.log(`peaks above the start: heap ${((heapPeak - before.heapUsed) / 1048576).toFixed(0)} MB, external ${((externalPeak - before.external) / 1048576).toFixed(0)} MB`);
    const doc = cocoInMemory(IMAGES);
    const file = path.join(os.tmpdir(), `coco-baseline-${process.pid}.json`);
    const b0 = performance.now();
    fs.writeFileSync(file, JSON.stringify(doc));
    const baselineSeconds = (performance.now() - b0) / 1000;
    const baselineBytes = fs.statSync(file).size;
    fs.rmSync(file);

    const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
    console.log(`\n| what | seconds | size | RSS growth | ratio to the limit |`);
    console.log('|---|---|---|---|---|');
    console.log(`| COCO export, ${STORE} store (${job.report!.objectsWritten} objects, ${job.report!.frames} images) | ${exportSeconds.toFixed(1)} | ${mb(job.sizeBytes)} MB zip | ${mb(rssPeak - rssBefore)} MB | ${(exportSeconds / baselineSeconds).toFixed(1)}x |`);
    console.log(`| limit: JSON.stringify + write of the same objects from memory | ${baselineSeconds.toFixed(1)} | ${mb(baselineBytes)} MB json | (not measured) | 1.0x |`);
  } finally {
    await s.close();
  }
}

await main();
