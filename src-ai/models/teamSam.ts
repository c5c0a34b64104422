/**
 * A team's own SAM (runtime onnx-sam): its encoder and decoder, in the party's model process
 * (engine/teamProcess.ts) and nowhere else, under the same limits as a team's detector
 * (engine/teams.ts): the encoder's run has the encoder's CPU limit, each decoder run one
 * inference's.
 *
 * Loading checks the pair statically first (onnxCheck.ts inspectSamPair: the SAM contract of
 * src-shared/ai/samContract.ts, then each graph's operators), creates both sessions, and runs
 * them once: the encoder on a blank picture (the embedding's real dims, checked against what the
 * decoder declares it takes), the decoder on one click at the centre (its logits grid, at most
 * SAM_MAX_GRID). The picture goes in as the built-in's does (samEncoder.ts encoderInput, at the
 * pair's own side); the decoder is fed and refined as the built-in's (samDecoder.ts refine);
 * reading its logits into a mask and an outline is the service's own code and runs on the
 * built-in models' thread (samOutline), not here.
 */
import { randomUUID } from 'node:crypto';
import * as ort from 'onnxruntime-node';
import type { Prompt } from '../../src-shared/ai/protocol';
import { SAM_MAX_EMBEDDING, SAM_MAX_GRID, SamContractBreach } from '../../src-shared/ai/samContract';
import { NOT_RESIDENT, RESIDENT_EMBEDDINGS, type Embedding, type SamLogits, type ServedInfo, type TeamEmbedding } from '../engine/messages';
import { ServiceFailure } from '../errors';
import { clipBox } from '../geometry';
import type { Raster } from '../imaging';
import { inspectSamPair } from '../onnxCheck';
import { refine, type DecoderPlan } from './samRefine';
import { encoderInput } from './samEncoder';

interface LoadedSam {
  encoder: ort.InferenceSession;
  decoder: ort.InferenceSession;
  input: string;
  side: number;
  /** the encoder outputs fed to the decoder, in the order an embedding lays them */
  outputs: string[];
  plan: DecoderPlan;
}

const pairs = new Map<string, LoadedSam>();
/** The last embeddings computed or received here, least recently used first (RESIDENT_EMBEDDINGS). */
const resident = new Map<string, Embedding>();

function keep(e: Embedding): Embedding {
  resident.delete(e.id);
  resident.set(e.id, e);
  while (resident.size > RESIDENT_EMBEDDINGS) resident.delete(resident.keys().next().value!);
  return e;
}

/** The embedding as the decoder reads it (a view on its floats). */
const asEmbedding = (t: TeamEmbedding): Embedding => ({ ...t, data: t.data.buffer.slice(t.data.byteOffset, t.data.byteOffset + t.data.byteLength) as SharedArrayBuffer });
const invalid = (message: string) => new ServiceFailure('modelInvalid', message.slice(0, 1000));
const dimsText = (dims: readonly number[]) => `[${dims.join(', ')}]`;

async function session(which: string, bytes: Uint8Array): Promise<ort.InferenceSession> {
  try {
    return await ort.InferenceSession.create(bytes, { executionProviders: ['cpu'], intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: 'all', enableMemPattern: false });
  } catch (e) {
    throw invalid(`the ${which} cannot be loaded: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The encoder's fed outputs for one input tensor, laid one after another, with their dims. */
async function encode(l: Pick<LoadedSam, 'encoder' | 'input' | 'side' | 'outputs'>, input: Float32Array): Promise<{ data: Float32Array; parts: { name: string; dims: number[] }[] }> {
  const out = await l.encoder.run({ [l.input]: new ort.Tensor('float32', input, [1, 3, l.side, l.side]) }, l.outputs);
  try {
    const parts = l.outputs.map((name) => ({ name, dims: [...out[name]!.dims] }));
    const total = parts.reduce((a, p) => a + p.dims.reduce((x, d) => x * d, 1), 0);
    if (total > SAM_MAX_EMBEDDING) throw invalid(`the encoder answers ${total.toLocaleString('en')} values a picture; at most ${SAM_MAX_EMBEDDING.toLocaleString('en')} are kept`);
    const data = new Float32Array(total);
    let at = 0;
    for (const name of l.outputs) {
      data.set(out[name]!.data as Float32Array, at);
      at += out[name]!.data.length;
    }
    return { data, parts };
  } finally {
    for (const t of Object.values(out)) t.dispose();
  }
}

/**
 * Checks and loads a pair under `key`. `onRun(limit)` is called before each of the load check's
 * runs (the parent restarts the time limit: the encoder's, then one inference's).
 */
export async function loadSam(key: string, encoderBytes: Uint8Array | undefined, decoderBytes: Uint8Array | undefined, onRun: (limit?: 'encode') => void): Promise<ServedInfo> {
  const existing = pairs.get(key);
  if (existing) return { inputWidth: existing.side, inputHeight: existing.side, classes: 0 };
  if (!encoderBytes || !decoderBytes) throw new ServiceFailure('internal', `the model ${key} is not loaded in this process`);
  const facts = inspectSamPair(encoderBytes, decoderBytes);
  const encoder = await session('encoder', encoderBytes);
  const decoder = await session('decoder', decoderBytes).catch(async (e: unknown) => {
    await encoder.release().catch(() => undefined);
    throw e;
  });
  try {
    const base = { encoder, input: facts.input, side: facts.side, outputs: facts.feeds.map((f) => f.output) };
    onRun('encode');
    const blank = await encode(base, new Float32Array(3 * facts.side * facts.side));
    // the real dims against the decoder's declared ones (a symbolic dim of either file is known only now)
    const declared = new Map(decoder.inputMetadata.flatMap((m) => (m.isTensor ? [[m.name, m.shape] as const] : [])));
    const feeds = facts.feeds.map((f, i) => {
      const dims = blank.parts[i]!.dims;
      const want = declared.get(f.input) ?? [];
      if (want.length !== dims.length || want.some((d, k) => typeof d === 'number' && d !== dims[k])) {
        throw invalid(new SamContractBreach('ai.samPairMismatch', { name: f.input, expected: dimsText(dims), got: `[${want.join(', ')}]` }).message);
      }
      return { input: f.input, dims };
    });
    // mask_input's side: as declared, else SAM's four cells per embedding cell
    const maskDecl = declared.get('mask_input')?.[2];
    const maskSide = facts.maskInput ? (typeof maskDecl === 'number' ? maskDecl : 4 * (feeds[0]!.dims.at(-1) ?? 64)) : undefined;
    const plan: DecoderPlan = { feeds, maskSide, origImSize: !facts.origImSize ? 'none' : facts.logits === 'masks' ? 'side' : 'input', logits: facts.logits };
    const probe: Embedding = { id: randomUUID(), data: blank.data.buffer as SharedArrayBuffer, inputWidth: facts.side, inputHeight: facts.side, sourceWidth: facts.side, sourceHeight: facts.side, side: facts.side, parts: blank.parts };
    let answer: SamLogits;
    try {
      answer = await refine(decoder, plan, probe, [{ x: facts.side / 2, y: facts.side / 2, positive: true }], undefined, () => onRun());
    } catch (e) {
      if (e instanceof ServiceFailure) throw e;
      throw invalid(`the decoder's run on a blank picture failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (answer.cells > SAM_MAX_GRID) throw invalid(new SamContractBreach('ai.samDecoderOutput', { name: facts.logits, expected: `[1, K, L, L], L up to ${SAM_MAX_GRID}`, got: `[1, K, ${answer.cells}, ${answer.cells}]` }).message);
    // refinement feeds the last answer back as mask_input: only when it is that size
    if (plan.maskSide !== answer.cells) plan.chain = false;
    pairs.set(key, { ...base, decoder, plan });
    return { inputWidth: facts.side, inputHeight: facts.side, classes: 0 };
  } catch (e) {
    await Promise.all([encoder.release(), decoder.release()].map((p) => p.catch(() => undefined)));
    throw e;
  }
}

export async function unloadSam(key: string): Promise<boolean> {
  const l = pairs.get(key);
  if (!l) return false;
  pairs.delete(key);
  await Promise.all([l.encoder.release(), l.decoder.release()].map((p) => p.catch(() => undefined)));
  return true;
}

function loaded(key: string): LoadedSam {
  const l = pairs.get(key);
  if (!l) throw new ServiceFailure('internal', `the model ${key} is not loaded in this process`);
  return l;
}

/** A decoded picture's embedding (`image` at its decoded size; `source*` its own). */
export async function embedSam(key: string, image: Raster, sourceWidth: number, sourceHeight: number): Promise<TeamEmbedding> {
  const l = loaded(key);
  const input = new Float32Array(3 * l.side * l.side);
  const size = encoderInput(image, input, l.side);
  const { data, parts } = await encode(l, input);
  const embedding: TeamEmbedding = { id: randomUUID(), data, parts, side: l.side, ...size, sourceWidth, sourceHeight };
  keep(asEmbedding(embedding));
  return embedding;
}

/** The prompt's logits on a picture's embedding (the prompt already checked against the picture; its floats sent, or kept here). */
export async function decodeSam(key: string, embedding: Omit<TeamEmbedding, 'data'> & { data?: Float32Array }, prompt: Prompt | undefined, onRun: () => void): Promise<SamLogits> {
  const l = loaded(key);
  const kept = embedding.data ? undefined : resident.get(embedding.id);
  if (!embedding.data && !kept) throw new ServiceFailure('internal', NOT_RESIDENT);
  const e = keep(kept ?? asEmbedding(embedding as TeamEmbedding));
  const box = prompt?.box ? clipBox(prompt.box, embedding.sourceWidth, embedding.sourceHeight) : undefined;
  const answer = await refine(l.decoder, l.plan, e, prompt?.points ?? [], box, onRun);
  if (answer.cells > SAM_MAX_GRID) throw invalid(`the decoder answered a ${answer.cells} x ${answer.cells} mask grid (at most ${SAM_MAX_GRID})`);
  return answer;
}

