import { Type, type Static, type TSchema } from 'typebox';
import { defineRoute } from './route';
import { Id, Page, PageQuery } from './envelope';
import { plainName, plainText } from './subject';
import { TaskSubjectState } from './task';
import { ElementId } from '../model/ontology';
import { projectIdRule } from '../model/permissions';
import { literals } from '../model/literals';

const closed = { additionalProperties: false } as const;
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/**
 * The formats an export writes (docs/export-formats.md): COCO instances, the YOLO tasks of
 * Ultralytics (detect, segment, pose, oriented boxes, and classification folders), Pascal VOC,
 * PNG masks in the Pascal VOC / CVAT "Segmentation mask" layout,
 * MOT 1.1 (boxes with track ids, as CVAT writes it), CVAT for images and for video 1.1, LabelMe JSON, Label Studio JSON,
 * Datumaro's JSON, KITTI 2D boxes, ImageNet-style class folders, our own lossless JSON, and a whole project (`project`: the lossless
 * files, the project's batches and tasks, and its pictures; src-shared/api/projectArchive.ts).
 */
export const EXPORT_FORMAT_NAMES = ['coco', 'yoloDetect', 'yoloSegment', 'yoloPose', 'yoloObb', 'yoloClassify', 'voc', 'segmentationMask', 'mot', 'cvat', 'cvatVideo', 'labelme', 'labelStudio', 'datumaro', 'kitti', 'imagenet', 'lossless', 'project'] as const;
export type ExportFormatName = (typeof EXPORT_FORMAT_NAMES)[number];
export const ExportFormatName = literals(EXPORT_FORMAT_NAMES);

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
export const ExportStatus = literals(EXPORT_STATUSES);

/** An export over this many subjects is refused up front (split it with filters). */
export const EXPORT_MAX_SUBJECTS = 5_000_000;
/** Plans per project, so the template can list them all. */
export const EXPORT_PLANS_MAX = 100;

/**
 * Which subjects an export holds; every filter narrows. The annotations of a subject are those
 * of its task subject in `taskId`, or without a task, of its most recently changed task
 * subject (a subject in no task is exported without objects). Steps and states need a task.
 */
export const ExportFilters = Type.Object(
  {
    batchIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 500, uniqueItems: true })),
    taskId: Type.Optional(Id),
    /** steps (workflow ids of the task) the task subject is at now */
    workflowIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 20, uniqueItems: true })),
    states: Type.Optional(Type.Array(TaskSubjectState, { minItems: 1, maxItems: 5, uniqueItems: true })),
    /** last change of the annotation (a save or a transition), epoch ms, both ends included */
    from: Type.Optional(Type.Integer({ minimum: 0 })),
    to: Type.Optional(Type.Integer({ minimum: 0 })),
    /** subjects with at least one object or classification of one of these labels */
    labelIds: Type.Optional(Type.Array(ElementId, { minItems: 1, maxItems: 200, uniqueItems: true })),
    /** only subjects with at least one object or classification */
    annotatedOnly: Type.Optional(Type.Boolean()),
  },
  closed,
);
export type ExportFilters = Static<typeof ExportFilters>;

/** How COCO writes a mask: run-length over the whole image (exact), or its outlines as polygons (holes bridged). */
export const COCO_MASK_FORMS = ['rle', 'polygon'] as const;
export type CocoMaskForm = (typeof COCO_MASK_FORMS)[number];

export const ExportOptions = Type.Object(
  {
    /** copy the subjects' files into the zip (`images/` as each format expects them) */
    includeMedia: Type.Optional(Type.Boolean()),
    /** keep a model's suggestions nobody confirmed (source 'ai'); absent: only lossless keeps them (keepsUnconfirmed) */
    includeUnconfirmed: Type.Optional(Type.Boolean()),
    /** COCO only: masks as run-length (`rle`, the default) or as polygons */
    cocoMasks: Type.Optional(literals(COCO_MASK_FORMS)),
  },
  closed,
);
export type ExportOptions = Static<typeof ExportOptions>;

/** The form COCO writes masks in under these options. */
export const cocoMaskForm = (options: ExportOptions): CocoMaskForm => options.cocoMasks ?? 'rle';

/**
 * Whether an export keeps the suggestions nobody confirmed (src-shared/model/unconfirmed.ts).
 * As Label Studio and Labelbox do, the formats a model is trained on (COCO, YOLO, VOC) hold
 * only what a person confirmed; the lossless copy holds everything, each object with its
 * source, so nothing is lost moving a project. The plan's option overrides either way.
 */
export const keepsUnconfirmed = (format: ExportFormatName, options: ExportOptions): boolean => options.includeUnconfirmed ?? keepsAsStored(format);

/**
 * Formats that keep a project's annotations as stored (ids, tracks' keyframes, suggestions, notes
 * and verdicts): the lossless JSON and the whole-project archive that contains it.
 */
export const keepsAsStored = (format: ExportFormatName): boolean => format === 'lossless' || format === 'project';

/**
 * Formats whose pictures are the dataset itself (class folders, the whole-project archive): their
 * exports carry the media whatever `includeMedia` says, and the dialog offers no switch for it.
 */
export const MEDIA_ALWAYS: readonly ExportFormatName[] = ['yoloClassify', 'imagenet', 'project'];

/**
 * Formats that file each picture in its classes' folders (Ultralytics classification, ImageNet):
 * they keep frame classifications and no drawn object, so a report's `objectsWritten` and the
 * count's `objects` are the pictures filed under a class (one per class of a picture).
 */
export const CLASS_FOLDER_FORMATS: readonly ExportFormatName[] = ['yoloClassify', 'imagenet'];

/** Whether an export of the format under these options copies the subjects' files into the zip. */
export const mediaIncluded = (format: ExportFormatName, options: ExportOptions): boolean => options.includeMedia === true || MEDIA_ALWAYS.includes(format);

const ExportName = plainName(64);

export const ExportPlan = Type.Object({
  id: Type.Integer(),
  projectId: Type.Integer(),
  name: Type.String(),
  format: ExportFormatName,
  filters: ExportFilters,
  options: ExportOptions,
  createdBy: Type.Integer(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type ExportPlan = Static<typeof ExportPlan>;

export const ExportTransfer = Type.Object({
  id: Type.Integer(),
  exportId: Type.Integer(),
  destination: Type.String(),
  status: Type.Union([Type.Literal('delivered'), Type.Literal('failed')]),
  message: Type.String(),
  bytes: Type.Integer(),
  reportedBy: Type.Integer(),
  reportedAt: Type.Integer(),
});
export type ExportTransfer = Static<typeof ExportTransfer>;

/**
 * Something a writer wants the user to know about a file it wrote, as a code the workstation
 * words in the user's language: sizeUnknown (the picture's size is not known; `outcome` says
 * what the format got instead), fileTaken (two frames map to one file of the format; the second
 * was left out), videoFramesNeedFfmpeg (an export with media: the server has no ffmpeg to render
 * a video item's frames; `file` names the item), videoFramesFailed (ffmpeg could not render them
 * all: a damaged file; `file` names the item), videoMediaSkipped (reports of runs before video
 * frames were rendered: the item's file was left out), severalClasses (Ultralytics classification:
 * the picture has several classes and was put in each class's folder), more (`count` more
 * warnings like those).
 */
export const ExportWarning = Type.Object({
  code: Type.Union([Type.Literal('sizeUnknown'), Type.Literal('fileTaken'), Type.Literal('videoFramesNeedFfmpeg'), Type.Literal('videoFramesFailed'), Type.Literal('videoMediaSkipped'), Type.Literal('severalClasses'), Type.Literal('more')]),
  /** the frame's file name in the export (the video codes: the item's name) */
  file: Type.Optional(Type.String()),
  /** fileTaken: the format's file both frames map to */
  path: Type.Optional(Type.String()),
  /** sizeUnknown: written with a null size (COCO), as 0 x 0 (VOC), with no label file (YOLO) or no mask picture (PNG masks) */
  outcome: Type.Optional(Type.Union([Type.Literal('writtenAsNull'), Type.Literal('writtenAsZero'), Type.Literal('noLabelFile'), Type.Literal('noMaskFile')])),
  /** more: how many */
  count: Type.Optional(Type.Integer()),
});
export type ExportWarning = Static<typeof ExportWarning>;

/** What the writer reported: frames, objects, and objects (or attribute answers: unknownAttribute, unknownOption) left out by reason. */
export const ExportReportData = Type.Object({
  format: Type.String(),
  frames: Type.Integer(),
  objectsWritten: Type.Integer(),
  skipped: Type.Record(Type.String(), Type.Integer()),
  /** reports made before warnings had codes hold English sentences: shown as they are */
  warnings: Type.Array(Type.Union([ExportWarning, Type.String()])),
  subjects: Type.Integer(),
  mediaFiles: Type.Integer(),
});
export type ExportReportData = Static<typeof ExportReportData>;

/** One run of an export, as its progress and result. */
export const ExportJob = Type.Object({
  id: Type.Integer(),
  projectId: Type.Integer(),
  planId: Nullable(Type.Integer()),
  name: Type.String(),
  format: ExportFormatName,
  filters: ExportFilters,
  options: ExportOptions,
  status: ExportStatus,
  /** subjects looked at so far, of `total` */
  done: Type.Integer(),
  total: Type.Integer(),
  percent: Type.Number(),
  /** the zip once done: read it with GET /obs/export/get?path=<objectKey> */
  objectKey: Nullable(Type.String()),
  sizeBytes: Type.Integer(),
  report: Nullable(ExportReportData),
  /** an error key (error.<key>) when failed */
  errorCode: Nullable(Type.String()),
  errorDetail: Nullable(Type.String()),
  attempts: Type.Integer(),
  createdBy: Type.Integer(),
  createdAt: Type.Integer(),
  startedAt: Nullable(Type.Integer()),
  finishedAt: Nullable(Type.Integer()),
  transfers: Type.Array(ExportTransfer),
});
export type ExportJob = Static<typeof ExportJob>;

/** POST /export: run a saved plan, or a plan given in place. */
export const ExportStartBody = Type.Object(
  {
    projectId: Id,
    planId: Type.Optional(Id),
    name: Type.Optional(ExportName),
    format: Type.Optional(ExportFormatName),
    filters: Type.Optional(ExportFilters),
    options: Type.Optional(ExportOptions),
  },
  closed,
);
export type ExportStartBody = Static<typeof ExportStartBody>;

export const ExportPlanBody = Type.Object(
  { projectId: Id, name: ExportName, format: ExportFormatName, filters: Type.Optional(ExportFilters), options: Type.Optional(ExportOptions) },
  closed,
);
export type ExportPlanBody = Static<typeof ExportPlanBody>;

export const ExportPlanUpdateBody = Type.Object(
  { projectId: Id, name: Type.Optional(ExportName), format: Type.Optional(ExportFormatName), filters: Type.Optional(ExportFilters), options: Type.Optional(ExportOptions) },
  closed,
);
export type ExportPlanUpdateBody = Static<typeof ExportPlanUpdateBody>;

/**
 * POST /export/plan/count: a saved plan, or filters given in place; `format` and `options`
 * (else the saved plan's) count the objects that format keeps, as its export would write them.
 */
export const ExportCountBody = Type.Object(
  { projectId: Id, planId: Type.Optional(Id), filters: Type.Optional(ExportFilters), format: Type.Optional(ExportFormatName), options: Type.Optional(ExportOptions) },
  closed,
);
export type ExportCountBody = Static<typeof ExportCountBody>;

/**
 * What a plan would export now: objects are those its format keeps (every object without a
 * format); `unconfirmed`, the suggestions nobody confirmed that it leaves out.
 */
export const ExportCount = Type.Object({ subjects: Type.Integer(), frames: Type.Integer(), objects: Type.Integer(), unconfirmed: Type.Integer() });
export type ExportCount = Static<typeof ExportCount>;

export const ExportProgressBody = Type.Object(
  { projectId: Id, ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 100, uniqueItems: true })), status: Type.Optional(ExportStatus), ...PageQuery },
  closed,
);
export type ExportProgressBody = Static<typeof ExportProgressBody>;

export const ExportDeleteQuery = Type.Object({ projectId: Id, ids: Type.Array(Id, { minItems: 1, maxItems: 100 }) }, closed);

export const ExportTransferBody = Type.Object(
  {
    projectId: Id,
    exportId: Id,
    /** where it went: a URL, a bucket path, a host name */
    destination: plainName(1024),
    status: Type.Union([Type.Literal('delivered'), Type.Literal('failed')]),
    message: Type.Optional(plainText(1024)),
    bytes: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  closed,
);
export type ExportTransferBody = Static<typeof ExportTransferBody>;

/** One format as the export dialog offers it. */
export const ExportFormatInfo = Type.Object({
  format: ExportFormatName,
  /** what the zip holds, for the dialog's help text */
  files: Type.Array(Type.String()),
  /** drawing tools the format keeps; the others are left out and counted */
  tools: Type.Array(Type.String()),
  classifications: Type.Boolean(),
  mediaFolder: Type.String(),
});

/** A plan's option as the dialog offers it: a switch, or a choice among `choices`; `formats` when it applies to some formats only. */
export const ExportOptionInfo = Type.Union([
  Type.Object({ name: Type.String(), type: Type.Literal('boolean'), default: Type.Boolean(), formats: Type.Optional(Type.Array(ExportFormatName)) }),
  Type.Object({ name: Type.String(), type: Type.Literal('choice'), default: Type.String(), choices: Type.Array(Type.String()), formats: Type.Optional(Type.Array(ExportFormatName)) }),
]);
export type ExportOptionInfo = Static<typeof ExportOptionInfo>;

/** GET /export/template/{projectId}: what an export of this project can be. */
export const ExportTemplate = Type.Object({
  formats: Type.Array(ExportFormatInfo),
  options: Type.Array(ExportOptionInfo),
  batches: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), subjectCount: Type.Integer() })),
  tasks: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), steps: Type.Array(Type.Object({ workflowId: Type.Integer(), name: Type.String(), type: Type.String() })) })),
  labels: Type.Array(Type.Object({ featureId: Type.Integer(), featureName: Type.String(), tool: Type.String(), labelId: Type.String(), name: Type.String() })),
  states: Type.Array(Type.String()),
  plans: Type.Array(ExportPlan),
});
export type ExportTemplate = Static<typeof ExportTemplate>;

const on = projectIdRule;
const base = { tag: 'Export', auth: true } as const;
const ByProjectAndId = Type.Object({ projectId: Id, id: Id });

/** The Export routes of the spec's section 7. */
export const exportRoutes = {
  start: defineRoute({
    ...base, method: 'POST', path: '/export', access: on('project.export', 'body'),
    summary: 'Start an export of a saved plan (planId) or of a plan given in place; it runs in the background (see /export/progress).',
    body: ExportStartBody, data: ExportJob,
  }),
  removeMany: defineRoute({
    ...base, method: 'DELETE', path: '/export', access: on('project.export', 'query'),
    summary: 'Delete exports with their zips; running ones are cancelled first.',
    querystring: ExportDeleteQuery, data: Type.Null(),
  }),
  planCreate: defineRoute({
    ...base, method: 'POST', path: '/export/plan', access: on('project.export', 'body'),
    summary: 'Save an export plan: a name, a format, filters and options (names unique per project).',
    body: ExportPlanBody, data: ExportPlan,
  }),
  planCount: defineRoute({
    ...base, method: 'POST', path: '/export/plan/count', readOnly: true, access: on('project.export', 'body'),
    summary: 'How many subjects, frames and objects a plan (saved, or its filters given in place) would export now.',
    body: ExportCountBody, data: ExportCount,
  }),
  planUpdate: defineRoute({
    ...base, method: 'POST', path: '/export/plan/:id', access: on('project.export', 'body'),
    summary: 'Change a saved plan: name, format, filters or options; exports already run keep what they were.',
    params: Type.Object({ id: Id }), body: ExportPlanUpdateBody, data: ExportPlan,
  }),
  progress: defineRoute({
    ...base, method: 'POST', path: '/export/progress', readOnly: true, access: on('project.export', 'body'),
    summary: 'The project\'s exports (or the ones named), newest first, with status, progress, result and deliveries.',
    body: ExportProgressBody, data: Page(ExportJob),
  }),
  template: defineRoute({
    ...base, method: 'GET', path: '/export/template/:projectId', access: on('project.export', 'params'),
    summary: 'What an export of the project can be: formats with what they keep, options, the filters\' choices and the saved plans.',
    params: Type.Object({ projectId: Id }), data: ExportTemplate,
  }),
  transferCallback: defineRoute({
    ...base, method: 'POST', path: '/export/transfer/callback', access: on('project.export', 'body'),
    summary: 'Record that a finished export was delivered to (or failed to reach) a destination outside the object store.',
    body: ExportTransferBody, data: ExportTransfer,
  }),
  remove: defineRoute({
    ...base, method: 'DELETE', path: '/export/:projectId/:id', access: on('project.export', 'params'),
    summary: 'Delete one export with its zip; a running one is cancelled first.',
    params: ByProjectAndId, data: Type.Null(),
  }),
  cancel: defineRoute({
    ...base, method: 'PUT', path: '/export/:projectId/:id/cancel', access: on('project.export', 'params'),
    summary: 'Cancel a queued or running export: the work stops and no partial zip is left.',
    params: ByProjectAndId, data: ExportJob,
  }),
} as const;
