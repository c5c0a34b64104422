/**
 * ONNX detectors a team uploads (runtime onnx-yolo): the test builds small YOLO-style models
 * itself (tests/support/tinyOnnx.ts), serves them like the team server's signed URLs, and checks
 * what the service makes of them: boxes in image pixels after letterbox, class names, NMS,
 * minScore, the head, and `modelInvalid` for files that are no such detector.
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelService } from '../../src-ai/service';
import type { ModelRef } from '../../src-shared/ai/protocol';
import { call, infer, startAi, startCallbackRecorder, startFileServer, type CallbackRecorder, type FileServer } from '../support/aiHarness';
import { flatInputModel, letterboxToImage, yoloModel, type TinyBox } from '../support/tinyOnnx';

let ai: ModelService;
let files: FileServer;
let recorder: CallbackRecorder;
let photo: string;

const W = 320;
const H = 256;
const CLASSES = ['car', 'bus', 'dog'];
const BOXES: TinyBox[] = [
  { cx: 100, cy: 100, w: 60, h: 40, cls: 0, score: 0.9 },
  // the same car again, a little lower: NMS keeps only the best
  { cx: 102, cy: 101, w: 60, h: 40, cls: 0, score: 0.8 },
  // a bus on the same spot is another class: kept
  { cx: 101, cy: 100, w: 60, h: 40, cls: 1, score: 0.7 },
  { cx: 250, cy: 180, w: 40, h: 50, cls: 2, score: 0.6 },
  // under the default minScore 0.3
  { cx: 50, cy: 200, w: 20, h: 20, cls: 2, score: 0.1 },
];
/** the test photo: 640 x 400, letterboxed into 320 x 256 at scale 0.5 with 28 px bars above and below */
const IMG_W = 640;
const IMG_H = 400;

const onnx = (name: string, version: string, bytes: Uint8Array, classes = CLASSES): ModelRef => ({
  kind: 'detector',
  runtime: 'onnx-yolo',
  name,
  version,
  artifactUrl: files.put(`${name}.onnx`, bytes),
  classes,
});

beforeAll(async () => {
  files = await startFileServer();
  recorder = await startCallbackRecorder();
  ai = await startAi({ warm: false });
  const png = await sharp({ create: { width: IMG_W, height: IMG_H, channels: 3, background: { r: 90, g: 120, b: 60 } } })
    .png()
    .toBuffer();
  photo = files.put('street.png', png, 'image/png');
});
afterAll(async () => {
  await ai?.close();
  await files?.close();
  await recorder?.close();
});

function expectBox(actual: { x: number; y: number; width: number; height: number } | undefined, b: TinyBox) {
  const want = letterboxToImage(b, IMG_W, IMG_H, W, H);
  expect(actual).toBeDefined();
  expect(Math.abs(actual!.x - want.x)).toBeLessThan(1.5);
  expect(Math.abs(actual!.y - want.y)).toBeLessThan(1.5);
  expect(Math.abs(actual!.width - want.width)).toBeLessThan(1.5);
  expect(Math.abs(actual!.height - want.height)).toBeLessThan(1.5);
}

describe('onnx-yolo', () => {
  it('reports the model boxes in image pixels with their class names, after NMS and minScore', async () => {
    const model = onnx('tiny', 'v1', yoloModel({ inputWidth: W, inputHeight: H, classes: 3, boxes: BOXES }));
    const res = await infer(ai, { model, image: { url: photo } });
    expect(res.status).toBe(200);
    const got = res.body.predictions;
    expect(got.map((p) => [p.className, p.score])).toEqual([
      ['car', 0.9],
      ['bus', 0.7],
      ['dog', 0.6],
    ]);
    expectBox(got[0]!.box, BOXES[0]!);
    expectBox(got[1]!.box, BOXES[2]!);
    expectBox(got[2]!.box, BOXES[3]!);
    // 0.1 passes a lower minScore
    const low = await infer(ai, { model, image: { url: photo }, params: { minScore: 0.05 } });
    expect(low.body.predictions.map((p) => p.className)).toEqual(['car', 'bus', 'dog', 'dog']);
  });

  it('reads the [1, N, 4+C] layout the same way', async () => {
    const model = onnx('tiny-t', 'v1', yoloModel({ inputWidth: W, inputHeight: H, classes: 3, boxes: BOXES, transposed: true }));
    const res = await infer(ai, { model, image: { url: photo } });
    expect(res.body.predictions.map((p) => p.className)).toEqual(['car', 'bus', 'dog']);
    expectBox(res.body.predictions[2]!.box, BOXES[3]!);
  });

  it('fetches the model file once per version', async () => {
    const model = onnx('cached', 'v7', yoloModel({ inputWidth: W, inputHeight: H, classes: 3, boxes: BOXES }));
    for (let i = 0; i < 3; i++) expect((await infer(ai, { model, image: { url: photo } })).status).toBe(200);
    expect(files.hits.get('/files/cached.onnx')).toBe(1);
  });

  it('applies the head to an ONNX model', async () => {
    const model = { ...onnx('headed', 'v1', yoloModel({ inputWidth: W, inputHeight: H, classes: 3, boxes: BOXES })), head: { mapping: { car: 'lbl-car', dog: 'lbl-dog' }, thresholds: { 'lbl-dog': 0.65 }, defaultThreshold: 0.5 } };
    const res = await infer(ai, { model, image: { url: photo } });
    // the bus is unmapped, the dog under its label's threshold
    expect(res.body.predictions.map((p) => [p.className, p.label])).toEqual([['car', 'lbl-car']]);
  });

  it('answers 422 modelInvalid for a corrupt file, a wrong output shape, a non-image input and a class list that does not fit', async () => {
    const cases: Record<string, ModelRef> = {
      corrupt: onnx('corrupt', 'v1', crypto.randomBytes(4096)),
      truncated: onnx('truncated', 'v1', yoloModel({ inputWidth: W, inputHeight: H, classes: 3, boxes: BOXES }).subarray(0, 200)),
      wrongRows: onnx('wrong-rows', 'v1', yoloModel({ inputWidth: W, inputHeight: H, classes: 3, boxes: BOXES, extraRows: 2 })),
      flatInput: onnx('flat', 'v1', flatInputModel()),
      tooFewClasses: onnx('classes', 'v1', yoloModel({ inputWidth: W, inputHeight: H, classes: 3, boxes: BOXES }), ['car', 'bus']),
      noClasses: onnx('no-classes', 'v1', yoloModel({ inputWidth: W, inputHeight: H, classes: 3, boxes: BOXES }), []),
      missingFile: { kind: 'detector', runtime: 'onnx-yolo', name: 'gone', version: 'v1', artifactUrl: `${files.url}/files/gone.onnx`, classes: CLASSES },
    };
    for (const [what, model] of Object.entries(cases)) {
      const res = await infer(ai, { model, image: { url: photo } });
      expect({ what, status: res.status, code: res.body.code }).toEqual({ what, status: 422, code: 'modelInvalid' });
    }
  });

  it('a serve job loads and checks the model: its input size and class count, or modelInvalid', async () => {
    const good = onnx('served', 'v1', yoloModel({ inputWidth: W, inputHeight: H, classes: 3, boxes: BOXES }));
    const bad = onnx('served-bad', 'v1', yoloModel({ inputWidth: W, inputHeight: H, classes: 3, boxes: BOXES, extraRows: 1 }));
    const token = 'serve-token-0123456789abcdef';
    for (const [jobId, model] of [
      ['serve-good', good],
      ['serve-bad', bad],
    ] as const) {
      const res = await call(ai, 'POST', '/v1/jobs', { jobId, type: 'serve', callback: { url: recorder.url, token }, model });
      expect(res.status).toBe(202);
    }
    const ok = await recorder.final('serve-good');
    expect(ok.kind).toBe('serve');
    expect(ok.authorization).toBe(`Bearer ${token}`);
    expect(ok.body).toMatchObject({ seq: 1, state: 'succeeded', done: 1, total: 1, served: { inputWidth: W, inputHeight: H, classes: 3 } });
    const failed = await recorder.final('serve-bad');
    expect(failed.body).toMatchObject({ state: 'failed', error: { code: 'modelInvalid' } });
    expect(failed.body.error!.message).toContain('4 + 3');
  });

  it('sent only callbacks that match NotifyBody', () => {
    expect(recorder.invalid).toEqual([]);
  });
});
