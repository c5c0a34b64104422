/**
 * The segmenter with SAM (issue 32) through the model service's HTTP API, as the workspace calls
 * it, on 2-megapixel pictures: how long a picture's embedding takes (the warm-up, and the encoder
 * alone), click to mask after it (each call a new prompt: a click, the next correction with every
 * click so far, a box, a box with clicks), GrabCut on the same prompts in the same run, and what
 * the service's other callers see while an embedding runs (/health, and clicks on another
 * picture). Each row is one setting of the encoder's onnxruntime threads and its thread's niceness.
 *
 * Pictures: retina.jpg (a real photograph of 1411 x 1411), and astronaut.png and chelsea.png
 * upscaled to about 2 Mpx with sharp. The service runs in this process (its models on their
 * threads), images come from a loopback file server.
 *
 * Usage: tsx bench/ai-sam-latency.ts   (BENCH_THREADS=1,2 encoder threads to compare, default
 * both; BENCH_NICE=0,10 its niceness, default both; BENCH_SESSIONS click sessions of 6 per
 * picture, default 6)
 */
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import type { AiBox, ImageRef, InferRequest, InferResponse, Prompt } from '../src-shared/ai/protocol';
import { startModelService, type ModelService } from '../src-ai/service';
import { percentiles } from './lib/stats';

const THREADS = (process.env.BENCH_THREADS ?? '1,2').split(',').map(Number);
const NICE = (process.env.BENCH_NICE ?? '0,10').split(',').map(Number);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 6);
const EMBEDDINGS = 4;
const DEMO = path.resolve(import.meta.dirname, '../resources/demo-images');
const KEY = 'bench-ai-key-0123456789';
const segmenter = { kind: 'segmenter', runtime: 'builtin', name: 'segmenter' } as const;
const grabcut = { kind: 'segmenter', runtime: 'builtin', name: 'grabcut' } as const;

const files = new Map<string, Buffer>();
const server = http.createServer((req, res) => {
  const body = files.get((req.url ?? '').split('?')[0]!.slice(1));
  res.statusCode = body ? 200 : 404;
  res.end(body ?? 'not found');
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

interface Picture {
  label: string;
  url: string;
  width: number;
  height: number;
  /** the object's box, in the picture's pixels */
  object: AiBox;
}

/** A demo photo, upscaled to about 2 Mpx when it is smaller; `object` is given on the original. */
async function picture(name: string, object: AiBox): Promise<Picture> {
  const meta = await sharp(path.join(DEMO, name)).metadata();
  const f = Math.max(1, Math.sqrt(2_000_000 / (meta.width! * meta.height!)));
  const bytes = f > 1.05 ? await sharp(path.join(DEMO, name)).resize(Math.round(meta.width! * f), Math.round(meta.height! * f)).png({ compressionLevel: 2 }).toBuffer() : await sharp(path.join(DEMO, name)).toBuffer();
  const label = f > 1.05 ? `2mp-${name} (upscaled)` : `${name} (real)`;
  const file = `${f > 1.05 ? '2mp-' : ''}${name}`;
  files.set(file, bytes);
  const m = await sharp(bytes).metadata();
  const s = m.width! / meta.width!;
  return { label, url: `${base}/${file}`, width: m.width!, height: m.height!, object: { x: object.x * s, y: object.y * s, width: object.width * s, height: object.height * s } };
}

/**
 * Prompts as a person makes them: sessions of a first positive click then five corrections (every
 * click so far each time), alternating a box alone and a box with the clicks; positions spread
 * over the object's box, corrections alternately negative (outside its middle) and positive.
 */
function prompts(p: Picture): Prompt[] {
  const out: Prompt[] = [];
  const at = (u: number, v: number) => ({ x: Math.round(p.object.x + u * p.object.width), y: Math.round(p.object.y + v * p.object.height) });
  for (let s = 0; s < SESSIONS; s++) {
    const clicks: NonNullable<Prompt['points']> = [];
    const box = s % 2 === 1 ? p.object : undefined;
    for (let k = 0; k < 6; k++) {
      const u = 0.3 + 0.4 * (((s * 7 + k * 3) % 10) / 10);
      const v = 0.3 + 0.4 * (((s * 3 + k * 7) % 10) / 10);
      const negative = k % 2 === 1;
      clicks.push({ ...(negative ? at(k % 4 === 1 ? 0.05 : 0.95, v) : at(u, v)), positive: !negative });
      out.push({ ...(box ? { box } : {}), points: [...clicks] });
    }
  }
  return out;
}

async function infer(service: ModelService, body: InferRequest): Promise<InferResponse> {
  const res = await fetch(`${service.url}/v1/infer`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-ai-service-key': KEY }, body: JSON.stringify(body) });
  const json = (await res.json()) as InferResponse;
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(json)}`);
  return json;
}
async function timed<T>(work: () => Promise<T>): Promise<number> {
  const t = performance.now();
  await work();
  return performance.now() - t;
}
const health = (service: ModelService) => fetch(`${service.url}/health`, { headers: { 'x-ai-service-key': KEY } }).then((r) => r.json());

/**
 * Fresh embeddings of `p` (new cache keys) through the warm-up, each timed from the warm-up's
 * POST to its embedding in the cache, with `meanwhile` called in a loop while it runs.
 */
async function embeddings(service: ModelService, p: Picture, round: string, meanwhile: () => Promise<unknown>, gapMs = 0) {
  const took: number[] = [];
  const alongside: number[] = [];
  for (let i = 0; i < EMBEDDINGS; i++) {
    const ref: ImageRef = { url: p.url, cacheKey: `bench/${round}/${p.label}/${i}` };
    const t = performance.now();
    const res = await fetch(`${service.url}/v1/images/warm`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-ai-service-key': KEY }, body: JSON.stringify({ images: [ref], model: segmenter }) });
    if (res.status !== 202) throw new Error(`warm-up answered ${res.status}`);
    let done = false;
    while (!done) {
      alongside.push(await timed(meanwhile));
      if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
      done = service.parts.embeddings.has(ref.cacheKey!);
    }
    took.push(performance.now() - t);
  }
  return { took, alongside };
}

interface Row {
  threads: number;
  nice: number;
  picture: string;
  size: string;
  warmup: number[];
  encoder: number[];
  sam: number[];
  grabcut: number[];
  health: number[];
  healthIdle: number[];
  clicksDuring: number[];
}

async function measure(threads: number, nice: number, pictures: Picture[]): Promise<Row[]> {
  const service = await startModelService({ key: KEY, sam: { encoderThreads: threads, encoderNice: nice } });
  const rows: Row[] = [];
  try {
    if (!(await service.parts.sam.available())) throw new Error(`SAM cannot run: ${service.parts.sam.reason}`);
    // the start's warm-up of the other models done, so it is not in the figures
    await infer(service, { model: { kind: 'detector', runtime: 'builtin', name: 'detector' }, image: { url: pictures[0]!.url } });
    const other = pictures[pictures.length - 1]!;
    const otherRef = { url: other.url, cacheKey: `bench/${threads}/other` };
    const otherPrompts = prompts(other);
    await infer(service, { model: segmenter, image: otherRef, prompt: otherPrompts[0]! });
    for (const p of pictures) {
      const ref = { url: p.url, cacheKey: `bench/${threads}/${p.label}` };
      const list = prompts(p);
      // the picture's first call: download, decode, embedding; then its first click, untimed (the runtime's first runs are slower)
      await infer(service, { model: segmenter, image: ref, prompt: list[0]! });
      await infer(service, { model: grabcut, image: ref, prompt: list[0]! });
      const sam: number[] = [];
      const cut: number[] = [];
      for (const prompt of list) {
        sam.push(await timed(() => infer(service, { model: segmenter, image: ref, prompt })));
        cut.push(await timed(() => infer(service, { model: grabcut, image: ref, prompt })));
      }
      // the encoder alone, on its thread, on the decoded picture
      const image = await service.parts.images.get(ref);
      const encoder: number[] = [];
      for (let i = 0; i < EMBEDDINGS; i++) encoder.push(await timed(() => service.parts.encoder.run({ op: 'embed', image }, 'interactive')));
      const healthIdle: number[] = [];
      for (let i = 0; i < 300; i++) healthIdle.push(await timed(() => health(service)));
      // /health every 20 ms, as a load balancer's probe would, not in a busy loop (which would take the CPU it measures)
      const duringHealth = await embeddings(service, p, `${threads}/${nice}/h`, () => health(service), 20);
      let k = 0;
      const duringClicks = await embeddings(service, p, `${threads}/${nice}/c`, () => infer(service, { model: segmenter, image: otherRef, prompt: otherPrompts[k++ % otherPrompts.length]! }));
      rows.push({ threads, nice, picture: p.label, size: `${p.width}x${p.height}`, warmup: [...duringHealth.took, ...duringClicks.took], encoder, sam, grabcut: cut, health: duringHealth.alongside, healthIdle, clicksDuring: duringClicks.alongside });
      console.error(`threads ${threads}, nice ${nice}, ${p.label}: SAM p95 ${percentiles(sam).p95.toFixed(0)} ms, GrabCut p95 ${percentiles(cut).p95.toFixed(0)} ms, encoder p50 ${percentiles(encoder).p50.toFixed(0)} ms`);
    }
  } finally {
    await service.close();
  }
  return rows;
}

const pictures = [
  await picture('retina.jpg', { x: 110, y: 545, width: 190, height: 190 }),
  await picture('astronaut.png', { x: 20, y: 15, width: 345, height: 497 }),
  await picture('chelsea.png', { x: 0, y: 0, width: 412, height: 300 }),
];
const rows: Row[] = [];
for (const threads of THREADS) for (const nice of NICE) rows.push(...(await measure(threads, nice, pictures)));
server.close();

const p = (xs: number[]) => percentiles(xs);
const f = (v: number) => v.toFixed(0);
const max = (xs: number[]) => xs.reduce((m, v) => Math.max(m, v), 0);
console.log(`\nSAM segmenter latency (ms), ${new Date().toISOString().slice(0, 10)}, ${os.availableParallelism()} cores, load average at the end ${os.loadavg().map((v) => v.toFixed(1)).join(' ')}; clicks n = ${rows[0]?.sam.length} per picture, end to end through HTTP`);
console.log('| encoder threads | nice | picture | size | embedding, warm-up to cached p50 | encoder alone p50 | SAM click p50 | SAM click p95 | GrabCut p50 | GrabCut p95 | /health idle p99 / max | /health during embedding p50 / p99 / max | click on another picture during embedding p50 / p95 |');
console.log('|---:|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  const h = p(r.health);
  console.log(
    `| ${r.threads} | ${r.nice} | ${r.picture} | ${r.size} | ${f(p(r.warmup).p50)} | ${f(p(r.encoder).p50)} | ${f(p(r.sam).p50)} | ${f(p(r.sam).p95)} | ${f(p(r.grabcut).p50)} | ${f(p(r.grabcut).p95)} | ${f(p(r.healthIdle).p99)} / ${f(max(r.healthIdle))} | ${f(h.p50)} / ${f(h.p99)} / ${f(max(r.health))} | ${f(p(r.clicksDuring).p50)} / ${f(p(r.clicksDuring).p95)} |`,
  );
}
