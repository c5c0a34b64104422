/**
 * The contract a team's own SAM meets (runtime `onnx-sam`, docs/ai-models.md "Bring your own
 * SAM"): an image encoder and a prompt decoder, two ONNX files, in the shape of Segment
 * Anything's ONNX export, which is what the built-in segmenter runs (src-ai/models/samDecoder.ts).
 *
 * - Encoder: one float32 input [1, 3, S, S] (S from SAM_MIN_SIDE to SAM_MAX_SIDE px; a symbolic
 *   side means 1024), the picture resized so its longer side is S, ImageNet-normalised, padded
 *   right and down; its outputs are the image embedding(s), float32.
 * - Decoder: inputs `point_coords` [1, N, 2] and `point_labels` [1, N] (required), `mask_input`
 *   [1, 1, M, M] with `has_mask_input` [1] and `orig_im_size` [2] (optional), and the embedding:
 *   each encoder output it takes by name, or, when the encoder has one output, `image_embeddings`
 *   whatever that output is called. Outputs `iou_predictions` [1, K] and the mask logits,
 *   `low_res_masks` [1, K, L, L] (or `masks`, fed `orig_im_size` = [S, S]).
 *
 * Read from the files' declared inputs and outputs (onnxWire.ts), before anything runs: the team
 * server checks an upload with it and answers a translated 4xx naming what does not fit; the
 * model service checks again before it loads the pair, then learns the real shapes from one run.
 * A breach carries its error key (src-shared/api/errorKeys/ai.ts) and the values its text names.
 * Pure: no node:.
 */
import { streamedSignature } from './onnxStream';
import { Truncated, type Dim, type Graph, type ValueInfo } from './onnxWire';

export const SAM_MIN_SIDE = 64;
export const SAM_MAX_SIDE = 1024;
/** The side a symbolic encoder input is fed at: Segment Anything's. */
export const SAM_DEFAULT_SIDE = 1024;
/** Elements of one picture's embedding(s): 4 x the built-in's 256 x 64 x 64 (16 MiB of float32). */
export const SAM_MAX_EMBEDDING = 4 * 256 * 64 * 64;
/** The largest mask-logit grid side read (the built-in's low-res logits are 256). */
export const SAM_MAX_GRID = 1024;

/** The decoder inputs the service feeds besides the embedding(s). */
export const SAM_PROMPT_INPUTS = ['point_coords', 'point_labels', 'mask_input', 'has_mask_input', 'orig_im_size'] as const;
/** The decoder input a single-output encoder's embedding is fed to. */
export const SAM_EMBEDDING_INPUT = 'image_embeddings';
export const SAM_LOGITS_OUTPUTS = ['low_res_masks', 'masks'] as const;
export const SAM_IOU_OUTPUT = 'iou_predictions';

export const SAM_CONTRACT_KEYS = ['ai.samEncoderInput', 'ai.samEncoderOutput', 'ai.samDecoderInput', 'ai.samDecoderOutput', 'ai.samPairMismatch'] as const;
export type SamContractKey = (typeof SAM_CONTRACT_KEYS)[number];

/** One of the two files cannot be read as an ONNX model at all (cut short, not protobuf, no graph). */
export class SamFileUnreadable extends Error {
  constructor(
    readonly part: 'encoder' | 'decoder',
    reason: string,
  ) {
    super(`the SAM ${part} is not an ONNX model this service reads: ${reason}`);
    this.name = 'SamFileUnreadable';
  }
}

/**
 * Reads both files' signatures as they stream by (onnxStream.ts: inputs, outputs, initializer
 * names; nodes and weights skipped) and checks the pair: SamFileUnreadable or SamContractBreach
 * when they do not fit. What the team server checks before it stores a pair.
 */
export async function samContractOfStreams(encoder: AsyncIterable<Uint8Array>, decoder: AsyncIterable<Uint8Array>): Promise<SamPairFacts> {
  const graph = async (part: 'encoder' | 'decoder', chunks: AsyncIterable<Uint8Array>): Promise<Graph> => {
    try {
      const g = await streamedSignature(chunks);
      if (g) return g;
    } catch (e) {
      if (e instanceof Truncated) throw new SamFileUnreadable(part, 'its protobuf is cut short or malformed');
      throw e;
    }
    throw new SamFileUnreadable(part, 'it has no graph');
  };
  return samContract(await graph('encoder', encoder), await graph('decoder', decoder));
}

/** Written where a tensor is missing (got) or should not be there (expected). */
export const NONE = '—';

/** What does not fit: the key of its translated text, the tensor, what it should be and what it is. */
export class SamContractBreach extends Error {
  constructor(
    readonly key: SamContractKey,
    readonly data: { name: string; expected: string; got: string },
  ) {
    const where = { 'ai.samEncoderInput': 'the encoder\'s input', 'ai.samEncoderOutput': 'the encoder\'s output', 'ai.samDecoderInput': 'the decoder\'s input', 'ai.samDecoderOutput': 'the decoder\'s output', 'ai.samPairMismatch': 'the decoder\'s embedding input' }[key];
    super(`SAM contract: ${where} ${data.name} should be ${data.expected}, it is ${data.got}`);
    this.name = 'SamContractBreach';
  }
}

/** One embedding tensor: the encoder output and the decoder input it is fed to. */
export interface SamFeed {
  output: string;
  input: string;
  /** the encoder's declared dims (numbers where it says) */
  dims: Dim[];
}

export interface SamPairFacts {
  /** the encoder's input name and side S */
  input: string;
  side: number;
  feeds: SamFeed[];
  /** the optional decoder inputs it has */
  maskInput: boolean;
  origImSize: boolean;
  /** the decoder output read as the mask logits */
  logits: (typeof SAM_LOGITS_OUTPUTS)[number];
}

const ELEM_FLOAT = 1;
const shapeText = (shape: Dim[] | undefined) => (shape ? `[${shape.map((d) => d ?? '?').join(', ')}]` : '[?]');
const tensorText = (v: ValueInfo) => (v.notTensor ? 'not a tensor' : `${shapeText(v.shape)} ${v.elemType === ELEM_FLOAT ? 'float32' : `of element type ${v.elemType}`}`);
/** A declared dimension that is a number and not `want`. */
const off = (d: Dim, want: number) => typeof d === 'number' && d !== want;

function graphInputs(g: Graph): ValueInfo[] {
  const init = new Set(g.initializers.map((t) => t.name));
  return g.inputs.filter((i) => !init.has(i.name));
}

/** A float32 tensor (an output may leave its type unsaid) whose numbered dims fit `want` (undefined: any). */
function fits(v: ValueInfo, want: readonly (number | undefined)[], output = false): boolean {
  if (v.notTensor || !(v.elemType === ELEM_FLOAT || (output && v.elemType === 0))) return false;
  if (!v.shape) return true;
  return v.shape.length === want.length && v.shape.every((d, i) => want[i] === undefined || !off(d, want[i]!));
}

function checkEncoder(encoder: Graph): { input: ValueInfo; side: number; outputs: ValueInfo[] } {
  const inputs = graphInputs(encoder);
  const expected = '[1, 3, S, S] float32';
  if (inputs.length === 0) throw new SamContractBreach('ai.samEncoderInput', { name: NONE, expected, got: NONE });
  if (inputs.length > 1) throw new SamContractBreach('ai.samEncoderInput', { name: inputs[1]!.name, expected: NONE, got: tensorText(inputs[1]!) });
  const input = inputs[0]!;
  const shape = input.shape;
  const [h, w] = shape?.slice(2) ?? [];
  const square = !(typeof h === 'number' && typeof w === 'number' && h !== w);
  const sideOk = (d: Dim) => typeof d !== 'number' || (d >= SAM_MIN_SIDE && d <= SAM_MAX_SIDE);
  if (!shape || !fits(input, [1, 3, undefined, undefined]) || !square || !sideOk(h) || !sideOk(w)) {
    throw new SamContractBreach('ai.samEncoderInput', { name: input.name, expected: `[1, 3, S, S] float32, S from ${SAM_MIN_SIDE} to ${SAM_MAX_SIDE}`, got: tensorText(input) });
  }
  const side = typeof h === 'number' ? h : typeof w === 'number' ? w : SAM_DEFAULT_SIDE;
  if (encoder.outputs.length === 0) throw new SamContractBreach('ai.samEncoderOutput', { name: NONE, expected: '[1, C, h, w] float32', got: NONE });
  for (const o of encoder.outputs) {
    if (o.notTensor || (o.elemType !== 0 && o.elemType !== ELEM_FLOAT) || (o.shape && (o.shape.length < 2 || off(o.shape[0], 1)))) {
      throw new SamContractBreach('ai.samEncoderOutput', { name: o.name, expected: '[1, ...] float32', got: tensorText(o) });
    }
  }
  return { input, side, outputs: encoder.outputs };
}

/**
 * Checks the pair as the files declare it; throws SamContractBreach naming the first thing that
 * does not fit. Dims a file leaves symbolic are checked by the service's first run instead.
 */
export function samContract(encoder: Graph, decoder: Graph): SamPairFacts {
  const enc = checkEncoder(encoder);
  const inputs = graphInputs(decoder);
  const byName = new Map(inputs.map((i) => [i.name, i]));
  const single = enc.outputs.length === 1;
  const feeds: SamFeed[] = [];
  for (const i of inputs) {
    if ((SAM_PROMPT_INPUTS as readonly string[]).includes(i.name)) continue;
    const out = enc.outputs.find((o) => o.name === i.name) ?? (single && i.name === SAM_EMBEDDING_INPUT ? enc.outputs[0] : undefined);
    if (!out) throw new SamContractBreach('ai.samDecoderInput', { name: i.name, expected: NONE, got: tensorText(i) });
    const [a, b] = [out.shape, i.shape];
    const differ = a && b && (a.length !== b.length || a.some((d, k) => typeof d === 'number' && off(b[k], d)));
    if (i.notTensor || i.elemType !== ELEM_FLOAT || differ) throw new SamContractBreach('ai.samPairMismatch', { name: i.name, expected: tensorText(out), got: tensorText(i) });
    feeds.push({ output: out.name, input: i.name, dims: out.shape ?? i.shape ?? [] });
  }
  if (feeds.length === 0) throw new SamContractBreach('ai.samDecoderInput', { name: SAM_EMBEDDING_INPUT, expected: tensorText(enc.outputs[0]!), got: NONE });
  const prompt: [string, (number | undefined)[], boolean][] = [
    ['point_coords', [1, undefined, 2], true],
    ['point_labels', [1, undefined], true],
    ['mask_input', [1, 1, undefined, undefined], false],
    ['has_mask_input', [1], false],
    ['orig_im_size', [2], false],
  ];
  for (const [name, want, required] of prompt) {
    const i = byName.get(name);
    const expected = `[${want.map((d) => d ?? (name === 'point_coords' || name === 'point_labels' ? 'N' : 'M')).join(', ')}] float32`;
    if (!i) {
      if (required) throw new SamContractBreach('ai.samDecoderInput', { name, expected, got: NONE });
      continue;
    }
    if (!fits(i, want)) throw new SamContractBreach('ai.samDecoderInput', { name, expected, got: tensorText(i) });
  }
  const maskInput = byName.has('mask_input');
  if (maskInput !== byName.has('has_mask_input')) {
    const missing = maskInput ? 'has_mask_input' : 'mask_input';
    throw new SamContractBreach('ai.samDecoderInput', { name: missing, expected: missing === 'mask_input' ? '[1, 1, M, M] float32' : '[1] float32', got: NONE });
  }

  const outputs = new Map(decoder.outputs.map((o) => [o.name, o]));
  const iou = outputs.get(SAM_IOU_OUTPUT);
  if (!iou || !fits(iou, [1, undefined], true)) throw new SamContractBreach('ai.samDecoderOutput', { name: SAM_IOU_OUTPUT, expected: '[1, K] float32', got: iou ? tensorText(iou) : NONE });
  const logits = SAM_LOGITS_OUTPUTS.find((n) => outputs.has(n));
  if (!logits) throw new SamContractBreach('ai.samDecoderOutput', { name: SAM_LOGITS_OUTPUTS[0], expected: '[1, K, L, L] float32', got: NONE });
  const l = outputs.get(logits)!;
  const [lh, lw] = l.shape?.slice(2) ?? [];
  const gridOk = (d: Dim) => typeof d !== 'number' || (d >= 1 && d <= SAM_MAX_GRID);
  if (!fits(l, [1, undefined, undefined, undefined], true) || (typeof lh === 'number' && typeof lw === 'number' && lh !== lw) || !gridOk(lh) || !gridOk(lw)) {
    throw new SamContractBreach('ai.samDecoderOutput', { name: logits, expected: `[1, K, L, L] float32, L up to ${SAM_MAX_GRID}`, got: tensorText(l) });
  }
  return { input: enc.input.name, side: enc.side, feeds, maskInput, origImSize: byName.has('orig_im_size'), logits };
}
