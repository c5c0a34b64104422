/**
 * Zip bombs against the annotation import, the old way and the new, side by side in one run.
 * Each case runs in a server process of its own (SQLite, local-disk store, real HTTP on
 * loopback): the zip is put in the store, the import's reading step runs once (after one
 * warm-up read of a small zip by the same path), and meanwhile a separate process sends a cheap
 * authenticated request (GET /core/user/info) every 10 ms. Measured: how long the reading took
 * to answer (its frames, or its error), the latency of those requests while it ran, the server's
 * event-loop delay, the server process's peak resident memory (VmHWM, reset just before) above
 * what it had before, and for the new way the reader process's peak memory.
 *
 * old = the code as it was (kept here only): the zip read whole into memory, adm-zip's
 *       directory sizes checked, every entry inflated synchronously on the server's thread.
 * new = src-server/imports/readZip.ts: copied to a file, only the entries the reader opens
 *       inflated as a stream in a reader process with a capped heap, real bytes counted.
 *
 * Zips: "coco-bomb" (the issue's: a COCO JSON and 4 x 500 MiB of zeros as images, 2 MB, under
 * every stated-size limit), "yolo-bomb" (the same zeros where a reader does open them: label
 * files), and an honest COCO of BENCH_COCO_IMAGES images (default 25,000, 35 MB of JSON), read
 * once with requests meanwhile and twice alone (no requests) for the time ratio.
 * Usage: tsx bench/import-zip-bomb.ts   (Linux: reads /proc)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import AdmZip from 'adm-zip';
import { ZipFile } from 'yazl';
import { readSource } from '../src-server/imports/readSource';
import { readImportZip } from '../src-server/imports/readZip';
import type { ObjectStore } from '../src-server/storage';
import { AppError } from '../src-server/errors';
import { zipEntries, writeCoco } from '../src-server/exports/formats';
import type { ImportFormat } from '../src-shared/api/projectImport';
import { bombZip } from '../tests/support/bombZip';
import { sampleItems, sampleOntology, writeIntoZip } from '../tests/support/exportSample';
import { putZip } from '../tests/support/importFixture';
import { startTestServer } from '../tests/support/testServer';
import { buildWorld } from '../tests/support/world';
import { percentiles } from './lib/stats';

const MiB = 1024 ** 2;
const COCO_IMAGES = Number(process.env.BENCH_COCO_IMAGES ?? 25_000);

// ---- the old reading, as it was before the fix (fetchZip.ts + openZip.ts + zipEntries) ----
async function oldFetchZip(store: ObjectStore, key: string, max: number): Promise<Buffer> {
  const info = await store.head(key);
  if (!info) throw new AppError('import.zipNotFound');
  if (info.size > max) throw new AppError('import.zipTooLarge', { limit: 'zip', max });
  const parts: Buffer[] = [];
  for await (const chunk of await store.get(key)) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}
function oldOpenZip(zip: Buffer) {
  const limits = { unpackedBytes: 2 * 1024 ** 3, entryBytes: 512 * MiB };
  const files = new AdmZip(zip).getEntries().filter((e) => !e.isDirectory);
  let total = 0;
  for (const e of files) {
    if (e.header.size > limits.entryBytes) throw new AppError('import.zipTooLarge', { limit: 'entry', max: limits.entryBytes, file: e.entryName });
    total += e.header.size;
    if (total > limits.unpackedBytes) throw new AppError('import.zipTooLarge', { limit: 'unpacked', max: limits.unpackedBytes });
  }
  return zipEntries(zip);
}
const oldRead = async (store: ObjectStore, key: string, format: ImportFormat) => await readSource(format, oldOpenZip(await oldFetchZip(store, key, 1024 ** 3)));

// ---- the zips ----
async function yazlZip(files: Record<string, string>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const parts: Buffer[] = [];
  for await (const c of zip.outputStream) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

function honestCoco(images: number): string {
  const rnd = (n: number) => Math.round(Math.random() * n * 100) / 100;
  const doc = {
    images: Array.from({ length: images }, (_, i) => ({ id: i + 1, file_name: `bench/img_${i + 1}.jpg`, width: 1920, height: 1080 })),
    categories: ['car', 'person', 'truck', 'bus', 'bike'].map((name, i) => ({ id: i + 1, name, supercategory: 'Road users' })),
    annotations: Array.from({ length: images * 10 }, (_, i) => ({ id: i + 1, image_id: Math.floor(i / 10) + 1, category_id: (i % 5) + 1, bbox: [rnd(1800), rnd(1000), rnd(300), rnd(300)], area: rnd(90000), iscrowd: 0, attributes: { occluded: i % 3 === 0 } })),
  };
  return JSON.stringify(doc);
}

async function zipFor(name: string): Promise<{ zip: Buffer; format: ImportFormat; unpacked: number }> {
  const coco = (await writeIntoZip((sink) => writeCoco(sampleItems, sampleOntology, sink))).entries.get('annotations/instances_default.json')!.toString();
  const zeros = (name: (i: number) => string) => [0, 1, 2, 3].map((i) => ({ name: name(i), zeros: 500 * MiB }));
  if (name === 'coco-bomb') return { zip: bombZip([{ name: 'annotations/instances_default.json', data: coco }, ...zeros((i) => `images/zeros-${i}.jpg`)]), format: 'coco', unpacked: 2000 * MiB + coco.length };
  if (name === 'yolo-bomb') return { zip: bombZip([{ name: 'data.yaml', data: 'names: [car]\n' }, ...zeros((i) => `labels/train/zeros-${i}.txt`)]), format: 'yolo', unpacked: 2000 * MiB };
  const json = honestCoco(COCO_IMAGES);
  return { zip: await yazlZip({ 'annotations/instances_default.json': json }), format: 'coco', unpacked: json.length };
}

// ---- one case, in its own process ----
/** Sends the cheap request every 10 ms and, every 50 ms, reads the peak memory of the server's other children (the reader). */
const PINGER = `
const fs = require('node:fs');
const [url, token] = process.argv.slice(1);
let on = false, stop = false, readerPeak = 0; const lat = [];
process.on('message', (m) => { if (m === 'start') on = true; if (m === 'stop') stop = true; });
const sample = setInterval(() => {
  if (!on) return;
  try {
    for (const pid of fs.readFileSync('/proc/' + process.ppid + '/task/' + process.ppid + '/children', 'utf8').trim().split(/\\s+/)) {
      if (!pid || Number(pid) === process.pid) continue;
      const kb = /VmHWM:\\s+(\\d+) kB/.exec(fs.readFileSync('/proc/' + pid + '/status', 'utf8'));
      if (kb) readerPeak = Math.max(readerPeak, Number(kb[1]) * 1024);
    }
  } catch {}
}, 50);
(async () => {
  while (!stop) {
    const t = performance.now();
    if (url) await fetch(url, { headers: { 'x-annot-token': token } }).then((r) => r.arrayBuffer());
    if (on && url) lat.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, Math.max(0, 10 - (performance.now() - t))));
  }
  clearInterval(sample);
  process.send({ lat, readerPeak }, () => process.exit(0));
})();`;

const peakRss = () => Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))![1]) * 1024;

/**
 * One reading of `zipName` the `way` given; with `pings`, other requests are sent meanwhile.
 * The warm-up reads a small COCO, or with `warm` the same zip (code compiled and optimised, as
 * for any import after the first of its size).
 */
async function runCase(zipName: string, way: 'old' | 'new', pings: boolean, warm: boolean) {
  const s = await startTestServer('sqlite');
  const address = await s.app.listen({ port: 0, host: '127.0.0.1' });
  const w = await buildWorld(s.app.ctx);
  const store = s.app.ctx.storage;
  const read = (key: string, format: ImportFormat) => (way === 'old' ? oldRead(store, key, format) : readImportZip({ storage: store, tempDir: s.app.ctx.config.exports.tempDir }, key, format));
  const { zip, format, unpacked } = await zipFor(zipName);
  const key = await putZip(s.app.ctx, w.users.manager.id, zip);
  await read(warm ? key : await putZip(s.app.ctx, w.users.manager.id, (await writeIntoZip((sink) => writeCoco(sampleItems, sampleOntology, sink))).zip), warm ? format : 'coco');

  const pinger = spawn(process.execPath, ['-e', PINGER, pings ? `${address}/core/user/info` : '', w.users.manager.token], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const pinged = new Promise<{ lat: number[]; readerPeak: number }>((resolve) => pinger.once('message', (m) => resolve(m as { lat: number[]; readerPeak: number })));
  // The standby reader started by the warm-up has loaded; the pinger's connection is open.
  await new Promise((r) => setTimeout(r, 3000));
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  fs.writeFileSync('/proc/self/clear_refs', '5');
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  pinger.send('start');
  const t = performance.now();
  const outcome = await read(key, format).then(
    (src) => `${src.frames.length} frames`,
    (err: unknown) => (err instanceof AppError ? `${err.code} ${err.key} (${JSON.stringify(err.data).slice(0, 60)})` : String(err)),
  );
  const ms = performance.now() - t;
  // A stall that ends with the reading is recorded once the loop's timer runs again.
  await new Promise((r) => setTimeout(r, 30));
  const peak = peakRss();
  loop.disable();
  pinger.send('stop');
  const { lat, readerPeak } = await pinged;
  await s.close();
  const p = percentiles(lat.length ? lat : [0]);
  return { zip: zipName, way, pings, warm, zipMB: zip.length / MiB, unpackedMB: unpacked / MiB, ms, outcome, n: lat.length, p50: p.p50, p95: p.p95, max: Math.max(0, ...lat), loopMaxMs: loop.max / 1e6, rssGrowthMB: (peak - rssBefore) / MiB, readerPeakMB: readerPeak / MiB };
}

async function main() {
  if (process.argv[2] === '--case') {
    const r = await runCase(process.argv[3]!, process.argv[4] as 'old' | 'new', process.argv[5] === 'pings', process.argv[6] === 'warm');
    console.log(`RESULT ${JSON.stringify(r)}`);
    process.exit(0);
  }
  const self = fileURLToPath(import.meta.url);
  const run = (zipName: string, way: 'old' | 'new', pings: boolean, warm: boolean) =>
    new Promise<Awaited<ReturnType<typeof runCase>>>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--expose-gc', self, '--case', zipName, way, pings ? 'pings' : 'alone', warm ? 'warm' : 'cold'], { stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(/RESULT (.*)/.exec(text)![1]!)) : reject(new Error(`${zipName} ${way} exited with ${code}: ${text}`))));
    });
  const rows: Awaited<ReturnType<typeof runCase>>[] = [];
  const cases: [string, boolean, boolean][] = [
    ['coco-bomb', true, false],
    ['yolo-bomb', true, false],
    ['honest-coco', true, false],
    ['honest-coco', false, false],
    ['honest-coco', false, false],
    ['honest-coco', false, true],
    ['honest-coco', false, true],
  ];
  for (const [zipName, pings, warm] of cases) {
    for (const way of ['old', 'new'] as const) {
      const row = await run(zipName, way, pings, warm);
      rows.push(row);
      console.error(`${zipName} ${way}${pings ? '' : ' alone'}${warm ? ', warm' : ''}: ${row.ms.toFixed(0)} ms, ${row.outcome}`);
    }
  }
  const f = (n: number, d = 0) => n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
  console.log('| zip | way | read before | zip MB | unpacks to MB | reading answered in ms | answer | requests meanwhile | request p50 ms | p95 ms | max ms | event loop delay max ms | server peak RSS growth MB | reader process peak RSS MB |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const requests = r.pings ? `${r.n} | ${f(r.p50, 1)} | ${f(r.p95, 1)} | ${f(r.max, 1)}` : 'none sent | | |';
    console.log(`| ${r.zip} | ${r.way} | ${r.warm ? 'the same zip' : 'a small COCO'} | ${f(r.zipMB, 1)} | ${f(r.unpackedMB)} | ${f(r.ms)} | ${r.outcome} | ${requests} | ${f(r.loopMaxMs, 1)} | ${f(r.rssGrowthMB)} | ${r.way === 'new' ? f(r.readerPeakMB) : '-'} |`);
  }
  const ratios = (warm: boolean) => {
    const alone = rows.filter((r) => r.zip === 'honest-coco' && !r.pings && r.warm === warm);
    return [0, 2].map((i) => (alone[i + 1]!.ms / alone[i]!.ms).toFixed(2)).join(', ');
  };
  console.log(`\nhonest COCO read alone, new / old time, per pair: after a small COCO ${ratios(false)}; after the same zip ${ratios(true)}`);
}

await main();
