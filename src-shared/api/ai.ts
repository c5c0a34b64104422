/**
 * The AI group of the spec's section 7 and the model statistics call: models per tool, their
 * state, pre-annotation jobs, help on the item in hand, serving, training, and how good each
 * model is against reviewed annotations. The model services behind it speak the protocol of
 * src-shared/ai/protocol.ts.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { defineRoute } from './route';
import { Id, Page, PageQuery } from './envelope';
import { projectIdRule, taskSubjectRule } from '../model/permissions';
import { AnnotationObject } from '../model/annotation';
import { ElementId } from '../model/ontology';
import { NameText } from '../model/textFields';
import { MODEL_KINDS, MODEL_RUNTIMES, NOTIFY_KINDS, NotifyBody } from '../ai/protocol';
import { AiClassMapBody, AiClassMapping, AiClassMapQuery } from './aiClassMapping';
import { literals } from '../model/literals';

const closed = { additionalProperties: false } as const;
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** The tools AI helps with; `tracking` follows objects of any of the others into the next frames. */
export const AI_TOOLS = ['box', 'polygon', 'keypoints', 'tracking'] as const;
export type AiTool = (typeof AI_TOOLS)[number];
export const AiTool = literals(AI_TOOLS);

/** What kind of model serves each tool. */
export const KIND_OF_TOOL: Record<AiTool, (typeof MODEL_KINDS)[number]> = { box: 'detector', polygon: 'segmenter', keypoints: 'pose', tracking: 'tracker' };

export const MODEL_STATES = ['ready', 'loading', 'failed', 'unreachable'] as const;
export const AI_JOB_TYPES = ['predict', 'evaluate', 'train', 'serve'] as const;
export type AiJobType = (typeof AI_JOB_TYPES)[number];
export const AI_JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type AiJobState = (typeof AI_JOB_STATES)[number];
export const FINISHED_JOB_STATES: readonly AiJobState[] = ['succeeded', 'failed', 'cancelled'];

/** Pre-annotation jobs take at most this many task subjects. */
export const AI_PREDICT_MAX_ITEMS = 100_000;
/**
 * Boxes of a picture a pre-annotation (or Detect) outlines at most, best score first, for labels
 * that take masks or polygons (docs/ai-models.md, "Pre-annotation with masks").
 */
export const AI_OUTLINES_PER_PICTURE = 50;
/** Interactive tracking follows objects at most this many frames ahead. */
export const AI_TRACK_MAX_FRAMES = 50;
/** Largest ONNX file a team may upload. */
export const AI_MODEL_FILE_MAX_BYTES = 512 * 1024 * 1024;
/** Training needs at least this many reviewed items (some are held out). */
export const AI_TRAIN_MIN_ITEMS = 4;

/** A short summary of a model's last evaluation, for lists. */
export const ModelScore = Type.Object(
  {
    f1: Nullable(Type.Number()),
    ap50: Nullable(Type.Number()),
    items: Type.Integer(),
    evaluatedAt: Type.Integer(),
    /** how many of its labels with reviewed objects are outlines, their AP mask AP (pixels); absent on scores kept before */
    maskLabels: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  closed,
);

/** A model as a project sees it: a built-in, one the team brought, or a version trained here. */
export const AiModel = Type.Object(
  {
    modelId: Type.Integer(),
    name: Type.String(),
    description: Type.String(),
    tool: AiTool,
    kind: literals(MODEL_KINDS),
    runtime: literals(MODEL_RUNTIMES),
    /** 1 for a base model, n+1 for a version trained from version n */
    version: Type.Integer(),
    parentModelId: Nullable(Type.Integer()),
    /** the project a trained version belongs to; null for built-ins and team models */
    projectId: Nullable(Type.Integer()),
    builtIn: Type.Boolean(),
    trainable: Type.Boolean(),
    state: literals(MODEL_STATES),
    error: Nullable(Type.String()),
    /** the base model's classes (detectors) or keypoint names (pose) */
    classes: Type.Array(Type.String()),
    /** the model its tool uses when a call names none: the project's chosen default, else the first ready built-in (else the first ready) */
    isDefault: Type.Boolean(),
    score: Nullable(ModelScore),
    createdAt: Type.Integer(),
    createdByName: Type.String(),
  },
  closed,
);
export type AiModel = Static<typeof AiModel>;

/** What a job did to the project's annotations (pre-annotation). */
export const AiApplied = Type.Object(
  {
    items: Type.Integer({ description: 'task subjects that got predictions' }),
    objects: Type.Integer(),
    skippedTouched: Type.Integer({ description: 'task subjects a person had started: left as they were' }),
    failed: Type.Integer({ description: 'images the model could not read' }),
    unmapped: Type.Array(Type.Object({ className: Type.String(), count: Type.Integer() }, closed), {
      description: 'what the model found that no label of the project takes, by class, most found first (at most 20)',
    }),
    notOutlined: Type.Integer({ description: 'boxes of polygon and mask labels the segmenter did not outline: a polygon label got the box\'s corners, a mask label nothing' }),
  },
  closed,
);
/** What a training run learned and whether it helped, on the held-out split it never trained on. */
export const TrainOutcome = Type.Object(
  {
    trainItems: Type.Integer(),
    holdoutItems: Type.Integer(),
    newModelId: Nullable(Type.Integer()),
    mapping: Type.Record(Type.String(), Type.String()),
    before: Nullable(ModelScore),
    after: Nullable(ModelScore),
    /** null until both are measured */
    improved: Nullable(Type.Boolean()),
  },
  closed,
);
export type TrainOutcome = Static<typeof TrainOutcome>;

export const AiJob = Type.Object(
  {
    jobId: Type.Integer(),
    type: literals(AI_JOB_TYPES),
    projectId: Type.Integer(),
    modelId: Type.Integer(),
    modelName: Type.String(),
    tool: AiTool,
    state: literals(AI_JOB_STATES),
    done: Type.Integer(),
    total: Type.Integer(),
    taskId: Nullable(Type.Integer()),
    batchId: Nullable(Type.Integer()),
    applied: AiApplied,
    train: Nullable(TrainOutcome),
    error: Nullable(Type.Object({ code: Type.String(), message: Type.String() }, closed)),
    createdBy: Type.Integer(),
    createdByName: Type.String(),
    createdAt: Type.Integer(),
    startedAt: Nullable(Type.Integer()),
    finishedAt: Nullable(Type.Integer()),
  },
  closed,
);
export type AiJob = Static<typeof AiJob>;

export const AiAllow = Type.Object(
  {
    /** the project's setting (project config `aiEnabled`, on unless switched off) */
    enabled: Type.Boolean(),
    /** the caller may ask models for help and see them */
    mayUse: Type.Boolean(),
    /** the caller may pre-annotate, train and choose defaults */
    mayManage: Type.Boolean(),
    /** the caller may bring models in (register a service, upload ONNX) */
    mayRegister: Type.Boolean(),
    /** a model service is configured and answered lately */
    serviceOnline: Type.Boolean(),
  },
  closed,
);
export type AiAllow = Static<typeof AiAllow>;

export const AiModelType = Type.Object(
  {
    tool: AiTool,
    kind: literals(MODEL_KINDS),
    /** the project's features this tool's predictions can go into (tracking: every drawable feature) */
    features: Type.Array(Type.Object({ featureId: Type.Integer(), name: Type.String() }, closed)),
    models: Type.Integer(),
    /** the model the tool uses when a call names none (as `isDefault`); null when it has none ready and none chosen */
    defaultModelId: Nullable(Type.Integer()),
  },
  closed,
);

export const AiServiceStatus = Type.Object(
  { serviceId: Type.Integer(), name: Type.String(), builtIn: Type.Boolean(), online: Type.Boolean(), checkedAt: Nullable(Type.Integer()), error: Nullable(Type.String()) },
  closed,
);
export const AiStatus = Type.Object(
  {
    services: Type.Array(AiServiceStatus),
    models: Type.Array(Type.Object({ modelId: Type.Integer(), name: Type.String(), tool: AiTool, state: literals(MODEL_STATES), error: Nullable(Type.String()) }, closed)),
    jobs: Type.Array(AiJob),
  },
  closed,
);

const InProject = { projectId: Id };
const MinScore = Type.Number({ minimum: 0, maximum: 1 });
const AiBox = Type.Object({ x: Type.Number({ minimum: -1e7, maximum: 1e7 }), y: Type.Number({ minimum: -1e7, maximum: 1e7 }), width: Type.Number({ minimum: 0, maximum: 1e7 }), height: Type.Number({ minimum: 0, maximum: 1e7 }) }, closed);

export const AiProjectQuery = Type.Object(InProject, closed);
export const AiModelListQuery = Type.Object({ ...InProject, tool: Type.Optional(AiTool) }, closed);
export const AiDefaultBody = Type.Object({ ...InProject, tool: AiTool, modelId: Id }, closed);
export const AiApplyListQuery = Type.Object({ ...InProject, ...PageQuery, type: Type.Optional(literals(AI_JOB_TYPES)) }, closed);
export const AiPredictBody = Type.Object(
  { ...InProject, taskSubjectIds: Type.Array(Id, { minItems: 1, maxItems: AI_PREDICT_MAX_ITEMS }), modelId: Type.Optional(Id), minScore: Type.Optional(MinScore) },
  closed,
);
export const AiModelTaskBody = Type.Object(
  { ...InProject, taskId: Id, batchId: Type.Optional(Id), modelId: Type.Optional(Id), minScore: Type.Optional(MinScore) },
  closed,
);
export const AiJobBody = Type.Object({ ...InProject, jobId: Id }, closed);

/** An object to follow into the next frames: a box, or a polygon moved as a whole. */
export const TrackObject = Type.Object(
  {
    id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }),
    featureId: Id,
    labelId: ElementId,
    tool: Type.Union([Type.Literal('box'), Type.Literal('polygon')]),
    box: Type.Optional(AiBox),
    points: Type.Optional(Type.Array(Type.Object({ x: Type.Number({ minimum: -1e7, maximum: 1e7 }), y: Type.Number({ minimum: -1e7, maximum: 1e7 }) }, closed), { minItems: 3, maxItems: 10_000 })),
  },
  closed,
);
export type TrackObject = Static<typeof TrackObject>;

/** POST /ai/annotate/prediction: help on one frame of the item in hand. */
export const AiPredictionBody = Type.Object(
  {
    taskSubjectId: Id,
    frameId: Id,
    tool: AiTool,
    modelId: Type.Optional(Id),
    /** the feature and label the suggestions go into (polygon, keypoints; box: only predictions of this label) */
    featureId: Type.Optional(Id),
    labelId: Type.Optional(ElementId),
    /** polygon: a box and/or clicks; keypoints: the person's box */
    box: Type.Optional(AiBox),
    points: Type.Optional(Type.Array(Type.Object({ x: Type.Number({ minimum: -1e7, maximum: 1e7 }), y: Type.Number({ minimum: -1e7, maximum: 1e7 }), positive: Type.Boolean() }, closed), { maxItems: 64 })),
    /** tracking: the objects of this frame to follow, as the workspace has them now (saved or not) */
    objects: Type.Optional(Type.Array(TrackObject, { minItems: 1, maxItems: 200 })),
    /** tracking: how many following frames */
    frames: Type.Optional(Type.Integer({ minimum: 1, maximum: AI_TRACK_MAX_FRAMES })),
    /** tracking: towards the item's start (the frames before this one, nearest first) rather than its end */
    backward: Type.Optional(Type.Boolean()),
    minScore: Type.Optional(MinScore),
    /**
     * Only get the frame ready: the service fetches and decodes it now, so the first real call on
     * it answers without that wait (the workspace sends this when a frame is shown). Answers no
     * suggestions; the prompt fields are not needed.
     */
    warm: Type.Optional(Type.Boolean()),
  },
  closed,
);
export type AiPredictionBody = Static<typeof AiPredictionBody>;
export const AiPredictionResult = Type.Object(
  {
    modelId: Type.Integer(),
    ms: Type.Number(),
    /** the suggestions per frame, as objects ready to add (source 'ai', with a score) */
    frames: Type.Array(Type.Object({ frameId: Type.Integer(), objects: Type.Array(AnnotationObject) }, closed)),
    /** classes the model found that no label of the project takes */
    unmapped: Type.Array(Type.Object({ className: Type.String(), count: Type.Integer() }, closed)),
    pointsUnmatched: Type.Optional(
      Type.Object(
        { feature: Type.String(), skeleton: Type.Array(Type.String()), model: Type.Array(Type.String()) },
        { ...closed, description: 'a pose was found but no point of the skeleton is named like the model\'s: both lists of names' },
      ),
    ),
  },
  closed,
);
export type AiPredictionResult = Static<typeof AiPredictionResult>;

/** POST /ai/serve: bring a model in, and load it. */
export const AiServeBody = Type.Union([
  Type.Object(
    {
      ...InProject,
      runtime: Type.Literal('onnx-yolo'),
      name: NameText(64),
      /** an uploaded .onnx under the project's dataset folder (/obs/project/upload); the server moves it into its own model store */
      fileKey: Type.String({ minLength: 1, maxLength: 1024 }),
      /** class names by output index */
      classes: Type.Array(NameText(128), { minItems: 1, maxItems: 10_000 }),
    },
    closed,
  ),
  Type.Object(
    {
      ...InProject,
      runtime: Type.Literal('onnx-sam'),
      name: NameText(64),
      /**
       * a team's own SAM, two uploaded .onnx files under the project's dataset folder
       * (/obs/project/upload): its image encoder and its prompt decoder, in the shape of Segment
       * Anything's ONNX export (src-shared/ai/samContract.ts); checked before they are stored
       */
      encoderKey: Type.String({ minLength: 1, maxLength: 1024 }),
      decoderKey: Type.String({ minLength: 1, maxLength: 1024 }),
    },
    closed,
  ),
  Type.Object(
    {
      ...InProject,
      runtime: Type.Literal('external'),
      name: NameText(64),
      /** the service's base URL (the server calls /health, /v1/infer, /v1/jobs under it) */
      serviceUrl: Type.String({ minLength: 8, maxLength: 2048 }),
      serviceKey: Type.String({ minLength: 8, maxLength: 256 }),
      /** the service's model, as its /health lists it (a name under the text rule: the server stores only such names) */
      modelName: NameText(128),
    },
    closed,
  ),
]);
export type AiServeBody = Static<typeof AiServeBody>;

export const AiTrainBody = Type.Object(
  {
    ...InProject,
    modelId: Id,
    /** each label's threshold keeps at least this precision on the training examples (default 0.8) */
    targetPrecision: Type.Optional(Type.Number({ minimum: 0.05, maximum: 1 })),
  },
  closed,
);
export const AiTrainToolBody = Type.Object({ ...InProject, targetPrecision: Type.Optional(Type.Number({ minimum: 0.05, maximum: 1 })) }, closed);
export const AiTrainToolParams = Type.Object({ tool: AiTool }, closed);
export const AiNotifyParams = Type.Object({ kind: literals(NOTIFY_KINDS) }, closed);
export const AiNotifyAnswer = Type.Object({ accepted: Type.Boolean(), state: literals(AI_JOB_STATES) }, closed);

export const STATISTICS_LEVELS = ['object', 'item', 'label'] as const;
export const StatisticsParams = Type.Object({ modelId: Id, level: literals(STATISTICS_LEVELS) }, closed);
export const StatisticsQuery = Type.Object(InProject, closed);
/** What annotators did with a model's suggestions. */
export const AiFeedback = Type.Object({ kept: Type.Integer(), edited: Type.Integer(), deleted: Type.Integer() }, closed);
export const ModelStatisticsAnswer = Type.Object(
  {
    modelId: Type.Integer(),
    level: literals(STATISTICS_LEVELS),
    evaluatedAt: Type.Integer(),
    /** held-out reviewed items it was measured on */
    items: Type.Integer(),
    /** the figures of the level (src-shared/ai/metrics.ts statisticsAtLevel) */
    figures: Type.Unknown(),
    /** precision-recall curve at IoU 0.5, for the chart */
    curve: Type.Array(Type.Object({ recall: Type.Number(), precision: Type.Number(), score: Type.Number() }, closed)),
    feedback: AiFeedback,
    /** the same figures of the version it was trained from, on the same items, when measured */
    parent: Nullable(Type.Object({ modelId: Type.Integer(), figures: Type.Unknown() }, closed)),
  },
  closed,
);

const base = { tag: 'AI', auth: true } as const;
const on = projectIdRule;

/** The AI routes of the spec's section 7, and GET /modelPredictStatistics/{modelId}/{level}. */
export const aiRoutes = {
  allow: defineRoute({
    ...base, method: 'GET', path: '/ai/allow', access: on('project.read', 'query'),
    summary: 'Whether AI is on in the project, and what the caller may do with it.',
    querystring: AiProjectQuery, data: AiAllow,
  }),
  prediction: defineRoute({
    ...base, method: 'POST', path: '/ai/annotate/prediction', access: taskSubjectRule('project.ai.use', 'body'),
    summary: 'Help on the frame in hand: detect objects, a box or clicks to a polygon, fit a skeleton, or follow objects into the next frames. Answers suggestions; nothing is saved.',
    body: AiPredictionBody, data: AiPredictionResult,
  }),
  applyList: defineRoute({
    ...base, method: 'GET', path: '/ai/apply/list', access: on('project.ai.use', 'query'),
    summary: 'The project\'s AI jobs, newest first: what was pre-annotated, evaluated, trained and loaded, by whom, with what outcome.',
    querystring: AiApplyListQuery, data: Page(AiJob),
  }),
  classMapping: defineRoute({
    ...base, method: 'GET', path: '/ai/model/mapping', access: on('project.ai.use', 'query'),
    summary: 'How a detector\'s classes go to the project\'s labels: a person\'s choice, a match by name (either language, synonyms, aliases) or group, or a guess to confirm.',
    querystring: AiClassMapQuery, data: AiClassMapping,
  }),
  setClassMapping: defineRoute({
    ...base, method: 'POST', path: '/ai/model/mapping', access: on('project.ai.manage', 'body'),
    summary: 'Choose the label of some of a detector\'s classes in this project (or none, to leave a class out); remembered for every later run.',
    body: AiClassMapBody, data: AiClassMapping,
  }),
  setDefault: defineRoute({
    ...base, method: 'POST', path: '/ai/model/default', access: on('project.ai.manage', 'body'),
    summary: 'Choose the model a tool uses in this project by default.',
    body: AiDefaultBody, data: AiModel,
  }),
  models: defineRoute({
    ...base, method: 'GET', path: '/ai/model/list', access: on('project.ai.use', 'query'),
    summary: 'The models the project can use (for one tool, or all), with state, default flag and last score.',
    querystring: AiModelListQuery, data: Type.Array(AiModel),
  }),
  status: defineRoute({
    ...base, method: 'GET', path: '/ai/model/queryModelStatus', access: on('project.ai.use', 'query'),
    summary: 'The state of the model services, of each model, and the project\'s running jobs.',
    querystring: AiProjectQuery, data: AiStatus,
  }),
  predictTask: defineRoute({
    ...base, method: 'POST', path: '/ai/model/task', access: on('project.ai.manage', 'body'),
    summary: 'Pre-annotate a task (or one batch of it): a background job over its task subjects nobody has started.',
    body: AiModelTaskBody, data: AiJob,
  }),
  types: defineRoute({
    ...base, method: 'GET', path: '/ai/model/type', access: on('project.ai.use', 'query'),
    summary: 'The tools AI helps with, the kind of model for each, the project\'s features it can fill and its default model.',
    querystring: AiProjectQuery, data: Type.Array(AiModelType),
  }),
  notify: defineRoute({
    tag: 'AI', auth: false, method: 'POST', path: '/ai/notify/:kind', bodyLimit: 32 * 1024 * 1024,
    summary: 'A model service reports on a job (data, evaluate, predict, serve, train), with the job\'s bearer token. Idempotent by seq; a finished job answers 409.',
    params: AiNotifyParams, body: NotifyBody, data: AiNotifyAnswer,
  }),
  predict: defineRoute({
    ...base, method: 'POST', path: '/ai/predict', access: on('project.ai.manage', 'body'),
    summary: 'Pre-annotate these task subjects: a background job; those a person has started are left as they are.',
    body: AiPredictBody, data: AiJob,
  }),
  cancelPredict: defineRoute({
    ...base, method: 'POST', path: '/ai/predict/cancel', access: on('project.ai.manage', 'body'),
    summary: 'Stop a pre-annotation (or evaluation) job; what it already wrote stays.',
    body: AiJobBody, data: AiJob,
  }),
  serve: defineRoute({
    ...base, method: 'POST', path: '/ai/serve', access: on('project.ai.models', 'body'),
    summary: 'Bring a model in for the team: an uploaded ONNX detector with YOLO-style output, an uploaded SAM (ONNX encoder and decoder), or a model of an external model service; then load it.',
    body: AiServeBody, data: AiModel,
  }),
  train: defineRoute({
    ...base, method: 'POST', path: '/ai/train', access: on('project.ai.manage', 'body'),
    summary: 'Train a new version of a model on the project\'s reviewed (passed) items, holding out a split it never trains on.',
    body: AiTrainBody, data: AiJob,
  }),
  terminate: defineRoute({
    ...base, method: 'POST', path: '/ai/train/terminate', access: on('project.ai.manage', 'body'),
    summary: 'Stop a training run; no new version is made.',
    body: AiJobBody, data: AiJob,
  }),
  trainTool: defineRoute({
    ...base, method: 'POST', path: '/ai/train/:tool', access: on('project.ai.manage', 'body'),
    summary: 'Train a new version of the tool\'s default model in this project.',
    params: AiTrainToolParams, body: AiTrainToolBody, data: AiJob,
  }),
  statistics: defineRoute({
    tag: 'Model statistics', auth: true, method: 'GET', path: '/modelPredictStatistics/:modelId/:level', access: on('project.ai.use', 'query'),
    summary: 'How good a model is against the project\'s reviewed items it never trained on: per level (object, item, label), the PR curve, and what annotators did with its suggestions.',
    params: StatisticsParams, querystring: StatisticsQuery, data: ModelStatisticsAnswer,
  }),
} as const;
