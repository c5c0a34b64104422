/**
 * SAM's prompt and mask decoder: a picture's embedding and a prompt (box, positive and negative
 * clicks) to the object's mask and outline, on the built-in models' thread (40 to 80 ms a run).
 *
 * **Refinement.** The caller sends every click so far (the protocol is stateless), in the order
 * they were made. The answer is the one the clicks would get one by one, each run fed the
 * previous answer's logits as `mask_input` (the interactive use SAM was trained for): on ten
 * objects with exact outlines (bench/ai-sam-refine.ts) the mean IoU after four simulated clicks
 * was 0.72 against 0.58 with each call afresh, after six 0.84 against 0.77. The thread keeps the last
 * MEMORY answers' logits, so a click usually costs one run: the answer to its clicks without the
 * last one is found there; when it is not (another service process, evicted), the shorter prompts
 * are run again first, so the answer never depends on what was asked before. After a box, each
 * click changes the answer only around itself (samLocal.ts).
 *
 * Only the decoder's low-resolution logits are asked for: its full-size `masks` output is the
 * same logits resized to `orig_im_size` inside the graph, which onnxruntime then does not run
 * (52 against 92 ms a run for a 1920 x 1080 picture, 68 against 310 ms at 4096 px); samMask.ts
 * reads the logits at the picture's pixels itself, column by column, into run-length text.
 *
 * The answer: one `polygon` prediction with `mask` (the set pixels, cropped to their box, in the
 * picture's own pixels) and `points` (the mask's largest outer outline, traced on the mask
 * sampled at up to OUTLINE_SIDE px across its box, twice the picture's pixels for small objects,
 * and simplified within `tolerance` picture pixels), `score` = the decoder's predicted IoU.
 */
import * as ort from 'onnxruntime-node';
import type { Prediction, Prompt } from '../../src-shared/ai/protocol';
import { OBJECT_CLASS } from '../catalog';
import type { Embedding } from '../engine/messages';
import { clipBox, round2 } from '../geometry';
import { largestOutline } from './maskOutline';
import { samSession } from './samFiles';
import { mergeAroundClick } from './samLocal';
import { LOW_RES, maskOfLogits, outlineBitmap } from './samMask';
import { encodePoints, samPoints } from './samPrompt';
import { DEFAULT_TOLERANCE } from './segmenter';

/** The longest side of the bitmap the outline is traced on. */
export const OUTLINE_SIDE = 1024;
/** Earlier answers' logits kept (256 KiB each). */
const MEMORY = 64;

let session: Promise<ort.InferenceSession> | undefined;
const memory = new Map<string, Float32Array>();

export function loadSamDecoder(dir?: string): Promise<ort.InferenceSession> {
  session ??= samSession('decoder', 1, dir);
  session.catch(() => (session = undefined));
  return session;
}

const tensor = (values: number[] | Float32Array, dims: number[]) => new ort.Tensor('float32', values instanceof Float32Array ? values : Float32Array.from(values), dims);

type Click = NonNullable<Prompt['points']>[number];
type Box = { x: number; y: number; width: number; height: number };

async function decode(s: ort.InferenceSession, embedding: Embedding, clicks: readonly Click[], box: Box | undefined, fed: Float32Array | undefined) {
  const points = encodePoints(clicks, box, embedding);
  const out = await s.run(
    {
      image_embeddings: tensor(new Float32Array(embedding.data), [1, 256, 64, 64]),
      point_coords: tensor(points.coords, [1, points.count, 2]),
      point_labels: tensor(points.labels, [1, points.count]),
      mask_input: tensor(fed ?? new Float32Array(LOW_RES * LOW_RES), [1, 1, LOW_RES, LOW_RES]),
      has_mask_input: tensor([fed ? 1 : 0], [1]),
      // bounded whatever the picture's size, should a runtime compute `masks` after all
      orig_im_size: tensor([embedding.inputHeight, embedding.inputWidth], [2]),
    },
    ['low_res_masks', 'iou_predictions'],
  );
  return { logits: new Float32Array(out.low_res_masks!.data as Float32Array), iou: (out.iou_predictions!.data as Float32Array)[0] ?? 0 };
}

/**
 * The logits of the prompt's clicks made one by one (see the file's comment), and the last run's
 * predicted IoU. `remember: false` (a batch job's boxes, asked once each) keeps them out of the
 * memory, which is the clicks' refinement chains.
 */
async function refine(s: ort.InferenceSession, embedding: Embedding, clicks: readonly Click[], box: Box | undefined, remember: boolean) {
  const keyOf = (n: number) => `${embedding.id}|${box ? `${box.x},${box.y},${box.width},${box.height}` : ''}|${clicks.slice(0, n).map((p) => `${p.x},${p.y},${p.positive ? 1 : 0}`).join(';')}`;
  // the chain starts with the box alone, or with the first click
  const first = box ? 0 : 1;
  let start = first;
  let fed: Float32Array | undefined;
  for (let n = clicks.length - 1; n >= first; n--) {
    const kept = memory.get(keyOf(n));
    if (kept) {
      fed = kept;
      start = n + 1;
      break;
    }
  }
  let answer = { logits: new Float32Array(0), iou: 0 };
  for (let n = start; n <= clicks.length; n++) {
    answer = await decode(s, embedding, clicks.slice(0, n), box, fed);
    // after a box, a click changes the answer near itself only (samLocal.ts)
    if (box && fed && n > 0) answer = { ...answer, logits: mergeAroundClick(fed, answer.logits, clicks[n - 1]!, box, embedding) };
    fed = answer.logits;
    if (!remember) continue;
    const key = keyOf(n);
    memory.delete(key);
    memory.set(key, answer.logits);
    while (memory.size > MEMORY) memory.delete(memory.keys().next().value!);
  }
  return answer;
}

export async function samSegment(embedding: Embedding, prompt: Prompt | undefined, tolerance = DEFAULT_TOLERANCE, remember = true): Promise<Prediction[]> {
  const s = await loadSamDecoder();
  samPoints(prompt, embedding);
  const box = prompt?.box ? clipBox(prompt.box, embedding.sourceWidth, embedding.sourceHeight) : undefined;
  const { logits, iou } = await refine(s, embedding, prompt?.points ?? [], box, remember);
  const mask = maskOfLogits(logits, embedding);
  if (!mask) return [];
  const { box: around } = mask;
  const scale = Math.min(2, OUTLINE_SIDE / Math.max(around.width, around.height));
  const bitmap = outlineBitmap(logits, embedding, around, scale);
  const outline = await largestOutline(bitmap.bits, bitmap.width, bitmap.height, tolerance * scale);
  const clampX = (x: number) => round2(Math.min(Math.max(x, 0), embedding.sourceWidth));
  const clampY = (y: number) => round2(Math.min(Math.max(y, 0), embedding.sourceHeight));
  // a speck too small to trace keeps its box as the outline
  const traced = outline?.points.map((p) => ({ x: clampX(around.x + (p.x + 0.5) / scale), y: clampY(around.y + (p.y + 0.5) / scale) }));
  const corners = [
    { x: around.x, y: around.y },
    { x: around.x + around.width, y: around.y },
    { x: around.x + around.width, y: around.y + around.height },
    { x: around.x, y: around.y + around.height },
  ];
  const prediction: Prediction = {
    tool: 'polygon',
    className: OBJECT_CLASS,
    score: Math.round(Math.min(1, Math.max(0, iou)) * 1e4) / 1e4,
    points: traced ?? corners,
    ...(mask.geometry ? { mask: mask.geometry } : {}),
  };
  return [prediction];
}
