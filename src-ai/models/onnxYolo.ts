/**
 * YOLOv8-style ONNX detectors the team server stores, run by onnxruntime-node (MIT; its CPU
 * library ships inside the npm package). Only in a team's model process (engine/teamProcess.ts),
 * never on the built-in models' thread.
 *
 * Accepted: exactly one float input [1, 3, H, W] (RGB 0..1, letterboxed with black bars; a
 * symbolic H or W means 640) and a first output [1, 4+C, N] (YOLOv8's export) or [1, N, 4+C],
 * rows cx, cy, w, h in input pixels then C class scores; C must equal the number of class names
 * the server sent. Loading first checks the file statically (onnxCheck.ts), then creates the
 * session and runs it once on a blank input to learn the real output shape, so a model whose
 * declared shapes are symbolic is checked as well as one whose shapes are fixed. Anything else is
 * `modelInvalid`. Detections: best class per row, score >= minScore, NMS per class at IoU 0.45.
 */
import * as ort from 'onnxruntime-node';
import type { Prediction } from '../../src-shared/ai/protocol';
import { ServiceFailure } from '../errors';
import { clipBox, nms, round2 } from '../geometry';
import { letterboxRegion, sampleRegion, toImage, type Raster } from '../imaging';
import { inspectOnnx, MAX_INPUT_SIDE } from '../onnxCheck';
import type { ServedInfo } from '../engine/messages';

export const YOLO_NMS_IOU = 0.45;
const DEFAULT_SIDE = 640;

interface Loaded {
  session: ort.InferenceSession;
  input: string;
  output: string;
  width: number;
  height: number;
  /** the output's dims [1, rows, anchors] as the blank run gave them */
  rows: number;
  anchors: number;
}

const sessions = new Map<string, Loaded>();

const invalid = (message: string) => new ServiceFailure('modelInvalid', message);

function dimOf(d: number | string | undefined, fallback: number): number {
  return typeof d === 'number' && d > 0 ? d : fallback;
}

/** How the output reads for C classes: [1, 4+C, N] (channels first) or [1, N, 4+C]. */
function layout(l: Loaded, classes: number): { channelsFirst: boolean; rows: number; anchors: number } {
  if (classes === 0) throw invalid('an onnx-yolo model needs its class names (model.classes)');
  if (l.rows === 4 + classes) return { channelsFirst: true, rows: l.rows, anchors: l.anchors };
  if (l.anchors === 4 + classes) return { channelsFirst: false, rows: l.anchors, anchors: l.rows };
  throw invalid(`the model output [1, ${l.rows}, ${l.anchors}] does not fit ${classes} classes (expected 4 + ${classes} = ${4 + classes} rows)`);
}

/**
 * Checks and loads a model under `key` (the parent says when to unload it). `onProbe` is called
 * when the session exists and the blank run starts.
 */
export async function loadOnnx(key: string, bytes: Uint8Array | undefined, classes: number, onProbe: () => void = () => undefined): Promise<ServedInfo> {
  const existing = sessions.get(key);
  if (existing) {
    layout(existing, classes);
    return { inputWidth: existing.width, inputHeight: existing.height, classes };
  }
  if (classes === 0) throw invalid('an onnx-yolo model needs its class names (model.classes)');
  if (!bytes) throw new ServiceFailure('internal', `the model ${key} is not loaded in this process`);
  inspectOnnx(bytes, classes);
  let session: ort.InferenceSession;
  try {
    session = await ort.InferenceSession.create(bytes, { executionProviders: ['cpu'], intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: 'all' });
  } catch (e) {
    throw invalid(`the ONNX file cannot be loaded: ${e instanceof Error ? e.message : String(e)}`.slice(0, 1000));
  }
  try {
    if (session.inputNames.length !== 1) throw invalid(`a YOLO detector has one input; this model has ${session.inputNames.length}`);
    const meta = session.inputMetadata[0];
    const shape = meta && meta.isTensor ? meta.shape : undefined;
    if (!meta || !meta.isTensor || meta.type !== 'float32') throw invalid('the model input must be a float32 tensor');
    if (!shape || shape.length !== 4 || (typeof shape[1] === 'number' && shape[1] !== 3) || (typeof shape[0] === 'number' && shape[0] !== 1)) {
      throw invalid(`the model input must be [1, 3, H, W]; it is [${(shape ?? []).join(', ')}]`);
    }
    const height = dimOf(shape[2], DEFAULT_SIDE);
    const width = dimOf(shape[3], DEFAULT_SIDE);
    if (width > MAX_INPUT_SIDE || height > MAX_INPUT_SIDE) throw invalid(`the model input ${width}x${height} is larger than ${MAX_INPUT_SIDE} px`);
    const input = session.inputNames[0]!;
    const output = session.outputNames[0];
    if (!output) throw invalid('the model has no output');
    onProbe();
    // one run on a blank picture: the real output shape
    const probe = await session.run({ [input]: new ort.Tensor('float32', new Float32Array(3 * width * height), [1, 3, height, width]) });
    const out = probe[output]!;
    const dims = out.dims;
    for (const t of Object.values(probe)) t.dispose();
    if (dims.length !== 3 || dims[0] !== 1) throw invalid(`the model output must be [1, 4+C, N] or [1, N, 4+C]; it is [${dims.join(', ')}]`);
    const loaded: Loaded = { session, input, output, width, height, rows: dims[1]!, anchors: dims[2]! };
    layout(loaded, classes);
    sessions.set(key, loaded);
    return { inputWidth: width, inputHeight: height, classes };
  } catch (e) {
    await session.release().catch(() => undefined);
    throw e;
  }
}

export async function unloadOnnx(key: string): Promise<void> {
  const l = sessions.get(key);
  sessions.delete(key);
  await l?.session.release().catch(() => undefined);
}

/** Runs a loaded model on an image; boxes in the image's pixels. */
export async function detectOnnx(key: string, classNames: string[], image: Raster, minScore: number): Promise<Prediction[]> {
  const loaded = sessions.get(key);
  if (!loaded) throw new ServiceFailure('internal', `the model ${key} is not loaded in this process`);
  const s = { ...loaded, ...layout(loaded, classNames.length), classes: classNames.length };
  const region = letterboxRegion(image.width, image.height, s.width, s.height);
  const rgb = sampleRegion(image, region, s.width, s.height);
  const plane = s.width * s.height;
  const chw = new Float32Array(3 * plane);
  for (let i = 0, p = 0; i < plane; i++, p += 3) {
    chw[i] = rgb.data[p]! / 255;
    chw[plane + i] = rgb.data[p + 1]! / 255;
    chw[2 * plane + i] = rgb.data[p + 2]! / 255;
  }
  const result = await s.session.run({ [s.input]: new ort.Tensor('float32', chw, [1, 3, s.height, s.width]) });
  const out = result[s.output]!;
  try {
    const data = out.data as Float32Array;
    const n = s.anchors;
    const at = s.channelsFirst ? (r: number, i: number) => data[r * n + i]! : (r: number, i: number) => data[i * s.rows + r]!;
    const found: (Prediction & { box: NonNullable<Prediction['box']> })[] = [];
    for (let i = 0; i < n; i++) {
      let best = -1;
      let score = -Infinity;
      for (let c = 0; c < s.classes; c++) {
        const v = at(4 + c, i);
        if (v > score) {
          score = v;
          best = c;
        }
      }
      if (!(score >= minScore)) continue;
      const cx = at(0, i);
      const cy = at(1, i);
      const w = at(2, i);
      const h = at(3, i);
      const a = toImage(region, cx - w / 2, cy - h / 2);
      const b = toImage(region, cx + w / 2, cy + h / 2);
      const box = clipBox({ x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y }, image.width, image.height);
      if (!(box.width > 0 && box.height > 0)) continue;
      found.push({ tool: 'box', className: classNames[best]!, score: Math.min(1, Math.round(score * 1e4) / 1e4), box: { x: round2(box.x), y: round2(box.y), width: round2(box.width), height: round2(box.height) } });
    }
    return nms(found, YOLO_NMS_IOU);
  } finally {
    for (const t of Object.values(result)) t.dispose();
  }
}
