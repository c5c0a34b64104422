/**
 * Issue 30, item 4: every call that decodes a frame (warm-ups, infer, jobs, tracker frames)
 * decoded with no limit on how many at once: four parallel warm-ups of 311 KB PNGs of 10,000 x
 * 10,000 took the model service from 1.0 to 3.35 GB. Now a large picture is decoded within 4096
 * px a side, decodes are bounded in number and pixels and shared fairly between parties, and
 * warm-ups wait at the lowest priority in a bounded queue. Assertions are on memory the kernel
 * counted and on the gates' counters, never on how long anything took.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelService } from '../../src-ai/service';
import type { AiBox } from '../../src-shared/ai/protocol';
import { AI_KEY, BUILTIN_DETECTOR, BUILTIN_SEGMENTER, BUILTIN_TRACKER, call, DEMO, infer, startAi, startFileServer, type FileServer } from '../support/aiHarness';

/** A hang guard, not a measure: a busy 2-core machine decodes these 100-Mpx pictures slowly. */
const TIMEOUT = 180_000;

let files: FileServer;
/** 10,000 x 10,000, one colour: 311 KB, as in the probe */
let bigPng: Buffer;

beforeAll(async () => {
  files = await startFileServer();
  bigPng = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
});
afterAll(async () => {
  await files?.close();
});

/** `n` URLs of the big PNG under names of their own, so nothing is shared between them. */
const bigUrls = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => files.put(`${prefix}-${i}.png`, bigPng, 'image/png'));

function status(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m![1]) * 1024;
}

describe('the service process’s memory', { timeout: TIMEOUT }, () => {
  let child: ChildProcess;
  let url = '';

  beforeAll(async () => {
    // the service as `npm run ai` runs it, in a process of its own: its memory is its own
    const root = path.resolve(import.meta.dirname, '../..');
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    child = spawn(process.execPath, ['--import', tsx, path.join(root, 'src-ai/main.ts')], { env: { ...process.env, AI_SERVICE_KEY: AI_KEY, AI_PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
    url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening at (\S+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`the service exited with ${code}`)));
    });
  });
  afterAll(() => {
    child?.kill('SIGKILL');
  });

  it('stays within a few hundred MB through four parallel warm-ups of 10,000 x 10,000 PNGs (before: 2.3 GB more)', async () => {
    const service = { url, close: async () => undefined } as unknown as ModelService;
    // the models loaded (the start's warm-up runs first on the model thread), SAM's encoder with its first picture too
    expect((await infer(service, { model: BUILTIN_DETECTOR, image: { url: files.demo('horse.png') } })).status).toBe(200);
    expect((await infer(service, { model: BUILTIN_SEGMENTER, image: { url: files.demo('horse.png') }, prompt: { points: [{ x: 200, y: 150, positive: true }] } })).status).toBe(200);
    const pid = child.pid!;
    // the peak so far is forgotten: VmHWM restarts from the resident size now
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const before = status(pid, 'VmRSS');
    const images = bigUrls('rss', 4).map((u, i) => ({ url: u, cacheKey: `rss/${i}` }));
    const warm = await Promise.all(images.map((image) => call(service, 'POST', '/v1/images/warm', { images: [image] })));
    expect(warm.map((w) => w.status)).toEqual([202, 202, 202, 202]);
    // a tracker call without frames answers as soon as its image is decoded: all four are in
    const done = await Promise.all(images.map((image) => infer(service, { model: BUILTIN_TRACKER, image, prompt: { objects: [] } })));
    expect(done.map((d) => d.status)).toEqual([200, 200, 200, 200]);
    const grew = status(pid, 'VmHWM') - before;
    // four decoded at 4096 x 4096 are 4 x 48 MiB, kept in the cache; a decode holds about its
    // output twice while it runs. Before: each held 10,000 x 10,000 x 3 (300 MB) twice, all at once.
    expect(grew).toBeLessThan(768 * 1024 * 1024);
  });
});

describe('decoding, bounded and shared', { timeout: TIMEOUT }, () => {
  let ai: ModelService;
  beforeAll(async () => {
    ai = await startAi();
    expect((await infer(ai, { model: BUILTIN_DETECTOR, image: { url: files.demo('horse.png') } })).status).toBe(200);
  });
  afterAll(async () => {
    await ai?.close();
  });

  it('decodes warm-ups one at a time, into 4096 px a side', async () => {
    const images = ai.parts.images;
    const decoded = images.stats().decoded;
    const refs = bigUrls('warm', 4).map((u, i) => ({ url: u, cacheKey: `warm/${i}` }));
    await Promise.all(refs.map((image) => call(ai, 'POST', '/v1/images/warm', { images: [image], tenant: 'team:A' })));
    await expect.poll(() => images.stats().decoded - decoded, { timeout: 60_000 }).toBe(4);
    const s = images.stats();
    expect(s.decode.peakByPriority.warm).toBe(1);
    expect(s.decode.peakHeld).toBeLessThanOrEqual(2);
    expect(s.largestSide).toBe(4096);
    // in the cache: the call that needs one neither fetches nor decodes it again
    const hits = files.hits.get('/files/warm-0.png');
    expect((await infer(ai, { model: BUILTIN_TRACKER, image: refs[0]!, prompt: { objects: [] } })).status).toBe(200);
    expect(files.hits.get('/files/warm-0.png')).toBe(hits);
    expect(images.stats().decoded - decoded).toBe(4);
  });

  it('drops warm-ups past the queue’s bound instead of queueing them for ever, and a click of another party goes first', async () => {
    const images = ai.parts.images;
    const dropped = images.stats().load.dropped;
    const urls = bigUrls('pile', 40);
    // five workspaces' worth of warm-ups at once, 8 images each
    for (let k = 0; k < 5; k++) {
      const res = await call(ai, 'POST', '/v1/images/warm', { images: urls.slice(k * 8, k * 8 + 8).map((u, i) => ({ url: u, cacheKey: `pile/${k * 8 + i}` })), tenant: 'team:A' });
      expect(res.status).toBe(202);
    }
    // at most 8 of the party's warm-ups wait (2 more load): the rest were dropped, not queued
    expect(images.stats().load.waiting).toBeLessThanOrEqual(8);
    expect(images.stats().load.dropped - dropped).toBeGreaterThanOrEqual(20);
    const click = await infer(ai, { model: BUILTIN_DETECTOR, image: { url: files.demo('astronaut.png'), cacheKey: 'astronaut' }, tenant: 'team:B' });
    const stillWaiting = images.stats().load.waiting;
    expect(click.status).toBe(200);
    // answered while team A's warm-ups were still waiting
    expect(stillWaiting).toBeGreaterThan(0);
    await expect.poll(() => images.stats().load.waiting + images.stats().load.held, { timeout: 120_000 }).toBe(0);
    expect(images.stats().decode.peakByPriority.warm).toBe(1);
  });

  it('lets another party’s decode in before one party’s remaining ones', async () => {
    const gate = ai.parts.images.decodeGate;
    const from = gate.log.length;
    const a = bigUrls('fair-a', 6).map((u, i) => infer(ai, { model: BUILTIN_TRACKER, image: { url: u, cacheKey: `fair-a/${i}` }, prompt: { objects: [] }, tenant: 'team:A' }));
    // team A's decodes hold both slots and more wait
    await expect.poll(() => gate.stats.waiting, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    const b = await infer(ai, { model: BUILTIN_TRACKER, image: { url: bigUrls('fair-b', 1)[0]!, cacheKey: 'fair-b' }, prompt: { objects: [] }, tenant: 'team:B' });
    expect(b.status).toBe(200);
    expect((await Promise.all(a)).map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const order = gate.log.slice(from);
    // B was let in after at most the decodes team A held or had been let in for when it came
    expect(order.indexOf('interactive:team:B')).toBeLessThanOrEqual(3);
    expect(order.filter((o) => o === 'interactive:team:A')).toHaveLength(6);
  });

  it('answers in the picture’s own pixels for a picture decoded smaller (8192 x 8192, worked on at 4096)', async () => {
    const side = 8192;
    const k = side / 512;
    const jpeg = await sharp(path.join(DEMO, 'astronaut.png')).resize(side, side).jpeg({ quality: 85 }).toBuffer();
    const image = { url: files.put('astronaut-8k.jpg', jpeg, 'image/jpeg'), cacheKey: 'astronaut-8k' };
    const res = await infer(ai, { model: BUILTIN_DETECTOR, image });
    expect(res.status).toBe(200);
    const person = res.body.predictions.find((p) => p.className === 'person');
    const want: AiBox = { x: 20 * k, y: 15 * k, width: 345 * k, height: 497 * k };
    expect(person).toBeDefined();
    expect(iou(person!.box!, want)).toBeGreaterThan(0.7);
    // a prompt in the picture's pixels: the polygon comes back in them, around the prompt box
    const box = { x: 170 * k, y: 50 * k, width: 130 * k, height: 140 * k };
    const seg = await infer(ai, { model: BUILTIN_SEGMENTER, image, prompt: { box } });
    expect(seg.status).toBe(200);
    const pts = seg.body.predictions[0]!.points!;
    const xs = pts.map((p) => p.x);
    const ys = pts.map((p) => p.y);
    const hull: AiBox = { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
    expect(iou(hull, box)).toBeGreaterThan(0.4);
    expect(ai.parts.images.stats().largestSide).toBe(4096);
  });
});

function iou(a: AiBox, b: AiBox) {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  const inter = w > 0 && h > 0 ? w * h : 0;
  return inter / (a.width * a.height + b.width * b.height - inter);
}
