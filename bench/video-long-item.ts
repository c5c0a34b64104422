/**
 * Issue 33: a 30-minute video kept as one item (the import's default) against a 3-second one, in
 * the workspace in headless Chromium, in one run: what a person waits for, opening the item and
 * working on it, when the item has 54,000 frames rather than 90.
 *
 * Both are videos whose frames show their own numbers (tests/support/frameNumberVideo.ts: H.264
 * with B-frames, 320 x 240, 30 fps, a key frame every second), small pictures on purpose, so the
 * figures are the item's rows (54,000 frame rows, their annotations, the claim's frame ids) and
 * not decoding. The product as `npm start` runs it (SQLite, local disk), the demo owner working.
 * Each item has a task of its own; the two are opened in turn, ROUNDS times each, each opening a
 * fresh page at the task's route:
 *
 * - open: from the route to the item's first frame drawn (the stage names the item, the busy
 *   cover gone);
 * - box: a box drawn (hotkey and two clicks) until the object list counts it;
 * - step: `d` until the strip names frame 1 and back with `a`.
 *
 * And the bytes of the answers the opening read (the claim, the item with its frames, its
 * annotations), from the first opening of each.
 *
 * Usage: npx electron-vite build && tsx bench/video-long-item.ts
 *   (BENCH_ROUNDS, default 5; BENCH_SERVER_PORT / BENCH_WEB_PORT move the product off 8795 / 8796)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { makeFrameNumberVideo } from '../tests/support/frameNumberVideo';
import { ownerApi, ownerHeaders, ownerSession, startProductHost, type ProductHost } from './lib/productHost';
import { percentiles } from './lib/stats';
import { drawBox } from './lib/workspacePasses';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const LONG = 54_000;
const SHORT = 90;

interface Item {
  name: string;
  frames: number;
  route: string;
  open: number[];
  box: number[];
  step: number[];
  bytes: Record<string, number>;
  boxes: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Api = (method: string, path: string, body?: unknown) => Promise<any>;

/** A video of `frames` frames uploaded as the product's store keeps it, in a task of its own. */
async function videoTask(host: ProductHost, api: Api, headers: Record<string, string>, projectId: number, memberId: number, frames: number): Promise<Item> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-long-'));
  try {
    const file = path.join(dir, 'clip.mp4');
    await makeFrameNumberVideo(file, { frames });
    const bytes = fs.readFileSync(file);
    const key = `dataset/${projectId}/bench/long-${frames}/clip.mp4`;
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'clip.mp4');
    const up = await fetch(`${host.server}/obs/upload?key=${encodeURIComponent(key)}`, { method: 'POST', headers, body: form });
    if (((await up.json()) as { msg: string }).msg !== 'ok') throw new Error('upload failed');
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    const batch = await api('POST', '/batch', { projectId, name: `Video of ${frames} frames`, subjects: [{ name: `clip-${frames}.mp4`, recordType: 'video', frames: [{ key, sizeBytes: bytes.length, sha256 }] }] });
    const task = await api('POST', '/task', { projectId, name: `Video of ${frames} frames`, batchIds: [batch.batch.id], workflow: { steps: [{ type: 'annotate', memberIds: [memberId] }] } });
    return { name: `${frames.toLocaleString('en-US')} frames`, frames, route: `#/work/${projectId}/${task.id}/${task.steps[0].workflowId}`, open: [], box: [], step: [], bytes: {}, boxes: 0 };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Which of the opening's reads an address is. */
function readOf(url: string): string | null {
  if (url.includes('/task/subject/claim')) return 'claim (frame ids)';
  if (/\/task\/\d+\/annotate\/subject/.test(url)) return 'item with its frames';
  if (/\/core\/annotate\?/.test(url)) return 'annotations';
  return null;
}

async function oneRound(page: Page, base: string, item: Item, first: boolean) {
  const sizes: Promise<void>[] = [];
  if (first) {
    page.on('requestfinished', (r) => {
      const read = readOf(r.url());
      // the largest of its kind: a claim of the item after it (none left here) answers a few bytes
      if (read) sizes.push(r.sizes().then((z) => void (item.bytes[read] = Math.max(item.bytes[read] ?? 0, z.responseBodySize))));
    });
  }
  const t0 = performance.now();
  await page.goto(`${base}/${item.route}`);
  await page.locator('[data-testid="workspace-stage"][data-item]').waitFor({ timeout: 120_000 });
  await page.locator('[data-testid="workspace-busy"]').waitFor({ state: 'detached' });
  await page.getByTestId('video-position').and(page.locator('[data-frame="0"]')).waitFor();
  item.open.push(performance.now() - t0);

  const t1 = performance.now();
  await drawBox(page, 't', [0.1 + 0.05 * (item.boxes % 8), 0.2], 0.1);
  item.boxes++;
  await page.getByText(new RegExp(`^(Objects \\(${item.boxes}\\)|对象（${item.boxes}）)$`)).waitFor();
  item.box.push(performance.now() - t1);

  const t2 = performance.now();
  await page.keyboard.press('d');
  await page.getByTestId('video-position').and(page.locator('[data-frame="1"]')).waitFor();
  await page.keyboard.press('a');
  await page.getByTestId('video-position').and(page.locator('[data-frame="0"]')).waitFor();
  item.step.push((performance.now() - t2) / 2);
  // Saved before the page goes: the next opening reads what this one drew.
  await page.getByTestId('sync-state').and(page.locator('[data-state="synced"]')).waitFor();
  await Promise.all(sizes);
}

async function main() {
  const host = await startProductHost('video-long-item', Number(process.env.BENCH_SERVER_PORT ?? 8795), Number(process.env.BENCH_WEB_PORT ?? 8796), { AI_SERVICE_URL: 'http://127.0.0.1:9' });
  try {
    const api = await ownerApi(host);
    const headers = await ownerHeaders(host);
    const me = await api('GET', '/user/info');
    const project = await api('POST', '/project', { projectName: `Long video ${Date.now()}`, type: 'frame' });
    const projectId = project.projectId as number;
    await api('POST', '/ontology/feature/manage', { projectId, features: [{ name: 'Vehicles', tool: 'box', labels: [{ name: 'Car', color: '#fa541c', hotkey: 't' }] }] });
    console.error(`making the videos (${LONG.toLocaleString('en-US')} and ${SHORT} frames)...`);
    const items = [await videoTask(host, api, headers, projectId, me.id, LONG), await videoTask(host, api, headers, projectId, me.id, SHORT)];
    const storageState = await ownerSession(host);
    for (let round = 0; round < ROUNDS; round++) {
      for (const item of round % 2 ? [...items].reverse() : items) {
        const ctx = await host.browser.newContext({ storageState, viewport: { width: 1280, height: 800 }, locale: 'en-US' });
        const page = await ctx.newPage();
        page.on('pageerror', (e) => console.error('page error:', e));
        await oneRound(page, host.base, item, round === 0);
        await ctx.close();
      }
      console.error(`round ${round + 1}/${ROUNDS}`);
    }
    const load = os.loadavg().map((x) => x.toFixed(1)).join(' / ');
    const p = (xs: number[]) => {
      const q = percentiles(xs);
      return `${(q.p50 / 1000).toFixed(2)} s (p95 ${(q.p95 / 1000).toFixed(2)})`;
    };
    const [long, short] = items as [Item, Item];
    const ratio = (a: number[], b: number[]) => (percentiles(a).p50 / percentiles(b).p50).toFixed(2);
    console.log(`Run of ${new Date().toISOString().slice(0, 10)}, ${ROUNDS} openings each, load average ${load} at the end:\n`);
    console.log(`| in the workspace | ${long.name} | ${short.name} | ratio (median) |`);
    console.log('|---|---:|---:|---:|');
    console.log(`| open: the route to the first frame drawn | ${p(long.open)} | ${p(short.open)} | ${ratio(long.open, short.open)} |`);
    console.log(`| a box drawn until the list counts it | ${p(long.box)} | ${p(short.box)} | ${ratio(long.box, short.box)} |`);
    console.log(`| a step to the next frame, drawn | ${p(long.step)} | ${p(short.step)} | ${ratio(long.step, short.step)} |`);
    for (const read of ['claim (frame ids)', 'item with its frames', 'annotations']) {
      console.log(`| answer: ${read} | ${((long.bytes[read] ?? 0) / 1e6).toFixed(2)} MB | ${((short.bytes[read] ?? 0) / 1e3).toFixed(1)} kB | |`);
    }
  } finally {
    await host.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
