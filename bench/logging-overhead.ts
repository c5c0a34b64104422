/**
 * What logging costs the annotator, and how much it writes (issue 18). The product as
 * `npm start` runs it (SQLite, the browser host, real Chromium), started afresh for each session
 * with WORKSTATION_LOG_LEVEL=debug (logging on, everything recorded: the default) or off (no
 * record made, in the main process or the page). Sessions alternate on, off, off, on, ...
 * (ABBA: a machine getting busier or quieter through the run weighs on both alike).
 * Each session:
 *   1. submit to next item: BENCH_ITEMS (200) photographs, a box drawn on each, Submit once
 *      "Next item ready" shows; from the click to the next item drawn (bench/workspace-next.ts);
 *   2. frame time: an item holding 10,000 polygons of 20 points opened in the workspace, zoomed in
 *      and out by wheel events, one per frame, for 400 frames (requestAnimationFrame deltas).
 * Then, logging on, the volume of an annotator's work: BENCH_VOLUME_ITEMS (40) items of
 * BENCH_BOXES (5) boxes, each box saved on its own (the sync badge back to "synced" before the
 * next, as when boxes are seconds apart); the records written (logs.query), logs.db growth
 * (SQLite pages in use) and the zip ops would get (logs.export: the shipper's format), per item,
 * extrapolated to an hour and an 8-hour day at BENCH_PACE items an hour.
 *
 * BENCH_DESIGN=interleaved (the default) measures both levels in ONE session instead, so drift
 * between sessions (23% at p95 between two identical logging-off sessions on 2026-11-26) cannot
 * pass for a difference: the level is switched while the product runs (`logs.setLevel`, the
 * Operations page's control) before each item, in the order on, off, off, on, ..., and each
 * submit counts for the level its item was worked under; the frames run as 4 passes of 100
 * (on, off, off, on). BENCH_DESIGN=sessions is the earlier design (a fresh product per level).
 * Usage: tsx bench/logging-overhead.ts   (build first: electron-vite build)
 */
import { fmt, percentiles, ratioInterval } from './lib/stats';
import { ownerApi, ownerHeaders, ownerSession, startProductHost, type ProductHost } from './lib/productHost';
import { makePhotoTask, savePolygons } from './lib/workspaceTask';
import { drawBox, openWorkspace, submitToNext, wheelFrames } from './lib/workspacePasses';
import { invoke, logsDbBytes, recordsSince, zippedBytes } from './lib/logVolume';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 200);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 2);
const POLYGONS = 10_000;
const FRAMES = 400;
const VOLUME_ITEMS = Number(process.env.BENCH_VOLUME_ITEMS ?? 40);
const BOXES = Number(process.env.BENCH_BOXES ?? 5);
/**
 * Items an hour of a steady annotator drawing BENCH_BOXES boxes an item: bench/ai-effort.ts
 * measured 8.2 s a box by hand (KLM person time plus the app's waits), so 5 boxes and the
 * item's own decision (1.35 s) are about 42 s: 85 items an hour.
 */
const PACE = Number(process.env.BENCH_PACE ?? 85);
const DESIGN = process.env.BENCH_DESIGN ?? 'interleaved';

type Level = 'debug' | 'off';
const MB = 1024 * 1024;

async function setUp(host: ProductHost, items: number) {
  const headers = await ownerHeaders(host);
  const api = await ownerApi(host);
  const me = await api('GET', '/user/info');
  const { projectId } = (await api('POST', '/project', { projectName: `Logging bench ${Date.now()}`, type: 'image' })) as { projectId: number };
  await api('POST', '/ontology/feature/manage', {
    projectId,
    features: [
      { name: 'Things', tool: 'box', labels: [{ name: 'Thing', color: '#fa541c', hotkey: 't' }] },
      { name: 'Outlines', tool: 'polygon', labels: [{ name: 'Outline', color: '#1677ff', hotkey: 'o' }] },
    ],
  });
  return { headers, api, me, projectId, items };
}

/** A session's two tasks (ITEMS photographs; one item of 10,000 polygons) and the owner's page. */
async function workAndShapes(host: ProductHost) {
  const { headers, api, me, projectId } = await setUp(host, ITEMS);
  const work = await makePhotoTask(host, api, headers, projectId, me.id, 'work', ITEMS);
  const shapes = await makePhotoTask(host, api, headers, projectId, me.id, 'shapes', 1);
  await savePolygons(api, shapes, shapes.firstPhoto, POLYGONS);
  const ctx = await host.browser.newContext({ storageState: await ownerSession(host), viewport: { width: 1280, height: 800 } });
  return { work, shapes, ctx, page: await ctx.newPage() };
}

/** One session on a fresh product: the submit pass, then the frames over 10,000 polygons. */
async function session(level: Level, index: number) {
  const host = await startProductHost(`logging-${index}`, 8797, 8798, { WORKSTATION_LOG_LEVEL: level });
  try {
    const { work, shapes, ctx, page } = await workAndShapes(host);
    const from = Date.now();
    await openWorkspace(page, host.base, work);
    const submit = await submitToNext(page, ITEMS);
    const records = level === 'off' ? 0 : (await recordsSince(host, from)).length;
    await openWorkspace(page, host.base, shapes);
    const frames = await wheelFrames(page, FRAMES);
    await ctx.close();
    return { level, submit, frames, records };
  } finally {
    await host.close();
  }
}

/** ABBA over a run of n: on, off, off, on, on, off, ... */
const abba = (i: number): Level => (i % 4 === 0 || i % 4 === 3 ? 'debug' : 'off');

/** Both levels in one session: the level switched while it runs, before each item and each frame pass. */
async function interleavedSession() {
  const host = await startProductHost('logging-interleaved', 8797, 8798, { WORKSTATION_LOG_LEVEL: 'debug' });
  try {
    const { work, shapes, ctx, page } = await workAndShapes(host);
    const setLevel = (level: Level) => invoke(host, 'logs.setLevel', { level });
    await openWorkspace(page, host.base, work);
    const levels: Level[] = [];
    const times = await submitToNext(page, ITEMS, async (i) => {
      levels.push(abba(i));
      await setLevel(abba(i));
    });
    await setLevel('debug');
    await openWorkspace(page, host.base, shapes);
    const frames: Record<Level, number[]> = { debug: [], off: [] };
    for (let pass = 0; pass < 4; pass++) {
      await setLevel(abba(pass));
      frames[abba(pass)].push(...(await wheelFrames(page, FRAMES / 4)));
    }
    await setLevel('debug');
    await ctx.close();
    const submit: Record<Level, number[]> = { debug: [], off: [] };
    times.forEach((t, i) => submit[levels[i]!].push(t));
    return { submit, frames };
  } finally {
    await host.close();
  }
}

/** Logging on: an annotator's items of several boxes, each box its own save; what the logger kept. */
async function volume() {
  const host = await startProductHost('logging-volume', 8797, 8798, { WORKSTATION_LOG_LEVEL: 'debug' });
  try {
    const { headers, api, me, projectId } = await setUp(host, VOLUME_ITEMS + 1);
    const work = await makePhotoTask(host, api, headers, projectId, me.id, 'volume', VOLUME_ITEMS + 1);
    const ctx = await host.browser.newContext({ storageState: await ownerSession(host), viewport: { width: 1280, height: 800 } });
    const page = await ctx.newPage();
    await openWorkspace(page, host.base, work);
    // From here on: the records of the work, not of the start and the sign-in.
    const from = Date.now();
    await recordsSince(host, 0); // flushes what is queued, so the size below holds it
    const before = logsDbBytes(host);
    const stage = page.getByTestId('workspace-stage');
    const started = performance.now();
    for (let i = 0; i < VOLUME_ITEMS; i++) {
      const item = await stage.getAttribute('data-item');
      for (let b = 0; b < BOXES; b++) {
        await drawBox(page, 't', [0.05 + 0.18 * b, 0.1 + 0.15 * b], 0.12);
        await page.locator('[data-testid="sync-state"][data-state="synced"]').waitFor({ timeout: 15_000 });
      }
      await page.getByTestId('next-ready').waitFor({ timeout: 15_000 });
      await page.getByTestId('submit').click();
      await page.locator(`[data-testid="workspace-stage"][data-item]:not([data-item="${item}"])`).waitFor();
    }
    const records = await recordsSince(host, from);
    const to = Date.now();
    const sqlite = logsDbBytes(host) - before;
    const zip = await zippedBytes(host, from, to);
    await ctx.close();
    return { records, sqlite, zip, seconds: (performance.now() - started) / 1000 };
  } finally {
    await host.close();
  }
}

/** The kind of a record, for the table: its message with numbers as N, up to the first comma. */
const kindOf = (message: string) => message.replace(/\d+(\.\d+)?/g, 'N').replace(/,.*$/, '').slice(0, 70);

function printInterleaved(r: Awaited<ReturnType<typeof interleavedSession>>) {
  console.log(`one session, ${ITEMS} items, the level switched per item (on, off, off, on, ...); ${POLYGONS.toLocaleString('en')} polygons x 20 points, 4 passes of ${FRAMES / 4} frames`);
  console.log('| measure | logging on p50 ms | on p95 ms | logging off p50 ms | off p95 ms | p50 on/off | p95 on/off |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [label, key] of [['submit to the next item drawn', 'submit'], ['frame, 10,000 polygons, wheel zoom', 'frames']] as const) {
    const on = percentiles(r[key].debug), off = percentiles(r[key].off);
    console.log(`| ${label} (${on.n} / ${off.n}) | ${fmt(on.p50)} | ${fmt(on.p95)} | ${fmt(off.p50)} | ${fmt(off.p95)} | ${(on.p50 / off.p50).toFixed(3)} | ${(on.p95 / off.p95).toFixed(3)} |`);
  }
  for (const key of ['submit', 'frames'] as const) {
    const p50 = ratioInterval(r[key].debug, r[key].off, 0.5), p95 = ratioInterval(r[key].debug, r[key].off, 0.95);
    console.log(`  ${key} on/off, 95% bootstrap interval: p50 ${p50.low.toFixed(3)} to ${p50.high.toFixed(3)}, p95 ${p95.low.toFixed(3)} to ${p95.high.toFixed(3)}`);
  }
  // The halves of the run apart: the same ratio in both says the drift within the run is not it.
  for (const [name, part] of [['first half', 0], ['second half', 1]] as const) {
    const half = (xs: number[]) => xs.slice(part * Math.floor(xs.length / 2), (part + 1) * Math.floor(xs.length / 2));
    const on = percentiles(half(r.submit.debug)), off = percentiles(half(r.submit.off));
    console.log(`  ${name}: submit p50 on/off ${(on.p50 / off.p50).toFixed(3)}, p95 on/off ${(on.p95 / off.p95).toFixed(3)} (${on.n} / ${off.n})`);
  }
}

async function main() {
  if (DESIGN === 'interleaved') {
    printInterleaved(await interleavedSession());
    if (process.env.BENCH_VOLUME !== '0') await printVolume();
    return;
  }
  const order: Level[] = [];
  for (let p = 0; p < PAIRS; p++) order.push(...((p % 2 === 0 ? ['debug', 'off'] : ['off', 'debug']) as Level[]));
  const runs: Awaited<ReturnType<typeof session>>[] = [];
  for (const [i, level] of order.entries()) {
    const r = await session(level, i);
    const s = percentiles(r.submit), f = percentiles(r.frames);
    console.log(`session ${i + 1} logging ${level === 'off' ? 'off' : 'on'}: submit p50 ${fmt(s.p50)} p95 ${fmt(s.p95)} ms (${s.n}), frame p50 ${fmt(f.p50)} p95 ${fmt(f.p95)} ms (${f.n}), records ${r.records}`);
    runs.push(r);
  }
  const pooled = (level: Level, key: 'submit' | 'frames') => percentiles(runs.filter((r) => r.level === level).flatMap((r) => r[key]));
  console.log(`\n${ITEMS} items a session, ${POLYGONS.toLocaleString('en')} polygons x 20 points for ${FRAMES} frames; sessions in order: ${order.map((l) => (l === 'off' ? 'off' : 'on')).join(', ')}`);
  console.log('| measure | logging on p50 ms | on p95 ms | logging off p50 ms | off p95 ms | p50 on/off | p95 on/off |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [label, key] of [['submit to the next item drawn', 'submit'], ['frame, 10,000 polygons, wheel zoom', 'frames']] as const) {
    const on = pooled('debug', key), off = pooled('off', key);
    console.log(`| ${label} (${on.n} / ${off.n}) | ${fmt(on.p50)} | ${fmt(on.p95)} | ${fmt(off.p50)} | ${fmt(off.p95)} | ${(on.p50 / off.p50).toFixed(3)} | ${(on.p95 / off.p95).toFixed(3)} |`);
  }
  console.log('per pair (on/off p95, submit and frame):');
  for (let p = 0; p < PAIRS; p++) {
    const pair = runs.slice(p * 2, p * 2 + 2);
    const on = pair.find((r) => r.level === 'debug')!, off = pair.find((r) => r.level === 'off')!;
    console.log(`  pair ${p + 1}: submit ${(percentiles(on.submit).p95 / percentiles(off.submit).p95).toFixed(3)}, frame ${(percentiles(on.frames).p95 / percentiles(off.frames).p95).toFixed(3)}`);
  }

  if (process.env.BENCH_VOLUME !== '0') await printVolume();
}

async function printVolume() {
  const v = await volume();
  const perItem = v.records.length / VOLUME_ITEMS;
  const kinds = new Map<string, number>();
  for (const r of v.records) kinds.set(`${['debug', 'info', 'warn', 'error'][r.level]} ${kindOf(r.message)}`, (kinds.get(`${['debug', 'info', 'warn', 'error'][r.level]} ${kindOf(r.message)}`) ?? 0) + 1);
  console.log(`\nvolume: ${VOLUME_ITEMS} items of ${BOXES} boxes in ${v.seconds.toFixed(0)} s; records by kind:`);
  for (const [k, n] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`  ${n}  ${k}`);
  const fields = ['userId', 'userName', 'phone', 'projectId', 'taskId', 'workflowId', 'workflowType', 'subjectId', 'subjectDataId', 'remark'] as const;
  console.log('extra-info fields filled (records with the field / records):');
  for (const f of fields) console.log(`  ${f}: ${v.records.filter((r) => r.extra[f] !== undefined).length} / ${v.records.length}`);
  const hour = { records: perItem * PACE, sqlite: (v.sqlite / VOLUME_ITEMS) * PACE, zip: (v.zip.bytes / VOLUME_ITEMS) * PACE };
  console.log(`\nat ${PACE} items an hour (${BOXES} boxes an item):`);
  console.log('| | records | MB in SQLite | MB zipped |');
  console.log('|---|---|---|---|');
  console.log(`| measured, ${VOLUME_ITEMS} items | ${v.records.length} | ${(v.sqlite / MB).toFixed(3)} | ${(v.zip.bytes / MB).toFixed(3)} |`);
  console.log(`| per item | ${perItem.toFixed(2)} | ${(v.sqlite / VOLUME_ITEMS / 1024).toFixed(2)} KiB | ${(v.zip.bytes / VOLUME_ITEMS / 1024).toFixed(2)} KiB |`);
  console.log(`| per hour | ${hour.records.toFixed(0)} | ${(hour.sqlite / MB).toFixed(3)} | ${(hour.zip / MB).toFixed(3)} |`);
  console.log(`| 8-hour day | ${(hour.records * 8).toFixed(0)} | ${((hour.sqlite * 8) / MB).toFixed(2)} | ${((hour.zip * 8) / MB).toFixed(2)} |`);
  console.log(`(zip holds ${v.zip.records} records; the export's count and the query's agree: ${v.zip.records === v.records.length})`);
}

await main();
