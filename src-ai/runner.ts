/**
 * One model call from a request to its predictions: which implementation answers the model
 * reference, fetching the image(s) and the ONNX file, the built-in models' thread or the party's
 * own model process (uploaded models), then the head. Shared by POST /v1/infer and the batch
 * jobs. Prompts go to the models in the decoded raster's pixels and predictions come back in the
 * picture's own (working.ts), for pictures decoded smaller than they are; SAM's decoder works in
 * the picture's own pixels from the start (its embedding knows both sizes).
 */
import type { AiBox, ImageRef, InferParams, ModelRef, OutlineSpec, Prediction, Prompt } from '../src-shared/ai/protocol';
import type { ArtifactStore } from './artifacts';
import { resolveModel } from './catalog';
import type { Embedding, OnnxArtifact, ServedInfo, SharedImage, WorkerTask } from './engine/messages';
import type { ModelPool, Priority } from './engine/pool';
import type { TeamModels } from './engine/teams';
import { ServiceFailure } from './errors';
import { baseMinScore, finishPredictions } from './head';
import type { EmbeddingStore, Encoder } from './embeddings';
import type { ImageStore } from './images';
import { checkOutline, outlineBoxes } from './outlines';
import { samPoints, requireSegmenterPrompt } from './models/samPrompt';
import { DEFAULT_TOLERANCE } from './models/segmenter';
import type { SamState } from './samState';
import { DEFAULT_TRACK_MIN_SCORE } from './models/tracker';
import { lengthToWorking, predictionsToSource, promptToWorking } from './working';

export type Implementation = NonNullable<ReturnType<typeof resolveModel>>;

export function implementationOf(model: ModelRef): Implementation {
  const impl = resolveModel(model);
  if (!impl) throw new ServiceFailure('unknownModel', `this service has no ${model.runtime} ${model.kind} model named "${model.name}" (see GET /health)`);
  return impl;
}

export interface CallOptions {
  priority: Priority;
  signal?: AbortSignal;
  /** the party the call is for (the protocol's `tenant`); '' = the shared one */
  tenant?: string;
}

/** SAM's parts: whether it runs here, and the picture embeddings (the built-in's, and teams' own SAMs'). */
export interface SamParts {
  state: SamState;
  embeddings: EmbeddingStore;
  teamEmbeddings: EmbeddingStore;
}

export class Runner {
  constructor(
    readonly pool: ModelPool,
    readonly images: ImageStore,
    readonly artifacts: ArtifactStore,
    readonly teams: TeamModels,
    readonly sam: SamParts,
  ) {}

  private async worker(task: WorkerTask, o: CallOptions): Promise<Prediction[]> {
    const r = await this.pool.run(task, o.priority, o.signal, o.tenant ?? '');
    if (!('predictions' in r)) throw new ServiceFailure('internal', 'the model thread answered without predictions');
    return r.predictions;
  }

  /**
   * Runs a detector (built-in or ONNX) on a decoded image: the raw predictions (in the picture's
   * pixels) at the score the base model must reach, before the head. `minScore` overrides
   * (training runs at 0.05).
   */
  async detectRaw(model: ModelRef, image: SharedImage, minScore: number, o: CallOptions): Promise<Prediction[]> {
    const impl = implementationOf(model);
    let raw: Prediction[];
    if (impl === 'detector') raw = await this.worker({ op: 'detect', image, minScore }, o);
    else if (impl === 'onnx-yolo') {
      const artifact = await this.artifacts.get(model, o.tenant ?? '', o.signal);
      raw = await this.teams.detect(o.tenant ?? '', artifact, image, minScore, o.priority, o.signal);
    } else throw new ServiceFailure('badRequest', `${model.name} is not a detector`);
    return predictionsToSource(raw, () => image);
  }

  /** A model over one already decoded image, as a batch item: detectors and pose (whole image). */
  async predictImage(model: ModelRef, image: SharedImage, params: InferParams | undefined, o: CallOptions): Promise<Prediction[]> {
    const impl = implementationOf(model);
    if (impl === 'pose') return predictionsToSource(await this.worker({ op: 'pose', image }, o), () => image);
    const raw = await this.detectRaw(model, image, baseMinScore(model.head, params), o);
    return finishPredictions(raw, model.head, params);
  }

  /**
   * The built-in segmenter with SAM: the picture's embedding (cached, or computed now on the
   * encoder's thread: the image is fetched only then), the prompt checked against the picture,
   * then the decoder on the built-in models' thread.
   */
  private async samSegment(req: { image: ImageRef; prompt?: Prompt; params?: InferParams }, o: CallOptions): Promise<Prediction[]> {
    requireSegmenterPrompt(req.prompt);
    const embedding = await this.sam.embeddings.get(req.image, { priority: o.priority, tenant: o.tenant ?? '', signal: o.signal });
    // a click outside the picture is the caller's mistake, said before the model thread is queued for
    samPoints(req.prompt, embedding);
    return this.worker({ op: 'samSegment', embedding, prompt: req.prompt, tolerance: req.params?.tolerance }, o);
  }

  /**
   * SAM's answer to one box on a picture's embedding (a detector's box: outlines.ts).
   * `remember: false` keeps the answer out of the decoder's memory of refinement chains.
   */
  samBox(embedding: Embedding, box: AiBox, tolerance: number | undefined, remember: boolean, o: CallOptions): Promise<Prediction[]> {
    return this.worker({ op: 'samSegment', embedding, prompt: { box }, tolerance, remember }, o);
  }

  /** GrabCut's outline of one box on a decoded picture (where SAM does not run), in the picture's own pixels. */
  async grabcutBox(image: SharedImage, box: AiBox, tolerance: number | undefined, o: CallOptions): Promise<Prediction[]> {
    const working = tolerance === undefined && image.width === image.sourceWidth ? undefined : lengthToWorking(tolerance ?? DEFAULT_TOLERANCE, image);
    return predictionsToSource(await this.worker({ op: 'segment', image, prompt: promptToWorking({ box }, image), tolerance: working }, o), () => image);
  }

  /** A team SAM's encoder, in the party's process; not stopped by the caller's hang-up (others may join it, the cache keeps it). */
  private teamEncoder(artifact: OnnxArtifact, priority: Priority): Encoder {
    return { id: artifact.key, encode: (image, tenant) => this.teams.samEmbed(tenant, artifact, image, priority) };
  }

  /**
   * A team's own SAM: the picture's embedding (cached under the model, or computed now by its
   * encoder in the party's process), the prompt checked against the picture, then its answer.
   */
  private async teamSam(req: { model: ModelRef; image: ImageRef; prompt?: Prompt; params?: InferParams }, o: CallOptions): Promise<Prediction[]> {
    requireSegmenterPrompt(req.prompt);
    const tenant = o.tenant ?? '';
    const artifact = await this.artifacts.get(req.model, tenant, o.signal);
    const embedding = await this.sam.teamEmbeddings.get(req.image, { priority: o.priority, tenant, signal: o.signal, encoder: this.teamEncoder(artifact, o.priority) });
    samPoints(req.prompt, embedding);
    return this.teamSamAnswer(artifact, embedding, req.prompt!, req.params?.tolerance, o);
  }

  /**
   * A team SAM's embedding of a picture a call or job holds decoded (a detector's boxes to
   * outline: outlines.ts): `keep` as for the built-in's (EmbeddingStore.get or ofDecoded).
   */
  async teamSamPicture(model: ModelRef, picture: { ref: ImageRef; image: SharedImage; keep: boolean }, o: CallOptions): Promise<{ artifact: OnnxArtifact; embedding: Embedding }> {
    const tenant = o.tenant ?? '';
    const artifact = await this.artifacts.get(model, tenant, o.signal);
    const call = { priority: o.priority, tenant, signal: o.signal, encoder: this.teamEncoder(artifact, o.priority) };
    const embedding = picture.keep ? await this.sam.teamEmbeddings.get(picture.ref, call) : await this.sam.teamEmbeddings.ofDecoded(picture, call);
    return { artifact, embedding };
  }

  /** A team SAM's decoder on a prompt, in the party's process; its logits read into a mask and an outline on the built-in models' thread. */
  async teamSamAnswer(artifact: OnnxArtifact, embedding: Embedding, prompt: Prompt, tolerance: number | undefined, o: CallOptions): Promise<Prediction[]> {
    const answer = await this.teams.samDecode(o.tenant ?? '', artifact, embedding, prompt, o.priority, o.signal);
    const { sourceWidth, sourceHeight, inputWidth, inputHeight, side } = embedding;
    return this.worker({ op: 'samOutline', frame: { sourceWidth, sourceHeight, inputWidth, inputHeight, side }, answer, tolerance }, o);
  }

  /**
   * Warms the picture's embedding when the warm-up names a segmenter that keeps one: the
   * built-in SAM's, or a team's own SAM's (its files fetched, its pair loaded in the party's process).
   */
  async warmEmbedding(model: ModelRef | undefined, refs: ImageRef[], tenant: string): Promise<void> {
    const impl = model ? resolveModel(model) : undefined;
    if (impl === 'segmenter' && (await this.sam.state.available())) {
      for (const ref of refs) this.sam.embeddings.get(ref, { priority: 'warm', tenant }).catch(() => undefined);
    } else if (impl === 'onnx-sam') {
      const artifact = await this.artifacts.get(model!, tenant);
      const encoder = this.teamEncoder(artifact, 'batch');
      for (const ref of refs) this.sam.teamEmbeddings.get(ref, { priority: 'warm', tenant, encoder }).catch(() => undefined);
    }
  }

  /** POST /v1/infer. */
  async infer(req: { model: ModelRef; image: ImageRef; frames?: ImageRef[]; prompt?: Prompt; params?: InferParams; outline?: OutlineSpec }, o: CallOptions): Promise<Prediction[]> {
    const impl = implementationOf(req.model);
    if (req.outline) checkOutline(req.outline, impl);
    if (impl === 'segmenter') requireSegmenterPrompt(req.prompt);
    if (impl === 'segmenter' && (await this.sam.state.available())) return this.samSegment(req, o);
    if (impl === 'onnx-sam') return this.teamSam(req, o);
    const tenant = o.tenant ?? '';
    const artifact = impl === 'onnx-yolo' ? this.artifacts.get(req.model, tenant, o.signal) : undefined;
    // the model file and the image come in together
    artifact?.catch(() => undefined);
    const load = { signal: o.signal, priority: 'interactive' as const, tenant };
    const image = await this.images.get(req.image, load);
    const back = (p: Prediction[]) => predictionsToSource(p, () => image);
    const outlined = (p: Prediction[]) => (req.outline ? outlineBoxes(this, req.outline, { ref: req.image, image, keep: true }, p, req.params?.tolerance, o) : p);
    switch (impl) {
      case 'detector':
        return outlined(finishPredictions(back(await this.worker({ op: 'detect', image, minScore: baseMinScore(req.model.head, req.params) }, o)), req.model.head, req.params));
      case 'onnx-yolo':
        return outlined(finishPredictions(back(await this.teams.detect(tenant, await artifact!, image, baseMinScore(req.model.head, req.params), o.priority, o.signal)), req.model.head, req.params));
      case 'pose':
        return back(await this.worker({ op: 'pose', image, prompt: promptToWorking(req.prompt, image) }, o));
      case 'segmenter':
      case 'grabcut': {
        const tolerance = req.params?.tolerance;
        const working = tolerance === undefined && image.width === image.sourceWidth ? undefined : lengthToWorking(tolerance ?? DEFAULT_TOLERANCE, image);
        return back(await this.worker({ op: 'segment', image, prompt: promptToWorking(req.prompt, image), tolerance: working }, o));
      }
      case 'tracker': {
        const frames: SharedImage[] = [];
        // two downloads at a time, kept in order
        for (let i = 0; i < (req.frames ?? []).length; i += 2) frames.push(...(await Promise.all(req.frames!.slice(i, i + 2).map((f) => this.images.get(f, load)))));
        if (frames.length === 0) return [];
        const found = await this.worker({ op: 'track', image, frames, prompt: promptToWorking(req.prompt, image), minScore: req.params?.minScore ?? DEFAULT_TRACK_MIN_SCORE }, o);
        return predictionsToSource(found, (p) => frames[p.frameIndex ?? 0] ?? image);
      }
    }
  }

  /** A serve job: load the model and say what it is. */
  async serve(model: ModelRef, o: CallOptions): Promise<ServedInfo> {
    const impl = implementationOf(model);
    if (impl === 'onnx-yolo' || impl === 'onnx-sam') {
      const tenant = o.tenant ?? '';
      const artifact = await this.artifacts.get(model, tenant, o.signal);
      return this.teams.serve(tenant, artifact, o.priority, o.signal);
    }
    if (impl === 'segmenter' && (await this.sam.state.available())) return { inputWidth: 0, inputHeight: 0, classes: 0 };
    await this.pool.run({ op: 'warm', models: [impl === 'grabcut' ? 'segmenter' : impl] }, o.priority, o.signal, o.tenant ?? '');
    if (impl === 'detector') return { inputWidth: 512, inputHeight: 512, classes: 80 };
    if (impl === 'pose') return { inputWidth: 192, inputHeight: 192, classes: 17 };
    return { inputWidth: 0, inputHeight: 0, classes: 0 };
  }
}
