/**
 * Latency of the built-in models through the model service's HTTP API (POST /v1/infer), per
 * model and demo photo, as the workspace's interactive tools call it: the image has a cacheKey,
 * so after the first call it is neither downloaded nor decoded again (the "cold" column is that
 * first call). Includes 2-megapixel versions of two photos (upscaled with sharp), the size the
 * segmenter's 300 ms end-to-end budget is set for. The service runs in this process, its models
 * on their worker thread, ONNX models in a team model process; images come from a loopback file
 * server.
 * Usage: tsx bench/ai-models.ts   (BENCH_RUNS per row, default 30; BENCH_ONLY=segmenter,... )
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import type { AiBox, InferRequest, InferResponse } from '../src-shared/ai/protocol';
import { startModelService } from '../src-ai/service';
import { yoloModel, yoloSizedModel } from '../tests/support/tinyOnnx';
import { percentiles } from './lib/stats';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const ONLY = process.env.BENCH_ONLY?.split(',');
const DEMO = path.resolve(import.meta.dirname, '../resources/demo-images');
const KEY = 'bench-ai-key-0123456789';

const files = new Map<string, Buffer>();
const server = http.createServer((req, res) => {
  const body = files.get((req.url ?? '').split('?')[0]!.slice(1));
  res.statusCode = body ? 200 : 404;
  res.end(body ?? 'not found');
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function add(name: string, bytes?: Buffer): Promise<{ url: string; width: number; height: number }> {
  const data = bytes ?? (await sharp(path.join(DEMO, name)).toBuffer());
  files.set(name, data);
  const meta = await sharp(data).metadata();
  return { url: `${base}/${name}`, width: meta.width!, height: meta.height! };
}
/** the photo upscaled to about 2 megapixels */
async function twoMegapixel(name: string) {
  const meta = await sharp(path.join(DEMO, name)).metadata();
  const f = Math.sqrt(2_000_000 / (meta.width! * meta.height!));
  const png = await sharp(path.join(DEMO, name))
    .resize(Math.round(meta.width! * f), Math.round(meta.height! * f))
    .png({ compressionLevel: 2 })
    .toBuffer();
  return { ...(await add(`2mp-${name}`, png)), f };
}
const scaleBox = (b: AiBox, f: number): AiBox => ({ x: b.x * f, y: b.y * f, width: b.width * f, height: b.height * f });

const service = await startModelService({ key: KEY });
const rows: { model: string; image: string; size: string; cold: number; p50: number; p95: number; n: number }[] = [];

async function infer(body: InferRequest): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${service.url}/v1/infer`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-ai-service-key': KEY }, body: JSON.stringify(body) });
  const json = (await res.json()) as InferResponse;
  if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(json)}`);
  return performance.now() - t;
}

let cacheRound = 0;
async function row(model: string, image: { url: string; width: number; height: number }, label: string, body: Omit<InferRequest, 'image'>) {
  if (ONLY && !ONLY.includes(model)) return;
  const cacheKey = `bench/${label}/${cacheRound++}`;
  const cold = await infer({ ...body, image: { url: image.url, cacheKey } });
  for (let i = 0; i < 3; i++) await infer({ ...body, image: { url: image.url, cacheKey } });
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await infer({ ...body, image: { url: image.url, cacheKey } }));
  const p = percentiles(times);
  rows.push({ model, image: label, size: `${image.width}x${image.height}`, cold, p50: p.p50, p95: p.p95, n: p.n });
  console.error(`${model} ${label}: p50 ${p.p50.toFixed(0)} ms, p95 ${p.p95.toFixed(0)} ms`);
}

const detector = { kind: 'detector', runtime: 'builtin', name: 'detector' } as const;
const pose = { kind: 'pose', runtime: 'builtin', name: 'pose' } as const;
const segmenter = { kind: 'segmenter', runtime: 'builtin', name: 'segmenter' } as const;
const tracker = { kind: 'tracker', runtime: 'builtin', name: 'tracker' } as const;

const photos = ['astronaut.png', 'camera.png', 'chelsea.png', 'coffee.png', 'horse.png', 'rocket.jpg'];
const images = Object.fromEntries(await Promise.all(photos.map(async (p) => [p, await add(p)] as const)));
const bigCat = await twoMegapixel('chelsea.png');
const bigAstronaut = await twoMegapixel('astronaut.png');

// warm: every model loaded before the first timed call
await infer({ model: detector, image: { url: images['horse.png']!.url } });
await infer({ model: pose, image: { url: images['horse.png']!.url } });
await infer({ model: segmenter, image: { url: images['horse.png']!.url }, prompt: { box: { x: 10, y: 10, width: 200, height: 200 } } });

for (const p of photos) await row('detector', images[p]!, p, { model: detector });
await row('detector', bigAstronaut, '2mp-astronaut.png', { model: detector });
for (const p of ['astronaut.png', 'camera.png']) await row('pose', images[p]!, p, { model: pose });
await row('pose', images['astronaut.png']!, 'astronaut.png + box', { model: pose, prompt: { box: { x: 20, y: 15, width: 345, height: 497 } } });
await row('pose', bigAstronaut, '2mp-astronaut.png', { model: pose });

const boxes: Record<string, AiBox> = {
  'chelsea.png': { x: 0, y: 0, width: 412, height: 300 },
  'coffee.png': { x: 169, y: 15, width: 246, height: 253 },
  'horse.png': { x: 14, y: 15, width: 386, height: 301 },
  'astronaut.png': { x: 20, y: 15, width: 345, height: 497 },
};
for (const [p, box] of Object.entries(boxes)) await row('segmenter', images[p]!, `${p} box`, { model: segmenter, prompt: { box } });
await row('segmenter', images['horse.png']!, 'horse.png click', { model: segmenter, prompt: { points: [{ x: 200, y: 150, positive: true }] } });
await row('segmenter', bigCat, '2mp-chelsea.png box', { model: segmenter, prompt: { box: scaleBox(boxes['chelsea.png']!, bigCat.f) } });
await row('segmenter', bigAstronaut, '2mp-astronaut.png box', { model: segmenter, prompt: { box: scaleBox(boxes['astronaut.png']!, bigAstronaut.f) } });
await row('segmenter', bigCat, '2mp-chelsea.png box+2 clicks', {
  model: segmenter,
  prompt: {
    box: scaleBox(boxes['chelsea.png']!, bigCat.f),
    points: [
      { x: 200 * bigCat.f, y: 150 * bigCat.f, positive: true },
      { x: 430 * bigCat.f, y: 150 * bigCat.f, positive: false },
    ],
  },
});

// tracker: the astronaut's face into frames moved by a few pixels
const shifted = async (src: { url: string; width: number; height: number }, name: string, dx: number, dy: number) => {
  const bytes = files.get(src.url.slice(base.length + 1))!;
  const png = await sharp(bytes).extend({ left: dx, top: dy, background: '#000' }).extract({ left: 0, top: 0, width: src.width, height: src.height }).png({ compressionLevel: 2 }).toBuffer();
  return add(name, png);
};
const face = { x: 170, y: 50, width: 130, height: 140 };
const frames = await Promise.all(Array.from({ length: 10 }, (_, i) => shifted(images['astronaut.png']!, `shift-${i}.png`, 3 * (i + 1), 2 * (i + 1))));
const bigFrames = await Promise.all(Array.from({ length: 10 }, (_, i) => shifted(bigAstronaut, `big-shift-${i}.png`, 6 * (i + 1), 4 * (i + 1))));
for (const [label, img, fr, f] of [
  ['astronaut.png', images['astronaut.png']!, frames, 1],
  ['2mp-astronaut.png', bigAstronaut, bigFrames, bigAstronaut.f],
] as const) {
  for (const n of [1, 10]) {
    await row('tracker', img, `${label} face, ${n} frame${n > 1 ? 's' : ''}`, {
      model: tracker,
      frames: fr.slice(0, n).map((x, i) => ({ url: x.url, cacheKey: `${label}-frame-${i}` })),
      prompt: { objects: [{ id: 'face', tool: 'box', box: scaleBox(face, f) }] },
    });
  }
}

// onnx-yolo: a YOLOv8n-shaped model (640x640 in, [1, 84, 8400] out) whose graph is trivial, so
// the figure is the service's own cost around any ONNX detector (letterbox, tensor, decode, NMS)
const yolo = { kind: 'detector', runtime: 'onnx-yolo', name: 'bench-yolo', version: 'v1', classes: Array.from({ length: 80 }, (_, i) => `c${i}`) } as const;
const anchors = Array.from({ length: 8400 }, (_, i) => ({ cx: 8 + (i % 80) * 8, cy: 8 + Math.floor(i / 80) * 6, w: 20, h: 20, cls: i % 80, score: i % 97 === 0 ? 0.9 : 0.01 }));
files.set('yolo.onnx', Buffer.from(yoloModel({ inputWidth: 640, inputHeight: 640, classes: 80, boxes: anchors })));
for (const p of ['astronaut.png', 'coffee.png']) await row('onnx-yolo', images[p]!, `${p} (trivial graph)`, { model: { ...yolo, artifactUrl: `${base}/yolo.onnx` } });
await row('onnx-yolo', bigAstronaut, '2mp-astronaut.png (trivial graph)', { model: { ...yolo, artifactUrl: `${base}/yolo.onnx` } });
// a network of YOLOv8n's size (4.3 G multiply-adds at 640, random weights): what a real one costs
files.set('yolo-sized.onnx', Buffer.from(yoloSizedModel()));
await row('onnx-yolo', images['astronaut.png']!, 'astronaut.png (YOLOv8n-sized graph)', { model: { ...yolo, name: 'bench-yolo-sized', artifactUrl: `${base}/yolo-sized.onnx` } });

console.log('| model | image | size | first call (download, decode) ms | p50 ms | p95 ms | n |');
console.log('|---|---|---|---:|---:|---:|---:|');
for (const r of rows) console.log(`| ${r.model} | ${r.image} | ${r.size} | ${r.cold.toFixed(0)} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.n} |`);

await service.close();
server.close();
