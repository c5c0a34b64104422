/**
 * The mask brush (issue 32) against a Konva brush as Label Studio draws one, in headless Chromium
 * at 1280x720: a 4,000 x 3,000 frame with 200 masks (irregular objects of 60 to 400 px), 12
 * strokes a case: a touch-up of a mask and a new mask at 100 %, and a long swipe across the fitted frame.
 * Reports the frame times while painting (requestAnimationFrame deltas), the time from the
 * stroke's release to its edit (what the journal then records; goal under 16 ms) and the size of
 * that edit as JSON (what a save sends). Goal: 60 fps while painting.
 * Usage: tsx bench/mask-brush.ts
 */
import { launchChromium } from './lib/canvasBenchPage';
import { buildMaskBenchPage } from './lib/maskBenchPage';
import { fmt, percentiles } from './lib/stats';

interface Run {
  deltas: number[];
  toJournal?: number[];
  bytes?: number[];
  objects?: number;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function main() {
  const url = buildMaskBenchPage();
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
    page.on('pageerror', (e) => console.error('page error:', e));
    await page.goto(url);
    // Three ways a person paints: touching up a mask at 100 % (strokes of 240 px, radius 16, into
    // the mask under the stroke), a new object's mask at 100 %, and a long swipe across the
    // fitted frame (1,500 px of frame, radius 12: the stress case, every stroke crossing masks).
    const cases = [
      { name: 'touch-up at 100 %', run: { count: 200, n: 30, frames: 60, step: 4, radius: 16, zoom: 1, into: true } },
      { name: 'new mask at 100 %', run: { count: 200, n: 30, frames: 60, step: 4, radius: 16, zoom: 1, into: false } },
      { name: 'swipe across the fitted frame', run: { count: 200, n: 20, frames: 90, step: 5, radius: 12, zoom: 0, into: false } },
    ];
    const rows: [string, Run][] = [];
    for (const c of cases) {
      rows.push([`ours, ${c.name}`, (await page.evaluate(`window.maskBench.runOurs(${JSON.stringify(c.run)})`)) as Run]);
      rows.push([`Konva 10.9.1 brush (Label Studio's way), ${c.name}`, (await page.evaluate(`window.maskBench.runKonva(${JSON.stringify(c.run)})`)) as Run]);
    }
    console.log('\n4,000 x 3,000 frame, 200 masks (objects of 60 to 400 px), 30 strokes a case (20 for the swipe), 1280x720');
    console.log('| brush | frames | frame p50 ms | frame p95 ms | frame max ms | fps | release to edit p50 / p95 / max ms | edit bytes p50 / max |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const [name, r] of rows) {
      const f = percentiles(r.deltas);
      const j = r.toJournal ? percentiles(r.toJournal) : null;
      const b = r.bytes ? percentiles(r.bytes) : null;
      console.log(
        `| ${name} | ${f.n} | ${fmt(f.p50)} | ${fmt(f.p95)} | ${fmt(Math.max(...r.deltas))} | ${(1000 / mean(r.deltas)).toFixed(1)} | ${j ? `${fmt(j.p50)} / ${fmt(j.p95)} / ${fmt(Math.max(...r.toJournal!))}` : '-'} | ${b ? `${b.p50} / ${Math.max(...r.bytes!)}` : '-'} |`,
      );
    }
  } finally {
    await browser.close();
  }
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
