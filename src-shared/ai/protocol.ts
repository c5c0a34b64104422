/**
 * The model-service protocol: what the team server sends a model service (the built-in one in
 * src-ai, or a team's own GPU box registered by URL) and what the service sends back. One
 * schema both sides validate with; docs/ai-protocol.md explains it and docs/ai-protocol.json is
 * its OpenAPI document.
 *
 * Two ways in:
 * - `POST /v1/infer`: one image (or a short run of frames), answered in the same call, for the
 *   interactive tools of the workspace (detect here, box to polygon, fit a skeleton, propagate).
 * - `POST /v1/jobs`: a batch (pre-annotation, evaluation, training, loading a model), accepted at
 *   once (202) and reported through callbacks to the team server's `POST /core/ai/notify/{kind}`
 *   carrying the job's own bearer token. `DELETE /v1/jobs/{jobId}` stops one.
 *
 * Every call to the service carries `x-ai-service-key`, the key the server registered the service
 * with. Images are fetched by the service from the signed URLs the server puts in the request.
 */
import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';
import { MaskGeometry } from '../model/annotation';

const closed = { additionalProperties: false } as const;
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
/**
 * One of a list of string constants (anyOf of consts). Type.Union over a mapped array types its
 * Static as never, so the cast gives it the union of the values; the schema is unchanged.
 */
const OneOf = <const T extends readonly string[]>(values: T) => Type.Union(values.map((v) => Type.Literal(v))) as unknown as TUnsafe<T[number]>;

/** The header carrying the service's key on every call from the team server. */
export const AI_SERVICE_KEY_HEADER = 'x-ai-service-key';
/** Protocol version the server speaks; a service answers the versions it speaks in /health. */
export const AI_PROTOCOL_VERSION = 1;

/** What a model does; decides its prompt and the shape of its predictions. */
export const MODEL_KINDS = ['detector', 'pose', 'segmenter', 'tracker'] as const;
export type ModelKind = (typeof MODEL_KINDS)[number];

/**
 * Where a model's weights come from: inside the service, a file the server stores (an ONNX
 * detector, `onnx-yolo`; a SAM encoder and decoder pair, `onnx-sam`), or a team's own service.
 */
export const MODEL_RUNTIMES = ['builtin', 'onnx-yolo', 'external', 'onnx-sam'] as const;
export type ModelRuntime = (typeof MODEL_RUNTIMES)[number];

const Coord = Type.Number({ minimum: -1e7, maximum: 1e7 });
export const AiPoint = Type.Object({ x: Coord, y: Coord }, closed);
export type AiPoint = Static<typeof AiPoint>;
/** An axis-aligned box in image pixels. */
export const AiBox = Type.Object({ x: Coord, y: Coord, width: Type.Number({ minimum: 0, maximum: 1e7 }), height: Type.Number({ minimum: 0, maximum: 1e7 }) }, closed);
export type AiBox = Static<typeof AiBox>;

/** An image the service fetches: a signed URL valid for at least an hour, and its size when known. */
export const ImageRef = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 8192 }),
    /** the same for the same bytes whatever the URL's signature (the server sends the object key), so the service may cache the decoded image */
    cacheKey: Type.Optional(Type.String({ maxLength: 1024 })),
    width: Type.Optional(Type.Integer({ minimum: 1 })),
    height: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  closed,
);
export type ImageRef = Static<typeof ImageRef>;

/**
 * The trained part of a model version, applied by the service after the base model: which base
 * class becomes which project label (by a key the server chose: the label's ontology element id),
 * and the score a prediction of that label needs. A class not in `mapping` is dropped; a label
 * without a threshold uses `defaultThreshold`.
 */
export const ModelHead = Type.Object(
  {
    mapping: Type.Record(Type.String({ maxLength: 128 }), Type.String({ maxLength: 128 })),
    thresholds: Type.Record(Type.String({ maxLength: 128 }), Type.Number({ minimum: 0, maximum: 1 })),
    defaultThreshold: Type.Number({ minimum: 0, maximum: 1 }),
  },
  closed,
);
export type ModelHead = Static<typeof ModelHead>;

/** Which model to run: a built-in by name, or an ONNX file by its signed URL, with the head of a trained version. */
export const ModelRef = Type.Object(
  {
    kind: OneOf(MODEL_KINDS),
    runtime: OneOf(MODEL_RUNTIMES),
    /** the built-in model's name (see /health), or the external service's own model name */
    name: Type.String({ minLength: 1, maxLength: 128 }),
    /** identifies the weights for caching: the server's model version id */
    version: Type.Optional(Type.String({ maxLength: 128 })),
    /** onnx-yolo: the .onnx file; onnx-sam: its encoder's */
    artifactUrl: Type.Optional(Type.String({ maxLength: 8192 })),
    /** onnx-sam: its decoder's .onnx file (src-shared/ai/samContract.ts) */
    decoderUrl: Type.Optional(Type.String({ maxLength: 8192 })),
    /** onnx-yolo: class names by output index */
    classes: Type.Optional(Type.Array(Type.String({ maxLength: 128 }), { maxItems: 10_000 })),
    head: Type.Optional(ModelHead),
  },
  closed,
);
export type ModelRef = Static<typeof ModelRef>;

/** A keypoint of a pose prediction, by the model's keypoint name (COCO's 17 for the built-in). */
export const AiKeypoint = Type.Object({ name: Type.String({ maxLength: 64 }), x: Coord, y: Coord, score: Type.Number({ minimum: 0, maximum: 1 }) }, closed);

/**
 * One thing a model found. `className` is the base model's class; `label` is the project label
 * key the head mapped it to (absent without a head or when unmapped and kept). Exactly the
 * geometry of `tool` is set, except that a segmenter's polygon may also carry its `mask`, and a
 * detector's box that a request's `outline` asked for carries the segmenter's `points` (and
 * `mask`) beside its `box`.
 */
export const Prediction = Type.Object(
  {
    tool: Type.Union([Type.Literal('box'), Type.Literal('polygon'), Type.Literal('keypoints')]),
    className: Type.String({ maxLength: 128 }),
    label: Type.Optional(Type.String({ maxLength: 128 })),
    score: Type.Number({ minimum: 0, maximum: 1 }),
    box: Type.Optional(AiBox),
    points: Type.Optional(Type.Array(AiPoint, { maxItems: 10_000 })),
    keypoints: Type.Optional(Type.Array(AiKeypoint, { maxItems: 100 })),
    /**
     * segmenter (optional, next to `points`): the object's pixels in the picture's own pixels,
     * cropped to the set ones, as COCO's compressed run-length text (src-shared/mask/rle.ts);
     * `points` is then its largest outline. A service that answers only `points` is read as before.
     */
    mask: Type.Optional(MaskGeometry),
    /** tracker: which input object this continues */
    trackOf: Type.Optional(Type.String({ maxLength: 64 })),
    /** tracker: the index into `frames` this prediction is on */
    frameIndex: Type.Optional(Type.Integer({ minimum: 0 })),
    /** tracker: followed, but not surely (the score is under the tracker's "unsure" bar): worth a look */
    unsure: Type.Optional(Type.Boolean()),
  },
  closed,
);
export type Prediction = Static<typeof Prediction>;

/** What the user gave the interactive tools: a box, clicks (positive adds, negative removes), objects to follow. */
export const Prompt = Type.Object(
  {
    box: Type.Optional(AiBox),
    points: Type.Optional(Type.Array(Type.Object({ x: Coord, y: Coord, positive: Type.Boolean() }, closed), { maxItems: 64 })),
    objects: Type.Optional(
      Type.Array(
        Type.Object(
          {
            id: Type.String({ maxLength: 64 }),
            tool: Type.Union([Type.Literal('box'), Type.Literal('polygon')]),
            box: Type.Optional(AiBox),
            points: Type.Optional(Type.Array(AiPoint, { maxItems: 10_000 })),
          },
          closed,
        ),
        { maxItems: 200 },
      ),
    ),
  },
  closed,
);
export type Prompt = Static<typeof Prompt>;

/**
 * A detector's boxes outlined by a segmenter in the same call or job (pre-annotation with
 * masks): each box of one of `classes` scoring at least that class's figure is the segmenter's
 * prompt, and comes back with the answer's `points` and `mask` beside its `box`. At most
 * `maxPerImage` boxes a picture, best score first; a box the segmenter could not outline (or one
 * past the cap) comes back as a box alone.
 */
export const OutlineSpec = Type.Object(
  {
    /** the segmenter */
    model: ModelRef,
    /** the detector's classes whose boxes are outlined, each with the score a box needs */
    classes: Type.Record(Type.String({ maxLength: 128 }), Type.Number({ minimum: 0, maximum: 1 })),
    maxPerImage: Type.Integer({ minimum: 1, maximum: 1000 }),
  },
  closed,
);
export type OutlineSpec = Static<typeof OutlineSpec>;

export const InferParams = Type.Object(
  {
    minScore: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
    maxObjects: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    /** segmenter: largest distance in pixels a simplified polygon may stray from the mask's edge */
    tolerance: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  },
  closed,
);
export type InferParams = Static<typeof InferParams>;

/**
 * Which party a call is for, as the team server names it (`team:12`): a service keeps parties
 * apart with it (the built-in one runs each party's uploaded models in a process of its own and
 * shares image decoding fairly between parties). Optional: absent = one shared party. Opaque to
 * the service; never a secret.
 */
export const Tenant = Type.String({ minLength: 1, maxLength: 128 });

/** POST /v1/infer. `frames` (tracker): the frames after `image` to follow the prompt's objects into. */
export const InferRequest = Type.Object(
  {
    model: ModelRef,
    image: ImageRef,
    frames: Type.Optional(Type.Array(ImageRef, { maxItems: 50 })),
    prompt: Type.Optional(Prompt),
    params: Type.Optional(InferParams),
    tenant: Type.Optional(Tenant),
    /** a detector: its boxes of some classes outlined by a segmenter too */
    outline: Type.Optional(OutlineSpec),
  },
  closed,
);
export type InferRequest = Static<typeof InferRequest>;
export const InferResponse = Type.Object({ predictions: Type.Array(Prediction), ms: Type.Number() }, closed);
export type InferResponse = Static<typeof InferResponse>;

/**
 * POST /v1/images/warm (optional: a service without it answers 404 and nothing is lost): fetch and
 * decode these images into the service's cache now, so the first interactive call on a frame the
 * person just opened does not pay for the download and the decode. Answered 202 at once.
 * `model` (optional): the model the person's next call will use, so the service may prepare for
 * it too (the built-in segmenter computes the picture's image embedding).
 */
export const WarmRequest = Type.Object({ images: Type.Array(ImageRef, { minItems: 1, maxItems: 8 }), tenant: Type.Optional(Tenant), model: Type.Optional(ModelRef) }, closed);
export type WarmRequest = Static<typeof WarmRequest>;

export const JOB_TYPES = ['predict', 'evaluate', 'train', 'serve'] as const;
export type JobType = (typeof JOB_TYPES)[number];
/** The callback kinds of POST /core/ai/notify/{kind}: the job types, and `data` for a training run's data preparation. */
export const NOTIFY_KINDS = ['data', 'evaluate', 'predict', 'serve', 'train'] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];

/** One image of a batch job, under a key the server chose (the service echoes it). */
export const JobItem = Type.Object({ key: Type.String({ minLength: 1, maxLength: 128 }), image: ImageRef }, closed);
export type JobItem = Static<typeof JobItem>;
/** A training example: an image and its reviewed boxes, labelled by project label key. */
export const TrainExample = Type.Object(
  { key: Type.String({ maxLength: 128 }), image: ImageRef, objects: Type.Array(Type.Object({ label: Type.String({ maxLength: 128 }), box: AiBox }, closed), { maxItems: 5000 }) },
  closed,
);
export type TrainExample = Static<typeof TrainExample>;

export const TrainSpec = Type.Object(
  {
    examples: Type.Array(TrainExample, { maxItems: 100_000 }),
    /** the project's label keys the head may map to */
    labels: Type.Array(Type.String({ maxLength: 128 }), { maxItems: 10_000 }),
    /** each label's threshold is the lowest score that keeps precision at or above this on the examples */
    targetPrecision: Type.Number({ minimum: 0.05, maximum: 1 }),
  },
  closed,
);
export type TrainSpec = Static<typeof TrainSpec>;

/** POST /v1/jobs. */
export const JobRequest = Type.Object(
  {
    jobId: Type.String({ minLength: 1, maxLength: 128 }),
    type: OneOf(JOB_TYPES),
    /** the callbacks go to `${url}/${kind}` with `authorization: Bearer ${token}` */
    callback: Type.Object({ url: Type.String({ maxLength: 2048 }), token: Type.String({ minLength: 16, maxLength: 256 }) }, closed),
    model: ModelRef,
    items: Type.Optional(Type.Array(JobItem, { maxItems: 100_000 })),
    train: Type.Optional(TrainSpec),
    params: Type.Optional(InferParams),
    tenant: Type.Optional(Tenant),
    /** predict with a detector: its boxes of some classes outlined by a segmenter in the same job */
    outline: Type.Optional(OutlineSpec),
  },
  closed,
);
export type JobRequest = Static<typeof JobRequest>;

export const JOB_STATES = ['running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** One image's outcome in a callback: its predictions, or why it could not be read. */
export const ItemResult = Type.Object(
  { key: Type.String({ maxLength: 128 }), predictions: Type.Array(Prediction, { maxItems: 20_000 }), error: Type.Optional(Type.String({ maxLength: 512 })) },
  closed,
);
export type ItemResult = Static<typeof ItemResult>;

/** A training run's measurements, on its own examples (the server measures the held-out split itself). */
export const TrainReport = Type.Object(
  {
    examples: Type.Integer({ minimum: 0 }),
    matched: Type.Integer({ minimum: 0 }),
    mapping: Type.Record(Type.String(), Type.String()),
    thresholds: Type.Record(Type.String(), Type.Number()),
  },
  closed,
);

/**
 * The body of POST /core/ai/notify/{kind}. `seq` grows by one with every callback of a job, so
 * the server applies each once and in order; the last one has a final `state`.
 */
export const NotifyBody = Type.Object(
  {
    jobId: Type.String({ minLength: 1, maxLength: 128 }),
    seq: Type.Integer({ minimum: 1 }),
    state: OneOf(JOB_STATES),
    done: Type.Integer({ minimum: 0 }),
    total: Type.Integer({ minimum: 0 }),
    results: Type.Optional(Type.Array(ItemResult, { maxItems: 1000 })),
    /** train, final: the learned head */
    head: Type.Optional(ModelHead),
    report: Type.Optional(TrainReport),
    /** serve, final: what the loaded model turned out to be */
    served: Type.Optional(Type.Object({ inputWidth: Type.Integer(), inputHeight: Type.Integer(), classes: Type.Integer({ minimum: 0 }) }, closed)),
    error: Type.Optional(Type.Object({ code: Type.String({ maxLength: 64 }), message: Type.String({ maxLength: 2000 }) }, closed)),
  },
  closed,
);
export type NotifyBody = Static<typeof NotifyBody>;

/** A model the service offers, as GET /health lists it. */
export const ServiceModel = Type.Object(
  {
    name: Type.String(),
    kind: OneOf(MODEL_KINDS),
    runtime: OneOf(MODEL_RUNTIMES),
    tools: Type.Array(Type.String()),
    /** class names (detectors) or keypoint names (pose) */
    classes: Type.Array(Type.String()),
    description: Type.String(),
    trainable: Type.Boolean(),
  },
  closed,
);
export type ServiceModel = Static<typeof ServiceModel>;
export const HealthResponse = Type.Object(
  { ok: Type.Boolean(), service: Type.String(), version: Type.String(), protocol: Type.Array(Type.Integer()), models: Type.Array(ServiceModel), runningJobs: Type.Integer() },
  closed,
);
export type HealthResponse = Static<typeof HealthResponse>;

/** An error answer of the service: 400 bad request, 401 wrong key, 404 unknown model or job, 422 the model cannot read the input. */
export const ServiceError = Type.Object({ code: Type.String(), message: Type.String(), detail: Type.Optional(Nullable(Type.String())) }, closed);
export type ServiceError = Static<typeof ServiceError>;

/** Error codes a service answers with, which the server maps onto its own translated keys. */
export const SERVICE_ERROR_CODES = ['badRequest', 'unauthorized', 'unknownModel', 'unknownJob', 'imageUnreadable', 'modelInvalid', 'busy', 'internal'] as const;
