/**
 * One model call from a request to its predictions: which implementation answers the model
 * reference, fetching the image(s) and the ONNX file, the model thread, then the head.
 * Shared by POST /v1/infer and the batch jobs.
 */
import type { ImageRef, InferParams, ModelRef, Prediction, Prompt } from '../src-shared/ai/protocol';
import type { ArtifactStore } from './artifacts';
import { resolveModel } from './catalog';
import type { ServedInfo, SharedImage, WorkerTask } from './engine/messages';
import type { ModelPool, Priority } from './engine/pool';
import { ServiceFailure } from './errors';
import { baseMinScore, finishPredictions } from './head';
import type { ImageStore } from './images';
import { DEFAULT_TRACK_MIN_SCORE } from './models/tracker';

export type Implementation = NonNullable<ReturnType<typeof resolveModel>>;

export function implementationOf(model: ModelRef): Implementation {
  const impl = resolveModel(model);
  if (!impl) throw new ServiceFailure('unknownModel', `this service has no ${model.runtime} ${model.kind} model named "${model.name}" (see GET /health)`);
  return impl;
}

export interface CallOptions {
  priority: Priority;
  signal?: AbortSignal;
}

export class Runner {
  constructor(
    readonly pool: ModelPool,
    readonly images: ImageStore,
    readonly artifacts: ArtifactStore,
  ) {}

  private async worker(task: WorkerTask, o: CallOptions): Promise<Prediction[]> {
    const r = await this.pool.run(task, o.priority, o.signal);
    if (!('predictions' in r)) throw new ServiceFailure('internal', 'the model thread answered without predictions');
    return r.predictions;
  }

  /**
   * Runs a detector (built-in or ONNX) on a decoded image: the raw predictions at the score the
   * base model must reach, before the head. `minScore` overrides (training runs at 0.05).
   */
  async detectRaw(model: ModelRef, image: SharedImage, minScore: number, o: CallOptions): Promise<Prediction[]> {
    const impl = implementationOf(model);
    if (impl === 'detector') return this.worker({ op: 'detect', image, minScore }, o);
    if (impl === 'onnx-yolo') {
      const artifact = await this.artifacts.get(model, o.signal);
      return this.worker({ op: 'onnxDetect', model: artifact, image, minScore }, o);
    }
    throw new ServiceFailure('badRequest', `${model.name} is not a detector`);
  }

  /** A model over one already decoded image, as a batch item: detectors and pose (whole image). */
  async predictImage(model: ModelRef, image: SharedImage, params: InferParams | undefined, o: CallOptions): Promise<Prediction[]> {
    const impl = implementationOf(model);
    if (impl === 'pose') return this.worker({ op: 'pose', image }, o);
    const raw = await this.detectRaw(model, image, baseMinScore(model.head, params), o);
    return finishPredictions(raw, model.head, params);
  }

  /** POST /v1/infer. */
  async infer(req: { model: ModelRef; image: ImageRef; frames?: ImageRef[]; prompt?: Prompt; params?: InferParams }, o: CallOptions): Promise<Prediction[]> {
    const impl = implementationOf(req.model);
    const artifact = impl === 'onnx-yolo' ? this.artifacts.get(req.model, o.signal) : undefined;
    // the model file and the image come in together
    artifact?.catch(() => undefined);
    const image = await this.images.get(req.image, o.signal);
    switch (impl) {
      case 'detector':
        return finishPredictions(await this.worker({ op: 'detect', image, minScore: baseMinScore(req.model.head, req.params) }, o), req.model.head, req.params);
      case 'onnx-yolo':
        return finishPredictions(await this.worker({ op: 'onnxDetect', model: await artifact!, image, minScore: baseMinScore(req.model.head, req.params) }, o), req.model.head, req.params);
      case 'pose':
        return this.worker({ op: 'pose', image, prompt: req.prompt }, o);
      case 'segmenter':
        return this.worker({ op: 'segment', image, prompt: req.prompt, tolerance: req.params?.tolerance }, o);
      case 'tracker': {
        const frames: SharedImage[] = [];
        // two downloads at a time, kept in order
        for (let i = 0; i < (req.frames ?? []).length; i += 2) frames.push(...(await Promise.all(req.frames!.slice(i, i + 2).map((f) => this.images.get(f, o.signal)))));
        if (frames.length === 0) return [];
        return this.worker({ op: 'track', image, frames, prompt: req.prompt, minScore: req.params?.minScore ?? DEFAULT_TRACK_MIN_SCORE }, o);
      }
    }
  }

  /** A serve job: load the model and say what it is. */
  async serve(model: ModelRef, o: CallOptions): Promise<ServedInfo> {
    const impl = implementationOf(model);
    if (impl === 'onnx-yolo') {
      const artifact = await this.artifacts.get(model, o.signal);
      const r = await this.pool.run({ op: 'onnxCheck', model: artifact }, o.priority, o.signal);
      if (!('served' in r)) throw new ServiceFailure('internal', 'the model thread answered without a model check');
      return r.served;
    }
    await this.pool.run({ op: 'warm', models: [impl] }, o.priority, o.signal);
    if (impl === 'detector') return { inputWidth: 512, inputHeight: 512, classes: 80 };
    if (impl === 'pose') return { inputWidth: 192, inputHeight: 192, classes: 17 };
    return { inputWidth: 0, inputHeight: 0, classes: 0 };
  }
}
