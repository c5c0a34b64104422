/**
 * The annotation canvas against Konva (what Label Studio draws with), in headless Chromium at
 * 1280x720: an 8,000 x 8,000 generated image with 10,000 polygons of 20 points, panned and
 * zoomed by the same script of 400 frames (pan, pause, zoom in, pause, pan, zoom out, pause).
 * Reports the frame time from requestAnimationFrame deltas (what the user sees) and the time
 * spent drawing per frame; then the engine alone with 100,000 boxes. Targets: p95 frame under
 * 16.7 ms for 10k polygons and at least 5x Konva's frame rate; p95 under 33 ms for 100k boxes.
 * Then, for both scenes, the frames after one zoom step at the fitted (fully zoomed out) view,
 * where the object layer is drawn again in slices: no frame should take much over a frame.
 * Last, a 40,000 x 40,000 image drawn from its tile pyramid (tiles made in the page after a
 * 15 ms pause, as if read from the store) with 10,000 polygons: zoomed from the whole image
 * into its middle past 1:1, panned across at that zoom, zoomed out (400 frames).
 * Headless Chromium renders in software here (--disable-gpu), like the other browser benches.
 * Usage: tsx bench/canvas-render.ts
 */
import { buildCanvasBenchPage, launchChromium } from './lib/canvasBenchPage';
import { fmt, percentiles } from './lib/stats';

interface Run {
  deltas: number[];
  renderMs: number[];
  loadMs?: number;
  objectRenders?: number;
  lastObjectRenderMs?: number;
  lastObjectRenderFrames?: number;
  lastObjectCount?: number;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function main() {
  const url = buildCanvasBenchPage();
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
    page.on('pageerror', (e) => console.error('page error:', e));
    await page.goto(url);
    const ours = (await page.evaluate(`window.bench.runOurs({ kind: 'polygons', count: 10000 })`)) as Run;
    const konva = (await page.evaluate(`window.bench.runKonva({ count: 10000 })`)) as Run;
    const boxes = (await page.evaluate(`window.bench.runOurs({ kind: 'boxes', count: 100000 })`)) as Run;
    const settlePolygons = (await page.evaluate(`window.bench.runSettle({ kind: 'polygons', count: 10000 })`)) as Run;
    const settleBoxes = (await page.evaluate(`window.bench.runSettle({ kind: 'boxes', count: 100000 })`)) as Run;
    const tiled = (await page.evaluate(`window.bench.runTiled({ side: 40000, count: 10000 })`)) as Run & { tilesArrived: number; tilesKept: number };

    console.log('\n8,000 x 8,000 image, 1280x720 canvas, 400 frames of pan / zoom in / pan / zoom out');
    console.log('| scene | frames | frame p50 ms | frame p95 ms | frame max ms | fps | draw p50 ms | draw p95 ms | draw max ms |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    const row = (name: string, r: Run) => {
      const f = percentiles(r.deltas);
      const d = percentiles(r.renderMs);
      console.log(`| ${name} | ${f.n} | ${fmt(f.p50)} | ${fmt(f.p95)} | ${fmt(Math.max(...r.deltas))} | ${(1000 / mean(r.deltas)).toFixed(1)} | ${fmt(d.p50)} | ${fmt(d.p95)} | ${fmt(Math.max(...r.renderMs))} |`);
    };
    row('engine, 10,000 polygons x 20 points', ours);
    row('Konva 10.9.1, same scene', konva);
    row('engine, 100,000 boxes', boxes);
    const ratio = mean(konva.deltas) / mean(ours.deltas);
    console.log(`\nframe rate, engine / Konva: ${ratio.toFixed(1)}x (mean frame ${fmt(mean(ours.deltas))} ms vs ${fmt(mean(konva.deltas))} ms)`);
    console.log(`draw time per frame, Konva / engine (means): ${(mean(konva.renderMs) / mean(ours.renderMs)).toFixed(1)}x`);
    console.log(`setObjects (index bulk load): ${fmt(ours.loadMs ?? 0)} ms for 10,000 polygons, ${fmt(boxes.loadMs ?? 0)} ms for 100,000 boxes; full object-layer drawings during the run: ${ours.objectRenders} and ${boxes.objectRenders}`);

    console.log('\nThe frames after a zoom settles, fully zoomed out (one zoom step, then 120 still frames; target: max frame ≤ ~12 ms of work, no frame over 33 ms)');
    console.log('| scene | frame p50 ms | frame max ms | draw max ms | drawings | last drawing: objects, ms of work, frames |');
    console.log('|---|---|---|---|---|---|');
    const settleRow = (name: string, r: Run) => {
      const f = percentiles(r.deltas);
      console.log(`| ${name} | ${fmt(f.p50)} | ${fmt(Math.max(...r.deltas))} | ${fmt(Math.max(...r.renderMs))} | ${r.objectRenders} | ${r.lastObjectCount}, ${fmt(r.lastObjectRenderMs ?? 0)}, ${r.lastObjectRenderFrames} |`);
    };
    settleRow('engine, 10,000 polygons x 20 points', settlePolygons);
    settleRow('engine, 100,000 boxes', settleBoxes);

    console.log('\nPast 16k: a 40,000 x 40,000 image drawn from its tile pyramid (1024 px tiles, each read after 15 ms), 10,000 polygons; 400 frames: zoom from the whole image into its middle past 1:1, pan across at that zoom, zoom out');
    console.log('| scene | frames | frame p50 ms | frame p95 ms | frame max ms | fps | draw p95 ms | tiles read | tiles kept |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    const f = percentiles(tiled.deltas);
    const d = percentiles(tiled.renderMs);
    console.log(`| engine, tiled 40k image, 10,000 polygons | ${f.n} | ${fmt(f.p50)} | ${fmt(f.p95)} | ${fmt(Math.max(...tiled.deltas))} | ${(1000 / mean(tiled.deltas)).toFixed(1)} | ${fmt(d.p95)} | ${tiled.tilesArrived} | ${tiled.tilesKept} |`);
    console.log(`frame time, tiled 40k / one-piece 8k (means, same run): ${(mean(tiled.deltas) / mean(ours.deltas)).toFixed(2)}x`);
    console.log('tiles asked per level:', JSON.stringify((tiled as unknown as { tileLevels: unknown }).tileLevels));
  } finally {
    await browser.close();
  }
}

await main();
