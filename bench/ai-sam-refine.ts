/**
 * Does SAM's decoder do better when each click is fed the previous answer (`mask_input`), as SAM
 * was trained for, than when every call starts afresh? Objects with exact outlines: horse.png's
 * silhouette, and that silhouette cut out of one demo photo and pasted onto another (an object
 * whose every pixel is known). Clicks are simulated as in interactive-segmentation studies: the
 * next click goes to the pixel deepest inside the larger error (missed object: positive;
 * wrongly taken background: negative), every click so far sent each time. Prints the mean mask
 * IoU after 1 to CLICKS clicks, both ways. Deterministic: no timing.
 *
 * Usage: tsx bench/ai-sam-refine.ts
 */
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { samSession } from '../src-ai/models/samFiles';
import { encoderInput } from '../src-ai/models/samEncoder';
import { LOW_RES, maskOfLogits } from '../src-ai/models/samMask';
import type { SamFrame } from '../src-ai/models/samPrompt';
import { decodeBitmap } from '../src-shared/mask/rle';

const CLICKS = 6;
const DEMO = path.resolve(import.meta.dirname, '../resources/demo-images');
type Img = { data: Buffer; info: { width: number; height: number } };
type Click = [x: number, y: number, label: number];

const encoder = await samSession('encoder', 2);
const decoder = await samSession('decoder', 1);
const tensor = (v: number[] | Float32Array, dims: number[]) => new ort.Tensor('float32', v instanceof Float32Array ? v : Float32Array.from(v), dims);
const load = (file: string) => sharp(path.join(DEMO, file)).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true }) as Promise<Img>;

async function embed(img: Img): Promise<{ embedding: Float32Array; frame: SamFrame }> {
  const input = new Float32Array(3 * 1024 * 1024);
  const size = encoderInput({ width: img.info.width, height: img.info.height, channels: 3, data: img.data }, input);
  const out = await encoder.run({ input: tensor(input, [1, 3, 1024, 1024]) });
  return { embedding: out.output!.data as Float32Array, frame: { ...size, sourceWidth: img.info.width, sourceHeight: img.info.height } };
}

/** The decoder on every click so far (and the padding point), fed `previous` or not: the mask over the whole picture, and the logits. */
async function decode(e: { embedding: Float32Array; frame: SamFrame }, clicks: Click[], previous?: Float32Array) {
  const fx = e.frame.inputWidth / e.frame.sourceWidth;
  const fy = e.frame.inputHeight / e.frame.sourceHeight;
  const all: Click[] = [...clicks, [0, 0, -1]];
  const out = await decoder.run(
    {
      image_embeddings: tensor(e.embedding, [1, 256, 64, 64]),
      point_coords: tensor(all.flatMap(([x, y]) => [x * fx, y * fy]), [1, all.length, 2]),
      point_labels: tensor(all.map((c) => c[2]), [1, all.length]),
      mask_input: tensor(previous ?? new Float32Array(LOW_RES * LOW_RES), [1, 1, LOW_RES, LOW_RES]),
      has_mask_input: tensor([previous ? 1 : 0], [1]),
      orig_im_size: tensor([e.frame.inputHeight, e.frame.inputWidth], [2]),
    },
    ['low_res_masks'],
  );
  const logits = new Float32Array(out.low_res_masks!.data as Float32Array);
  const { sourceWidth: w, sourceHeight: h } = e.frame;
  const mask = new Uint8Array(w * h);
  const g = maskOfLogits(logits, e.frame)?.geometry;
  if (g) {
    const bits = decodeBitmap(g.rle, g.width, g.height)!;
    for (let y = 0; y < g.height; y++) for (let x = 0; x < g.width; x++) if (bits[y * g.width + x]) mask[(y + g.y) * w + x + g.x] = 1;
  }
  return { mask, logits };
}

function iou(a: Uint8Array, b: Uint8Array): number {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] && b[i]) inter++;
    if (a[i] || b[i]) union++;
  }
  return inter / union;
}

/** The pixel deepest inside the larger error (city-block distance to the nearest pixel outside it). */
function nextClick(mask: Uint8Array, truth: Uint8Array, w: number, h: number): Click {
  let missed = 0;
  let extra = 0;
  for (let i = 0; i < w * h; i++) {
    if (truth[i] && !mask[i]) missed++;
    if (!truth[i] && mask[i]) extra++;
  }
  const positive = missed >= extra;
  const d = new Int32Array(w * h);
  for (let i = 0; i < w * h; i++) d[i] = (positive ? truth[i] && !mask[i] : !truth[i] && mask[i]) ? 1 << 30 : 0;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (d[y * w + x]) d[y * w + x] = Math.min(d[y * w + x]!, (y ? d[(y - 1) * w + x]! : 0) + 1, (x ? d[y * w + x - 1]! : 0) + 1);
  let best = 0;
  let at = 0;
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      if (!d[i]) continue;
      d[i] = Math.min(d[i]!, (y < h - 1 ? d[i + w]! : 0) + 1, (x < w - 1 ? d[i + 1]! : 0) + 1);
      if (d[i]! > best) [best, at] = [d[i]!, i];
    }
  }
  return [(at % w) + 0.5, Math.floor(at / w) + 0.5, positive ? 1 : 0];
}

const horse = await load('horse.png');
const silhouette = new Uint8Array(horse.info.width * horse.info.height).map((_, i) => (horse.data[i * 3]! < 128 ? 1 : 0));

/** The silhouette, scaled and placed at `at`, filled with `fill`'s pixels, pasted on `onto`. */
async function pasted(onto: string, fill: string, at: [number, number], scale: number): Promise<{ name: string; img: Img; truth: Uint8Array }> {
  const img = await load(onto);
  const { width: W, height: H } = img.info;
  const texture = await sharp(path.join(DEMO, fill)).removeAlpha().toColourspace('srgb').resize(W, H, { fit: 'cover' }).raw().toBuffer();
  const truth = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const hx = Math.floor((x - at[0]) / scale);
      const hy = Math.floor((y - at[1]) / scale);
      if (hx < 0 || hy < 0 || hx >= horse.info.width || hy >= horse.info.height || !silhouette[hy * horse.info.width + hx]) continue;
      const i = y * W + x;
      truth[i] = 1;
      img.data.set(texture.subarray(i * 3, i * 3 + 3), i * 3);
    }
  }
  return { name: `${fill} on ${onto}`, img, truth };
}

const objects = [
  { name: 'horse.png', img: horse, truth: silhouette },
  await pasted('coffee.png', 'astronaut.png', [80, 40], 1.2),
  await pasted('chelsea.png', 'rocket.jpg', [20, 10], 0.9),
  await pasted('rocket.jpg', 'chelsea.png', [150, 60], 1.1),
  await pasted('astronaut.png', 'coffee.png', [60, 120], 1.0),
  await pasted('camera.png', 'coffee.png', [40, 100], 1.0),
  await pasted('coffee.png', 'coins.png', [150, 30], 0.8),
  await pasted('hubble_deep_field.jpg', 'astronaut.png', [10, 10], 1.3),
  await pasted('astronaut.png', 'retina.jpg', [120, 60], 0.9),
  await pasted('chelsea.png', 'camera.png', [60, 0], 0.85),
];

const sums = { afresh: new Array<number>(CLICKS).fill(0), fed: new Array<number>(CLICKS).fill(0) };
/** answers that lost more than 0.1 of IoU to a click */
const fallsBack = { afresh: 0, fed: 0 };
console.log('| object | way | IoU after 1 … 6 clicks |\n|---|---|---|');
for (const o of objects) {
  const e = await embed(o.img);
  const { width: w, height: h } = o.img.info;
  for (const way of ['afresh', 'fed'] as const) {
    const clicks: Click[] = [];
    let mask = new Uint8Array(w * h);
    let previous: Float32Array | undefined;
    const ious: number[] = [];
    for (let k = 0; k < CLICKS; k++) {
      clicks.push(nextClick(mask, o.truth, w, h));
      const r = await decode(e, clicks, way === 'fed' ? previous : undefined);
      mask = r.mask;
      previous = r.logits;
      ious.push(iou(mask, o.truth));
      sums[way][k]! += ious[k]!;
      if (k > 0 && ious[k]! < ious[k - 1]! - 0.1) fallsBack[way]++;
    }
    console.log(`| ${o.name} | ${way} | ${ious.map((v) => v.toFixed(3)).join(' ')} |`);
  }
}
const mean = (xs: number[]) => xs.map((v) => (v / objects.length).toFixed(3)).join(' ');
console.log(`\nmean IoU after 1 … ${CLICKS} clicks over ${objects.length} objects`);
console.log(`| way | mean IoU | answers that fell back by more than 0.1 |\n|---|---|---:|`);
console.log(`| each call afresh | ${mean(sums.afresh)} | ${fallsBack.afresh} |`);
console.log(`| fed the previous answer | ${mean(sums.fed)} | ${fallsBack.fed} |`);
