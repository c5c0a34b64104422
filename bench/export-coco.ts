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
import { startObsServer } from '../tests/support/obsServer';
import { awaitExport } from '../tests/support/exportJobs';
import { seedAnnotatedProject } from './lib/annotatedProject';

const IMAGES = Number(process.env.BENCH_IMAGES ?? 100_000);
const STORE = process.env.BENCH_STORE === 's3' ? 's3' : 'embedded';
const BOXES = 10;

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
    const { owner, projectId } = await seedAnnotatedProject(db, { images: IMAGES, boxes: BOXES, now: Date.now() });
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
