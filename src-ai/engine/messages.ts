/**
 * What the service's HTTP thread asks its model thread (worker.ts), and what comes back. Images
 * travel as SharedArrayBuffers (the decoded-image cache holds them), so handing one to the
 * worker copies nothing.
 */
import type { Prediction, Prompt } from '../../src-shared/ai/protocol';
import type { FailureShape } from '../errors';

/** A decoded image: RGB, 3 bytes per pixel, row after row. */
export interface SharedImage {
  width: number;
  height: number;
  data: SharedArrayBuffer;
}

/** An ONNX model's bytes and the class names the server gave it, under a cache key (the model version). */
export interface OnnxArtifact {
  key: string;
  bytes: SharedArrayBuffer;
  classes: string[];
}

export interface ServedInfo {
  inputWidth: number;
  inputHeight: number;
  classes: number;
}

export type WorkerTask =
  | { op: 'warm'; models: ('detector' | 'pose' | 'segmenter' | 'tracker' | 'onnx')[] }
  | { op: 'detect'; image: SharedImage; minScore: number }
  | { op: 'pose'; image: SharedImage; prompt?: Prompt }
  | { op: 'segment'; image: SharedImage; prompt?: Prompt; tolerance?: number }
  | { op: 'track'; image: SharedImage; frames: SharedImage[]; prompt?: Prompt; minScore: number }
  | { op: 'onnxDetect'; model: OnnxArtifact; image: SharedImage; minScore: number }
  | { op: 'onnxCheck'; model: OnnxArtifact };

export type WorkerResult = { predictions: Prediction[] } | { served: ServedInfo } | { warmed: true };

export type ToWorker = { id: number; task: WorkerTask };
export type FromWorker = { id: number; ok: true; result: WorkerResult; ms: number } | { id: number; ok: false; failure: FailureShape };
