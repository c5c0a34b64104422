/**
 * Export of masks at scale, issue 32: BENCH_IMAGES one-frame 640 x 480 images (default 10,000),
 * each with BENCH_MASKS instance masks (default 10: 100,000 masks) of a brush's shapes (discs,
 * rings, from 8 to 60 px across, overlapping), through the real route and background runner on
 * PostgreSQL, to COCO run-length, to PNG masks (CVAT's Segmentation mask layout), and to COCO
 * with masks as polygons; beside them the reference, our existing COCO path: the same shapes
 * stored as polygon objects, exported to COCO. Each export runs in a process of its own (server
 * and export thread), so each peak RSS is its own: time from POST /export to the finished zip,
 * the process's peak resident memory (sampled every 50 ms) and its growth over the idle server.
 * Usage: tsx bench/export-masks.ts   (PostgreSQL from TEST_DATABASE_URL or .run/pg.env)
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../src-server/app';
import { loadConfig } from '../src-server/config';
import type { Database } from '../src-server/database/schema';
import { maskPolygons } from '../src-server/exports/formats/cocoMasks';
import { decodeCounts } from '../src-shared/mask/rle';
import type { MaskGeometry } from '../src-shared/model/annotation';
import { freshDatabase } from '../tests/support/databases';
import { awaitExport } from '../tests/support/exportJobs';
import { discs } from '../tests/support/maskSample';

const IMAGES = Number(process.env.BENCH_IMAGES ?? 10_000);
const MASKS = Number(process.env.BENCH_MASKS ?? 10);
const [WIDTH, HEIGHT] = [640, 480];

/** 40 shapes a brush makes, each in its own box (the run-length does not depend on where the box is). */
function shapes(): { mask: MaskGeometry; outline: { x: number; y: number }[] }[] {
  return Array.from({ length: 40 }, (_, i) => {
    const r = 4 + ((i * 7) % 27);
    const size = 2 * r + 2;
    const g = discs(size, size, [[r + 1, r + 1, r]], i % 3 === 0 ? [[r + 1, r + 1, r / 3]] : []);
    const flat = maskPolygons(g, decodeCounts(g.rle)!, null)[0]!;
    return { mask: g, outline: Array.from({ length: flat.length / 2 }, (_, k) => ({ x: flat[2 * k]! - g.x, y: flat[2 * k + 1]! - g.y })) };
  });
}

async function seedProject(db: Kysely<Database>, owner: number, teamId: number, tool: 'mask' | 'polygon', now: number): Promise<number> {
  const projectId = (await db.insertInto('projects').values({ team_id: teamId, name: `Bench ${tool}s`, type: 'image', is_vendor: 0, created_by: owner, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const ontologyId = (await db.insertInto('ontologies').values({ project_id: projectId, name: 'Animals', created_by: owner, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const labels = [['cat', 'cat', '#e6194b'], ['dog', 'dog', '#3cb44b'], ['bird', 'bird', '#4363d8']].map(([id, name, color]) => ({ id, name, color }));
  const featureId = (
    await db
      .insertInto('ontology_features')
      .values({ ontology_id: ontologyId, name: 'Animals', tool, sort_order: 0, label_count: labels.length, created_at: now, updated_at: now, definition: JSON.stringify({ version: 1, labels, attributes: [] }) })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const batchId = (await db.insertInto('batches').values({ project_id: projectId, name: 'Bench batch', subject_count: IMAGES, created_by: owner, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  await sql`
    insert into subjects (project_id, batch_id, name, record_type, frame_count, size_bytes, content_hash, created_by, created_at)
    select ${projectId}, ${batchId}, 'img_' || g || '.jpg', 'image', 1, 100000, md5(${tool} || g::text) || md5('subject ' || g), ${owner}, ${now}
    from generate_series(1, ${IMAGES}) as g`.execute(db);
  await sql`
    insert into subject_frames (subject_id, frame_index, object_key, file_name, content_type, size_bytes, width, height, content_hash)
    select id, 0, 'dataset/' || project_id || '/bench/' || name, name, 'image/jpeg', 100000, ${WIDTH}, ${HEIGHT}, md5('frame ' || id) || md5('file ' || id)
    from subjects where batch_id = ${batchId}`.execute(db);
  const taskId = (await db.insertInto('tasks').values({ project_id: projectId, name: 'Bench task', created_by: owner, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const workflowId = (await db.insertInto('workflows').values({ task_id: taskId, project_id: projectId, step_index: 0, type: 'annotate', name: 'annotate 1', created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  await sql`
    insert into task_subjects (task_id, project_id, subject_id, workflow_id, step_index, state, rework, version, created_at, updated_at)
    select ${taskId}, ${projectId}, id, ${workflowId}, 0, 'done', 0, 1, ${now}, ${now}
    from subjects where batch_id = ${batchId} order by id`.execute(db);
  const pairs = await db.selectFrom('task_subjects as ts').innerJoin('subject_frames as sf', 'sf.subject_id', 'ts.subject_id').select(['ts.id as ts', 'sf.id as frame']).where('ts.task_id', '=', taskId).orderBy('ts.id').execute();
  const all = shapes();
  // The same shapes at the same places in both projects: masks in one, their outlines in the other.
  for (let start = 0; start < pairs.length; start += 500) {
    const rows = pairs.slice(start, start + 500).map((p, n) => {
      const i = start + n;
      const objects = Array.from({ length: MASKS }, (_, k) => {
        const s = all[(i * 7 + k * 13) % all.length]!;
        const x = (i * 37 + k * 61) % (WIDTH - s.mask.width);
        const y = (i * 53 + k * 29) % (HEIGHT - s.mask.height);
        const geometry = tool === 'mask' ? { ...s.mask, x, y } : { points: s.outline.map((q) => ({ x: q.x + x, y: q.y + y })) };
        return { id: `o${k}`, featureId, labelId: labels[k % 3]!.id, tool, geometry, attributes: {}, zIndex: k, source: 'manual' };
      });
      return { task_subject_id: p.ts, frame_id: p.frame, data: JSON.stringify({ version: 1, objects, classifications: [] }), object_count: MASKS, version: 1, updated_by: owner, updated_at: now };
    });
    await db.insertInto('annotation_frames').values(rows).execute();
  }
  return projectId;
}

interface Measured {
  seconds: number;
  rssIdleMb: number;
  rssPeakMb: number;
  zipMb: number;
  objects: number;
  frames: number;
}

/** One export in this process (a child of the bench): the server on the seeded database, the run, the figures as JSON on stdout. */
async function runOne(databaseUrl: string, projectId: number, owner: number, format: string, options: object): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-masks-'));
  const app = await buildApp({ config: { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), databaseUrl }, now: () => Date.now() });
  const s = {
    app,
    call: async (o: { method: 'POST'; url: string; token: string; payload: object }) => {
      const res = await app.inject({ method: o.method, url: o.url, payload: o.payload, headers: { 'x-annot-token': o.token } });
      return { status: res.statusCode, body: res.json() };
    },
  };
  try {
    const token = await app.ctx.repos.sessions.open(owner, Date.now());
    global.gc?.();
    const rssIdle = process.memoryUsage().rss;
    let rssPeak = rssIdle;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
    const started = performance.now();
    const r = await s.call({ method: 'POST', url: '/core/export', token, payload: { projectId, format, options, name: `Bench ${format}` } });
    const job = await awaitExport(s as never, token, projectId, r.body.data.id, 60 * 60_000, 1000);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    if (job.status !== 'done') throw new Error(`export ended ${job.status}: ${job.errorCode} ${job.errorDetail}`);
    const mb = (n: number) => Math.round(n / 1048576);
    const measured: Measured = { seconds, rssIdleMb: mb(rssIdle), rssPeakMb: mb(rssPeak), zipMb: Math.round((job.sizeBytes / 1048576) * 10) / 10, objects: job.report!.objectsWritten, frames: job.report!.frames };
    process.stdout.write(`${JSON.stringify(measured)}\n`);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function child(args: string[]): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const p = fork(fileURLToPath(import.meta.url), args, { execArgv: [...process.execArgv, '--expose-gc'], stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
    let out = '';
    p.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    p.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!) as Measured) : reject(new Error(`${args[0]} exited ${code}`))));
  });
}

async function main() {
  const db0 = await freshDatabase('postgres');
  try {
    const app = await buildApp({ config: { ...loadConfig({ DATA_DIR: db0.dataDir, LOG_LEVEL: 'silent' }), databaseUrl: db0.databaseUrl }, now: () => Date.now() });
    const { db } = app.ctx;
    const now = Date.now();
    const owner = (await db.insertInto('users').values({ mobile: '13900000000', name: 'Owner', password_hash: 'x', current_team_id: null, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    const teamId = (await db.insertInto('teams').values({ name: 'Bench team', owner_id: owner, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('team_members').values({ team_id: teamId, user_id: owner, role: 'owner', joined_at: now }).execute();
    await db.updateTable('users').set({ current_team_id: teamId }).where('id', '=', owner).execute();
    const t0 = performance.now();
    const masks = await seedProject(db, owner, teamId, 'mask', now);
    const polygons = await seedProject(db, owner, teamId, 'polygon', now);
    await sql`vacuum analyze`.execute(db);
    await app.close();
    console.log(`seeded ${IMAGES} images of ${WIDTH} x ${HEIGHT} with ${IMAGES * MASKS} masks, and the same outlines as polygons, in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

    const runs: [string, number, string, object][] = [
      ['COCO, masks as run-length', masks, 'coco', {}],
      ['PNG masks (SegmentationClass + SegmentationObject)', masks, 'segmentationMask', {}],
      ['COCO, masks as polygons', masks, 'coco', { cocoMasks: 'polygon' }],
      ['reference: COCO of the same outlines stored as polygons', polygons, 'coco', {}],
    ];
    console.log(`\n| export of ${IMAGES} images, ${IMAGES * MASKS} instances | seconds | zip | peak RSS | RSS growth over the idle server |`);
    console.log('|---|---|---|---|---|');
    for (const [name, projectId, format, options] of runs) {
      const m = await child(['run', db0.databaseUrl!, String(projectId), String(owner), format, JSON.stringify(options)]);
      console.log(`| ${name} (${m.objects} written) | ${m.seconds.toFixed(1)} | ${m.zipMb} MB | ${m.rssPeakMb} MB | ${m.rssPeakMb - m.rssIdleMb} MB |`);
    }
  } finally {
    await db0.drop();
  }
}

if (process.argv[2] === 'run') {
  const [, , , url, projectId, owner, format, options] = process.argv;
  await runOne(url!, Number(projectId), Number(owner), format!, JSON.parse(options!) as object);
  process.exit(0);
} else {
  await main();
}
