/**
 * One SAM decoder's runs for a prompt: the built-in's (samDecoder.ts) and a team's own
 * (teamSam.ts, in the party's process: this file imports no more than onnxruntime, so that process
 * starts light).
 *
 * **Refinement.** The caller sends every click so far (the protocol is stateless), in the order
 * they were made. The answer is the one the clicks would get one by one, each run fed the
 * previous answer's logits as `mask_input` (the interactive use SAM was trained for): on ten
 * objects with exact outlines (bench/ai-sam-refine.ts) the mean IoU after four simulated clicks
 * was 0.72 against 0.58 with each call afresh, after six 0.84 against 0.77. The thread keeps the last
 * MEMORY answers' logits, so a click usually costs one run: the answer to its clicks without the
 * last one is found there; when it is not (another service process, evicted), the shorter prompts
 * are run again first, so the answer never depends on what was asked before. A decoder without
 * `mask_input`, or whose logits are not its size, answers each prompt afresh. After a box, each
 * click changes the answer only around itself (samLocal.ts).
 */
import * as ort from 'onnxruntime-node';
import type { Prompt } from '../../src-shared/ai/protocol';
import type { Embedding, SamLogits } from '../engine/messages';
import { mergeAroundClick } from './samLocal';
import { encodePoints, SAM_SIDE } from './samPrompt';

/** Earlier answers' logits kept (256 KiB each for the built-in's). */
const MEMORY = 64;
const memory = new Map<string, Float32Array>();

/**
 * How a decoder is fed and read: the built-in's (samDecoder.ts BUILTIN_PLAN), or a team's, from its contract
 * and its first run (models/teamSam.ts).
 */
export interface DecoderPlan {
  /** the embedding's tensors (Embedding.parts, in order) and the decoder input each goes to */
  feeds: { input: string; dims: number[] }[];
  /** `mask_input` (and `has_mask_input`) of `maskSide` x `maskSide`, when the decoder takes them */
  maskSide?: number;
  /** false: each prompt is answered afresh (the logits are not mask_input's size) */
  chain?: boolean;
  /** what `orig_im_size` is fed: the picture's size in the input (its `masks` then skipped), the padded input's, or nothing */
  origImSize: 'input' | 'side' | 'none';
  /** the output read as the logits */
  logits: string;
}

const tensor = (values: number[] | Float32Array, dims: number[]) => new ort.Tensor('float32', values instanceof Float32Array ? values : Float32Array.from(values), dims);

type Click = NonNullable<Prompt['points']>[number];
type Box = { x: number; y: number; width: number; height: number };

/** One decoder run; of several masks (a multi-mask export), the one it rates best. */
async function decode(s: ort.InferenceSession, plan: DecoderPlan, embedding: Embedding, clicks: readonly Click[], box: Box | undefined, fed: Float32Array | undefined): Promise<SamLogits> {
  const points = encodePoints(clicks, box, embedding);
  const side = embedding.side ?? SAM_SIDE;
  const feeds: Record<string, ort.Tensor> = {
    point_coords: tensor(points.coords, [1, points.count, 2]),
    point_labels: tensor(points.labels, [1, points.count]),
  };
  let at = 0;
  for (const f of plan.feeds) {
    const n = f.dims.reduce((a, d) => a * d, 1);
    feeds[f.input] = tensor(new Float32Array(embedding.data, at * 4, n), f.dims);
    at += n;
  }
  if (plan.maskSide) {
    feeds.mask_input = tensor(fed ?? new Float32Array(plan.maskSide * plan.maskSide), [1, 1, plan.maskSide, plan.maskSide]);
    feeds.has_mask_input = tensor([fed ? 1 : 0], [1]);
  }
  // bounded whatever the picture's size, should a runtime compute `masks` after all
  if (plan.origImSize === 'input') feeds.orig_im_size = tensor([embedding.inputHeight, embedding.inputWidth], [2]);
  else if (plan.origImSize === 'side') feeds.orig_im_size = tensor([side, side], [2]);
  const out = await s.run(feeds, [plan.logits, 'iou_predictions']);
  try {
    const logits = out[plan.logits]!;
    const ious = out.iou_predictions!.data as Float32Array;
    const [, k = 1, rows = 0, cols = 0] = logits.dims;
    if (logits.dims.length !== 4 || rows !== cols || rows < 1 || ious.length !== k) throw new Error(`the SAM decoder answered ${plan.logits} [${logits.dims.join(', ')}] and iou_predictions [${out.iou_predictions!.dims.join(', ')}]`);
    let best = 0;
    for (let i = 1; i < k; i++) if (ious[i]! > ious[best]!) best = i;
    const plane = rows * cols;
    return { logits: new Float32Array((logits.data as Float32Array).subarray(best * plane, (best + 1) * plane)), cells: rows, iou: ious[best] ?? 0 };
  } finally {
    for (const t of Object.values(out)) t.dispose();
  }
}

/**
 * The logits of the prompt's clicks made one by one (see the file's comment), and the last run's
 * predicted IoU. `onRun` is told before each decoder run (a team's process restarts its time
 * limit there: each run is one inference). `remember: false` (a batch job's boxes, asked once
 * each) keeps the answers out of the memory.
 */
export async function refine(
  s: ort.InferenceSession,
  plan: DecoderPlan,
  embedding: Embedding,
  clicks: readonly Click[],
  box: Box | undefined,
  onRun: () => void = () => undefined,
  remember = true,
): Promise<SamLogits> {
  const keyOf = (n: number) => `${embedding.id}|${box ? `${box.x},${box.y},${box.width},${box.height}` : ''}|${clicks.slice(0, n).map((p) => `${p.x},${p.y},${p.positive ? 1 : 0}`).join(';')}`;
  // the chain starts with the box alone, or with the first click; a decoder without mask_input
  // (or whose logits are not the mask_input's size) answers each prompt afresh
  const first = box ? 0 : 1;
  const chains = plan.maskSide !== undefined && plan.chain !== false;
  const chained = (cells: number) => chains && plan.maskSide === cells;
  let start = chains ? first : clicks.length;
  let fed: Float32Array | undefined;
  for (let n = clicks.length - 1; chains && n >= first; n--) {
    const kept = memory.get(keyOf(n));
    if (kept) {
      fed = kept;
      start = n + 1;
      break;
    }
  }
  let answer: SamLogits = { logits: new Float32Array(0), cells: 0, iou: 0 };
  for (let n = Math.max(start, first); n <= clicks.length; n++) {
    onRun();
    answer = await decode(s, plan, embedding, clicks.slice(0, n), box, fed);
    if (!chained(answer.cells)) continue;
    // after a box, a click changes the answer near itself only (samLocal.ts)
    if (box && fed && n > 0) answer = { ...answer, logits: mergeAroundClick(fed, answer.logits, answer.cells, clicks[n - 1]!, box, embedding) };
    fed = answer.logits;
    if (!remember) continue;
    const key = keyOf(n);
    memory.delete(key);
    memory.set(key, answer.logits);
    while (memory.size > MEMORY) memory.delete(memory.keys().next().value!);
  }
  return answer;
}

