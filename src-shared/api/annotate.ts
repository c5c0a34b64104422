import { Type, type Static, type TSchema } from 'typebox';
import { defineRoute } from './route';
import { projectIdRule, taskSubjectRule } from '../model/permissions';
import { Id, Page, PageQuery } from './envelope';
import { plainText } from './subject';
import { StepType, TaskSubjectState } from './task';
import { ANNOTATION_LIMITS, AnnotationId, AnnotationObject, FrameClassification, FrameData } from '../model/annotation';
import { OntologyTool } from '../model/ontology';

const closed = { additionalProperties: false } as const;
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** Bodies of saves may reach this size (20,000 objects on a frame); every other route keeps 1 MiB. */
export const ANNOTATE_BODY_LIMIT = 32 * 1024 * 1024;
/** Frames per save or pre-annotation item. */
export const ANNOTATE_MAX_FRAMES = 1000;

/** The client's id for one save (a uuid): sending it again answers the first result without saving twice. */
export const SaveId = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' });
const BaseVersion = Type.Integer({ minimum: 0, maximum: 2147483647 });

/** One frame's annotations as stored, with who wrote them last. */
export const AnnotatedFrame = Type.Object({
  frameId: Type.Integer(),
  data: FrameData,
  /** the task subject's version when this frame was last written (0: never) */
  version: Type.Integer(),
  updatedBy: Nullable(Type.Integer()),
  updatedAt: Nullable(Type.Integer()),
});
export type AnnotatedFrame = Static<typeof AnnotatedFrame>;
/** A task subject's annotations for some or all of its frames, at its current version. */
export const TaskSubjectAnnotations = Type.Object({
  taskSubjectId: Type.Integer(),
  dataId: Type.Integer(),
  version: Type.Integer(),
  frames: Type.Array(AnnotatedFrame),
});
export type TaskSubjectAnnotations = Static<typeof TaskSubjectAnnotations>;

export const FrameInput = Type.Object({ frameId: Id, data: FrameData }, closed);
export type FrameInput = Static<typeof FrameInput>;

/** What a save did (the same again for a retried save id). */
export const SaveResult = Type.Object({
  taskSubjectId: Type.Integer(),
  saveId: Type.String(),
  /** the version the save produced: the next save's baseVersion */
  version: Type.Integer(),
  savedAt: Type.Integer(),
});
export type SaveResult = Static<typeof SaveResult>;

export const AnnotateQuery = Type.Object(
  {
    taskSubjectId: Id,
    /** when given, must be the task subject's subject */
    dataId: Type.Optional(Id),
    /** default: every frame of the subject */
    frameIds: Type.Optional(Type.Array(Id, { maxItems: 10_000 })),
    recordType: Type.Optional(Type.String({ maxLength: 16 })),
    /** only objects drawn with this tool (classification: only the classifications) */
    toolType: Type.Optional(OntologyTool),
    /**
     * only the frames something was saved on (a frame never saved is empty at version 0): what
     * the workspace reads, since a 30-minute video's 54,000 empty frames were 6.4 MB of answer
     */
    saved: Type.Optional(Type.Boolean()),
  },
  closed,
);
export type AnnotateQuery = Static<typeof AnnotateQuery>;
/** Replaces whole frames: what a frame had and the body does not send is gone. */
export const SaveBody = Type.Object(
  { taskSubjectId: Id, saveId: SaveId, baseVersion: BaseVersion, frames: Type.Array(FrameInput, { minItems: 1, maxItems: ANNOTATE_MAX_FRAMES }) },
  closed,
);
export type SaveBody = Static<typeof SaveBody>;
/**
 * Changes objects of one frame by id: upserts replace or add, removals of absent ids change nothing.
 * `classifications`, when sent, replaces the frame's whole list of classification answers in the same save.
 */
export const ObjectEditBody = Type.Object(
  {
    taskSubjectId: Id,
    saveId: SaveId,
    baseVersion: BaseVersion,
    frameId: Id,
    upsert: Type.Optional(Type.Array(AnnotationObject, { maxItems: 20_000 })),
    remove: Type.Optional(Type.Array(AnnotationId, { maxItems: 20_000 })),
    classifications: Type.Optional(Type.Array(FrameClassification, { maxItems: ANNOTATION_LIMITS.classificationsPerFrame })),
  },
  closed,
);
export type ObjectEditBody = Static<typeof ObjectEditBody>;

/** Pre-annotations for task subjects nobody has worked on yet; stored as source `ai`. */
export const BeforehandBody = Type.Object(
  {
    projectId: Id,
    taskId: Id,
    items: Type.Array(Type.Object({ taskSubjectId: Id, frames: Type.Array(FrameInput, { minItems: 1, maxItems: ANNOTATE_MAX_FRAMES }) }, closed), {
      minItems: 1,
      maxItems: 100,
    }),
  },
  closed,
);
export type BeforehandBody = Static<typeof BeforehandBody>;
export const BeforehandResult = Type.Object({
  taskId: Type.Integer(),
  /** each task subject written, with its new version */
  updated: Type.Array(Type.Object({ taskSubjectId: Type.Integer(), version: Type.Integer() })),
});
export type BeforehandResult = Static<typeof BeforehandResult>;
export const PreAnnotateNoticeBody = Type.Object(
  {
    projectId: Id,
    taskId: Id,
    status: Type.Union([Type.Literal('finished'), Type.Literal('failed')]),
    /** task subjects pre-annotated */
    count: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
    message: Type.Optional(plainText(1024)),
  },
  closed,
);

/** How much of a project is annotated. */
export const ProjectAnnotateTotal = Type.Object({
  projectId: Type.Integer(),
  /** objects on every frame of every task subject */
  objectCount: Type.Integer(),
  /** frames with annotations saved */
  annotatedFrames: Type.Integer(),
  /** task subjects with at least one object */
  annotatedTaskSubjects: Type.Integer(),
  /** subjects (dataIds) with at least one object in some task */
  annotatedSubjects: Type.Integer(),
  taskSubjects: Type.Integer(),
  doneTaskSubjects: Type.Integer(),
});
export type ProjectAnnotateTotal = Static<typeof ProjectAnnotateTotal>;

/** Where a subject is in one task. */
export const SubjectInTask = Type.Object({
  taskId: Type.Integer(),
  taskName: Type.String(),
  taskSubjectId: Type.Integer(),
  workflowId: Type.Integer(),
  stepIndex: Type.Integer(),
  stepType: StepType,
  state: TaskSubjectState,
  holderId: Nullable(Type.Integer()),
  rework: Type.Boolean(),
  version: Type.Integer(),
  objectCount: Type.Integer(),
});
/** A subject with its annotation status in every task it is in. */
export const SubjectAnnotationStatus = Type.Object({
  dataId: Type.Integer(),
  name: Type.String(),
  recordType: Type.String(),
  tasks: Type.Array(SubjectInTask),
});
export type SubjectAnnotationStatus = Static<typeof SubjectAnnotationStatus>;
export const SubjectAnnotateQuery = Type.Object(
  {
    ...PageQuery,
    dataIds: Type.Optional(Type.Array(Id, { maxItems: 500 })),
    /** only subjects in this task */
    taskId: Type.Optional(Id),
    /** only subjects annotated (with objects) or not annotated in any task */
    annotated: Type.Optional(Type.Boolean()),
  },
  closed,
);
export type SubjectAnnotateQuery = Static<typeof SubjectAnnotateQuery>;

const base = { tag: 'Annotate', auth: true } as const;
const on = projectIdRule;
/** Routes on one task subject name only it; the access hook finds its project from it. */
const one = (from: 'query' | 'body') => taskSubjectRule('project.task.work', from, 'taskSubjectId', 'annotate.notFound');
const WORK = 'Needs project.task.work on its project';
const HOLDER = `${WORK}, membership of the step it is at, and holding it.`;

/** The Annotate routes of the spec's section 7, and the project's annotation figures. */
export const annotateRoutes = {
  get: defineRoute({
    ...base, method: 'GET', path: '/annotate', access: one('query'),
    summary: `A task subject's annotations (all frames unless frameIds; with saved, only frames saved on), migrated to the current model version, with the version to save against. ${WORK}.`,
    querystring: AnnotateQuery, data: TaskSubjectAnnotations,
  }),
  save: defineRoute({
    ...base, method: 'POST', path: '/annotate', access: one('body'), bodyLimit: ANNOTATE_BODY_LIMIT,
    summary: `Replace frames' annotations in one transaction against baseVersion (409 annotate.stale otherwise); a retried saveId answers the first result. ${HOLDER}`,
    body: SaveBody, data: SaveResult,
  }),
  editObjects: defineRoute({
    ...base, method: 'POST', path: '/annotate/object/v2', access: one('body'), bodyLimit: ANNOTATE_BODY_LIMIT,
    summary: `Upsert and remove objects of one frame by id (and, when classifications is sent, replace the frame's classification answers), with the same version and save-id rules as POST /annotate. ${HOLDER}`,
    body: ObjectEditBody, data: SaveResult,
  }),
  beforehand: defineRoute({
    ...base, method: 'POST', path: '/annotate/beforehand/update', access: on('project.task.manage', 'body'), bodyLimit: ANNOTATE_BODY_LIMIT,
    summary: 'Store pre-annotations (as source ai) on task subjects still waiting at the first step with no save; all or nothing.',
    body: BeforehandBody, data: BeforehandResult,
  }),
  preAnnotateNotice: defineRoute({
    ...base, method: 'POST', path: '/annotate/pre/annotate/notification', access: on('project.task.manage', 'body'),
    summary: 'Announce to the task\'s room that pre-annotation finished (or failed), so open workstations reload.',
    body: PreAnnotateNoticeBody, data: Type.Null(),
  }),
  projectTotal: defineRoute({
    ...base, method: 'GET', path: '/project/:projectId/annotate/total', access: on('project.read', 'params'),
    summary: 'How much of the project is annotated: objects, frames, task subjects and subjects.',
    params: Type.Object({ projectId: Id }), data: ProjectAnnotateTotal,
  }),
  subjectStatus: defineRoute({
    ...base, method: 'GET', path: '/project/:projectId/subject/annotate', access: on('project.read', 'params'),
    summary: 'Subjects of the project in id order with their annotation status in each task: step, state, holder, objects.',
    params: Type.Object({ projectId: Id }), querystring: SubjectAnnotateQuery, data: Page(SubjectAnnotationStatus),
  }),
} as const;
