/**
 * Issue 35: a team's CVAT work of 10,000 images and 200,000 objects, both ways, on PostgreSQL,
 * through the real routes, with COCO of the same project beside it in one run.
 *
 * A project of BENCH_IMAGES one-frame images (default 10,000), each with 19 boxes (answers on
 * every box) and 1 polygon: 200,000 objects. Exported as CVAT for images 1.1 and as COCO through
 * the export job; then each zip imported through POST /project/external/import into a second
 * project of the same pictures and ontology (replace, nothing held). For each: seconds to the
 * end; for imports also to the first item ready to work (the first of its annotations written,
 * polled every 50 ms); the server's event-loop delay (max and p99, perf_hooks, 20 ms
 * resolution) while it ran; and the server process's resident memory growth, sampled every 50 ms
 * (the import's reader runs in a child process with a capped heap: its own memory is not in it;
 * the export's writer thread is).
 * Usage: tsx bench/exchange-cvat.ts   (PostgreSQL from TEST_DATABASE_URL or .run/pg.env)
 */
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startObsServer, type ObsServer } from '../tests/support/obsServer';
import { awaitExport } from '../tests/support/exportJobs';
import { seedAnnotatedProject } from './lib/annotatedProject';

const IMAGES = Number(process.env.BENCH_IMAGES ?? 10_000);
const BOXES = 19;

interface Measured {
  seconds: number;
  firstSeconds?: number;
  stallMaxMs: number;
  stallP99Ms: number;
  rssGrowthMb: number;
}

/** Runs `work` while sampling memory and the event loop; `first` (optional) is polled for the first item ready. */
async function measure(work: () => Promise<void>, first?: () => Promise<boolean>): Promise<Measured> {
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  const t0 = performance.now();
  let firstAt: number | undefined;
  let done = false;
  const poll = first
    ? (async () => {
        while (!done && firstAt === undefined) {
          if (await first()) firstAt = performance.now();
          else await new Promise((r) => setTimeout(r, 50));
        }
      })()
    : Promise.resolve();
  await work();
  const seconds = (performance.now() - t0) / 1000;
  done = true;
  await poll;
  loop.disable();
  clearInterval(sampler);
  return {
    seconds,
    ...(firstAt !== undefined ? { firstSeconds: (firstAt - t0) / 1000 } : {}),
    stallMaxMs: loop.max / 1e6,
    stallP99Ms: loop.percentile(99) / 1e6,
    rssGrowthMb: (rssPeak - rssBefore) / 1048576,
  };
}

async function exportAs(s: ObsServer, token: string, projectId: number, format: string): Promise<{ m: Measured; key: string; objects: number; mb: number }> {
  let key = '';
  let objects = 0;
  let bytes = 0;
  const m = await measure(async () => {
    const r = await s.call({ method: 'POST', url: '/core/export', token, payload: { projectId, format, name: `Bench ${format}` } });
    const job = await awaitExport(s, token, projectId, r.body.data.id, 30 * 60_000, 1000);
    if (job.status !== 'done') throw new Error(`${format} export ended ${job.status}: ${job.errorCode} ${job.errorDetail}`);
    key = job.objectKey!;
    objects = job.report!.objectsWritten;
    bytes = job.sizeBytes;
  });
  return { m, key, objects, mb: bytes / 1048576 };
}

async function importAs(s: ObsServer, token: string, target: { projectId: number; taskId: number }, format: string, key: string): Promise<{ m: Measured; objects: number }> {
  const { db } = s.app.ctx;
  // A clean target for each import: replace mode writes every frame again anyway, but "first ready" needs an empty start.
  await db.deleteFrom('annotation_frames').where('task_subject_id', 'in', db.selectFrom('task_subjects').select('id').where('task_id', '=', target.taskId)).execute();
  let objects = 0;
  const firstReady = async () => (await db.selectFrom('annotation_frames as af').innerJoin('task_subjects as ts', 'ts.id', 'af.task_subject_id').select('af.frame_id').where('ts.task_id', '=', target.taskId).limit(1).executeTakeFirst()) !== undefined;
  const m = await measure(async () => {
    const r = await s.call({ method: 'POST', url: '/core/project/external/import', token, payload: { projectId: target.projectId, taskId: target.taskId, format, key, dryRun: false, mode: 'replace' } });
    if (r.body.msg !== 'ok') throw new Error(`${format} import: ${r.body.msg} ${JSON.stringify(r.body.data).slice(0, 500)}`);
    objects = r.body.data.matched.objects;
  }, firstReady);
  return { m, objects };
}

async function main() {
  const s = await startObsServer('postgres', 'embedded');
  const { db } = s.app.ctx;
  try {
    const t0 = performance.now();
    const a = await seedAnnotatedProject(db, { images: IMAGES, boxes: BOXES, now: Date.now() });
    const b = await seedAnnotatedProject(db, { images: IMAGES, boxes: BOXES, now: Date.now(), annotated: false, team: a });
    console.log(`seeded ${IMAGES} images with ${IMAGES * (BOXES + 1)} objects, and a project of the same pictures to import into, in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const token = await s.app.ctx.repos.sessions.open(a.owner, Date.now());

    const rows: string[] = [];
    const row = (what: string, m: Measured, size: string) =>
      rows.push(`| ${what} | ${m.firstSeconds === undefined ? '' : m.firstSeconds.toFixed(1)} | ${m.seconds.toFixed(1)} | ${m.stallMaxMs.toFixed(0)} / ${m.stallP99Ms.toFixed(0)} | ${m.rssGrowthMb.toFixed(0)} MB | ${size} |`);
    const cvat = await exportAs(s, token, a.projectId, 'cvat');
    row(`export, CVAT for images 1.1 (${cvat.objects.toLocaleString('en-US')} objects)`, cvat.m, `${cvat.mb.toFixed(1)} MB zip`);
    const coco = await exportAs(s, token, a.projectId, 'coco');
    row(`export, COCO (${coco.objects.toLocaleString('en-US')} objects)`, coco.m, `${coco.mb.toFixed(1)} MB zip`);
    const cvatIn = await importAs(s, token, b, 'cvat', cvat.key);
    row(`import, CVAT for images 1.1 (${cvatIn.objects.toLocaleString('en-US')} objects)`, cvatIn.m, '');
    const cocoIn = await importAs(s, token, b, 'coco', coco.key);
    row(`import, COCO (${cocoIn.objects.toLocaleString('en-US')} objects)`, cocoIn.m, '');

    const load = os.loadavg().map((x) => x.toFixed(1)).join(' / ');
    console.log(`\nRun of ${new Date().toISOString().slice(0, 16).replace('T', ' ')}, ${IMAGES.toLocaleString('en-US')} images, load average ${load} at the end:\n`);
    console.log('| what | first item ready, s | to the end, s | event-loop delay max / p99, ms | server RSS growth | size |');
    console.log('|---|---|---|---|---|---|');
    for (const r of rows) console.log(r);
    console.log(`\nCVAT / COCO: export ${(cvat.m.seconds / coco.m.seconds).toFixed(2)}x, import ${(cvatIn.m.seconds / cocoIn.m.seconds).toFixed(2)}x`);
  } finally {
    await s.close();
  }
}

await main();
