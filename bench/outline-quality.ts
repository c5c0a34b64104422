/**
 * Outline quality (issue 32): every segmenter method we have, against the outlines drawn by hand
 * in tests/fixtures/outlines (28 objects: people, animals, things; colour and greyscale; objects
 * at the image edge; never tuned on), with the prompts a person gives, through the model
 * service's HTTP API as the workspace calls it:
 *
 * - box: the object's box (tight around the hand-drawn outline);
 * - 1 click: one positive click at the object's most inward point (the farthest from its edge);
 * - 3 clicks: then two corrections, each at the most inward point of the largest wrong area of
 *   the answer so far (positive where the object was missed, negative where too much was taken),
 *   every click sent each time: the usual protocol for interactive segmentation (NoC);
 * - box + 1, box + 2: the box, then one or two such corrections.
 *
 * Reports the mean mask IoU and the share of objects above IoU 0.8 per method and prompt, then
 * the best prompt's figures by kind of object. Goal: mean IoU >= 0.8 on CPU.
 * Usage: tsx bench/outline-quality.ts   (BENCH_METHODS=segmenter,grabcut)
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { InferResponse, ModelRef, Prompt } from '../src-shared/ai/protocol';
import type { Point2 } from '../src-shared/model/annotation';
import { rasterizePolygons } from '../src-shared/mask/polygonToMask';
import { maskIoU, regionOfGeometry, type MaskRegion } from '../src-shared/mask/region';
import { startModelService, type ModelService } from '../src-ai/service';

const FIXTURES = path.resolve(import.meta.dirname, '../tests/fixtures/outlines');
const KEY = 'bench-ai-key-0123456789';
const METHODS = (process.env.BENCH_METHODS ?? 'segmenter,grabcut').split(',');
const PROMPTS = ['box', '1 click', '3 clicks', 'box + 1', 'box + 2'] as const;
type PromptKind = (typeof PROMPTS)[number];

interface Outline {
  id: string;
  image: string;
  category: 'person' | 'animal' | 'thing';
  name: string;
  greyscale: boolean;
  atEdge: boolean;
  polygons: [number, number][][];
  holes?: [number, number][][];
}

const ring = (r: [number, number][]): Point2[] => r.map(([x, y]) => ({ x, y }));

/** The region over the whole picture (so errors outside the object's box are counted too). */
function onPicture(r: MaskRegion | null, width: number, height: number): MaskRegion {
  const out: MaskRegion = { x: 0, y: 0, width, height, bits: new Uint8Array(width * height) };
  if (!r) return out;
  for (let j = 0; j < r.height; j++) {
    const y = r.y + j;
    if (y < 0 || y >= height) continue;
    for (let i = 0; i < r.width; i++) {
      const x = r.x + i;
      if (x >= 0 && x < width && r.bits[j * r.width + i]) out.bits[y * width + x] = 1;
    }
  }
  return out;
}

/** The set pixel farthest from any unset one (city-block distance, two passes), or null when none is set. */
function mostInward(bits: Uint8Array, width: number, height: number): { x: number; y: number } | null {
  const d = new Int32Array(width * height);
  const far = width + height;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!bits[i]) continue;
      d[i] = Math.min(x > 0 ? d[i - 1]! + 1 : 1, y > 0 ? d[i - width]! + 1 : 1, far);
    }
  let best = -1;
  let at: { x: number; y: number } | null = null;
  for (let y = height - 1; y >= 0; y--)
    for (let x = width - 1; x >= 0; x--) {
      const i = y * width + x;
      if (!bits[i]) continue;
      d[i] = Math.min(d[i]!, x < width - 1 ? d[i + 1]! + 1 : 1, y < height - 1 ? d[i + width]! + 1 : 1);
      if (d[i]! > best) {
        best = d[i]!;
        at = { x, y };
      }
    }
  return at;
}

/** The largest 4-connected part of a bitmap, as a bitmap of its own, with its size. */
function largestPart(bits: Uint8Array, width: number, height: number): { bits: Uint8Array; size: number } {
  const label = new Int32Array(width * height);
  let bestLabel = 0;
  let bestSize = 0;
  let next = 0;
  const stack: number[] = [];
  for (let s = 0; s < bits.length; s++) {
    if (!bits[s] || label[s]) continue;
    next++;
    let size = 0;
    label[s] = next;
    stack.push(s);
    while (stack.length) {
      const i = stack.pop()!;
      size++;
      const x = i % width;
      for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
        if (j < 0 || j >= bits.length || !bits[j] || label[j]) continue;
        label[j] = next;
        stack.push(j);
      }
    }
    if (size > bestSize) {
      bestSize = size;
      bestLabel = next;
    }
  }
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) if (label[i] === bestLabel && bestLabel) out[i] = 1;
  return { bits: out, size: bestSize };
}

/** The next correction: a click in the middle of the largest wrong area, positive where the answer missed the object. */
function correction(truth: MaskRegion, answer: MaskRegion): { x: number; y: number; positive: boolean } | null {
  const { width, height } = truth;
  const missed = new Uint8Array(width * height);
  const extra = new Uint8Array(width * height);
  for (let i = 0; i < missed.length; i++) {
    if (truth.bits[i] && !answer.bits[i]) missed[i] = 1;
    else if (!truth.bits[i] && answer.bits[i]) extra[i] = 1;
  }
  const m = largestPart(missed, width, height);
  const e = largestPart(extra, width, height);
  const pick = m.size >= e.size ? { part: m, positive: true } : { part: e, positive: false };
  if (pick.part.size === 0) return null;
  const at = mostInward(pick.part.bits, width, height);
  return at && { x: at.x + 0.5, y: at.y + 0.5, positive: pick.positive };
}

async function infer(service: ModelService, model: ModelRef, url: string, cacheKey: string, prompt: Prompt): Promise<InferResponse> {
  const res = await fetch(`${service.url}/v1/infer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ai-service-key': KEY },
    body: JSON.stringify({ model, image: { url, cacheKey }, prompt }),
  });
  if (res.status !== 200) throw new Error(`infer answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as InferResponse;
}

/** The answer's pixels over the picture: its mask when it has one, else its outline filled. */
function answerRegion(res: InferResponse, width: number, height: number): MaskRegion {
  const p = res.predictions[0];
  if (!p) return onPicture(null, width, height);
  if (p.mask) return onPicture(regionOfGeometry(p.mask), width, height);
  return onPicture(p.points && p.points.length >= 3 ? rasterizePolygons([p.points]) : null, width, height);
}

interface Score {
  outline: Outline;
  method: string;
  prompt: PromptKind;
  iou: number;
}

async function main() {
  const outlines = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'outlines.json'), 'utf8')) as Outline[];
  const files = new Map<string, Buffer>();
  for (const o of outlines) files.set(o.image, fs.readFileSync(path.join(FIXTURES, o.image)));
  const server = http.createServer((req, res) => {
    const body = files.get(decodeURIComponent((req.url ?? '').slice(1)));
    res.statusCode = body ? 200 : 404;
    res.end(body ?? 'not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sharp = (await import('sharp')).default;
  const service = await startModelService({ key: KEY });
  const scores: Score[] = [];
  try {
    for (const o of outlines) {
      const meta = await sharp(files.get(o.image)!).metadata();
      const width = meta.width!;
      const height = meta.height!;
      const truth = onPicture(rasterizePolygons([...o.polygons.map(ring), ...(o.holes ?? []).map(ring)]), width, height);
      const xs = o.polygons.flat().map(([x]) => x);
      const ys = o.polygons.flat().map(([, y]) => y);
      const box = { x: Math.max(0, Math.min(...xs)), y: Math.max(0, Math.min(...ys)), width: 0, height: 0 };
      box.width = Math.min(width, Math.max(...xs)) - box.x;
      box.height = Math.min(height, Math.max(...ys)) - box.y;
      const inward = mostInward(truth.bits, width, height)!;
      const first = { x: inward.x + 0.5, y: inward.y + 0.5, positive: true };
      for (const method of METHODS) {
        const model: ModelRef = { kind: 'segmenter', runtime: 'builtin', name: method };
        const ask = async (prompt: Prompt) => answerRegion(await infer(service, model, `${base}/${encodeURIComponent(o.image)}`, `outline/${o.image}`, prompt), width, height);
        const record = (prompt: PromptKind, answer: MaskRegion) => scores.push({ outline: o, method, prompt, iou: maskIoU(truth, answer) });
        const boxed = await ask({ box });
        record('box', boxed);
        const points = [first];
        let answer = await ask({ points });
        record('1 click', answer);
        for (let k = 0; k < 2; k++) {
          const next = correction(truth, answer);
          if (next) {
            points.push(next);
            answer = await ask({ points });
          }
        }
        record('3 clicks', answer);
        const fix = correction(truth, boxed);
        const fixed = fix ? await ask({ box, points: [fix] }) : boxed;
        record('box + 1', fixed);
        const fix2 = fix && correction(truth, fixed);
        record('box + 2', fix2 ? await ask({ box, points: [fix!, fix2] }) : fixed);
        const mine = scores.filter((s) => s.outline === o && s.method === method);
        console.error(`${o.id} ${method}: ${mine.map((s) => `${s.prompt} ${s.iou.toFixed(3)}`).join(', ')}`);
      }
    }
  } finally {
    await service.close();
    server.close();
  }

  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const cell = (list: Score[]) => (list.length ? `${mean(list.map((s) => s.iou)).toFixed(3)} (${Math.round((100 * list.filter((s) => s.iou >= 0.8).length) / list.length)} %)` : '-');
  console.log(`\nOutline quality: ${outlines.length} hand-drawn objects, mean mask IoU (share of objects at IoU >= 0.8), ${new Date().toISOString().slice(0, 10)}, ${os.availableParallelism()} cores`);
  console.log(`| method | ${PROMPTS.join(' | ')} |`);
  console.log(`|---|${PROMPTS.map(() => '---').join('|')}|`);
  for (const method of METHODS) console.log(`| ${method} | ${PROMPTS.map((p) => cell(scores.filter((s) => s.method === method && s.prompt === p))).join(' | ')} |`);
  const kinds: [string, (o: Outline) => boolean][] = [
    ['people', (o) => o.category === 'person'],
    ['animals', (o) => o.category === 'animal'],
    ['things', (o) => o.category === 'thing'],
    ['colour', (o) => !o.greyscale],
    ['greyscale', (o) => o.greyscale],
    ['at the image edge', (o) => o.atEdge],
  ];
  console.log('\nBy kind of object (mean IoU, share >= 0.8)');
  console.log(`| method, prompt | ${kinds.map(([k]) => `${k} (n = ${outlines.filter(kinds.find((x) => x[0] === k)![1]).length})`).join(' | ')} |`);
  console.log(`|---|${kinds.map(() => '---').join('|')}|`);
  for (const method of METHODS)
    for (const prompt of PROMPTS) console.log(`| ${method}, ${prompt} | ${kinds.map(([, f]) => cell(scores.filter((s) => s.method === method && s.prompt === prompt && f(s.outline)))).join(' | ')} |`);
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
