import { Type, type Static, type TSchema } from 'typebox';
import { defineRoute } from './route';
import { Id, Page, PageQuery } from './envelope';
import { plainText, SubjectDetail } from './subject';
import { TaskSubjectAnnotations } from './annotate';
import { PackageListQuery, PackageReturnBody, PackageReturnResult, PackageTakeBody, WorkPackageSummary } from './workPackage';
import { StepType, TaskSubjectAction, TaskSubjectItem, TaskSubjectState } from './task';
import { projectIdRule, taskSubjectRule } from '../model/permissions';
import { FrameData } from '../model/annotation';
import { FreeText } from '../model/textFields';

const closed = { additionalProperties: false } as const;
const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** Active (not idle) milliseconds the workstation measured since the caller's previous report on it; the server clamps it to the wall time. */
export const ActiveMs = Type.Integer({ minimum: 0, maximum: 86_400_000 });
/** The task subject's version as the client last saw it (optimistic concurrency: 409 when it moved on). */
export const SeenVersion = Type.Integer({ minimum: 0, maximum: 2147483647 });

/** A task subject with what the workstation needs to open it: its step's type and its subject's frames. */
export const TaskSubjectCard = Type.Object({
  ...TaskSubjectItem.properties,
  projectId: Type.Integer(),
  stepType: StepType,
  recordType: Type.String(),
  /** the subject's frames in order (the spec's frameIds) */
  frameIds: Type.Array(Type.Integer()),
});
export type TaskSubjectCard = Static<typeof TaskSubjectCard>;

/** One row of a task subject's log: a transition, or (action `activity`) a reported stretch of work. */
export const TaskSubjectLogEntry = Type.Object({
  id: Type.Integer(),
  taskSubjectId: Type.Integer(),
  taskId: Type.Integer(),
  workflowId: Type.Integer(),
  stepIndex: Type.Integer(),
  userId: Type.Integer(),
  userName: Type.String(),
  /** a TaskSubjectAction, or `activity` for POST /task/subject/log/edit */
  action: Type.String(),
  fromState: Type.String(),
  toState: Type.String(),
  activeMs: Type.Integer(),
  objectCount: Type.Integer(),
  reason: Type.String(),
  rejectReasonIds: Type.Array(Type.Integer()),
  createdAt: Type.Integer(),
});
export type TaskSubjectLogEntry = Static<typeof TaskSubjectLogEntry>;

/** A task subject in a list, with its latest log row (who touched it last, and how). */
export const TaskSubjectLatest = Type.Object({
  ...TaskSubjectItem.properties,
  stepType: StepType,
  subjectName: Type.String(),
  lastLog: Nullable(TaskSubjectLogEntry),
});
export type TaskSubjectLatest = Static<typeof TaskSubjectLatest>;

/** One accepted save of a task subject's annotations. */
export const AnnotationSaveEntry = Type.Object({
  saveId: Type.String(),
  /** the version the save produced */
  version: Type.Integer(),
  userId: Type.Integer(),
  userName: Type.String(),
  createdAt: Type.Integer(),
});
export type AnnotationSaveEntry = Static<typeof AnnotationSaveEntry>;

const snapshotFields = {
  snapshotId: Type.Integer(),
  /** the task subject's version the hand-on produced */
  version: Type.Integer(),
  stepIndex: Type.Integer(),
  /** the TaskSubjectAction that kept it: `submit` (annotate) or `pass` (review) */
  action: Type.String(),
  userId: Type.Integer(),
  userName: Type.String(),
  createdAt: Type.Integer(),
};
/** What a step handed on (submit, pass): who, when, at which version, without the frames. */
export const AnnotationSnapshotEntry = Type.Object({
  ...snapshotFields,
  /** objects on all its frames */
  objectCount: Type.Integer(),
});
export type AnnotationSnapshotEntry = Static<typeof AnnotationSnapshotEntry>;

/** One snapshot with every frame as it was handed on, in the current frame shape. */
export const AnnotationSnapshot = Type.Object({
  ...snapshotFields,
  frames: Type.Array(Type.Object({ frameId: Type.Integer(), data: FrameData })),
});
export type AnnotationSnapshot = Static<typeof AnnotationSnapshot>;

/** Whether the caller may edit the task subject at a step now, or reopen it there (done, manager). */
export const TaskSubjectEditCheck = Type.Object({
  taskSubjectId: Type.Integer(),
  workflowId: Type.Integer(),
  /** holds it at that step (claimed or in progress): saves will be accepted */
  canEdit: Type.Boolean(),
  /** it is done and the caller dispatches for the project: POST /task/subject/edit reopens it there */
  canReopen: Type.Boolean(),
  /** why neither, as an error reason (notStepMember, notHolder, wrongStep, wrongState, notManager) */
  reason: Nullable(Type.String()),
});
export type TaskSubjectEditCheck = Static<typeof TaskSubjectEditCheck>;

/** Every action tried for the caller without doing it: what would work and why the rest would not. */
export const TaskSubjectDryRun = Type.Object({
  taskSubject: TaskSubjectCard,
  /** a member of the step it is at */
  member: Type.Boolean(),
  /** dispatches for the project (dispatch, cancel, requeue, move, reopen) */
  manages: Type.Boolean(),
  actions: Type.Array(TaskSubjectAction),
  refusals: Type.Array(Type.Object({ action: TaskSubjectAction, reason: Type.String() })),
});
export type TaskSubjectDryRun = Static<typeof TaskSubjectDryRun>;

/** One item of a work package with all the workspace needs to open it offline. */
export const PackageItem = Type.Object({
  card: TaskSubjectCard,
  /** the subject with every frame's object key and size, to download */
  subject: SubjectDetail,
  /** every frame's annotations at the card's version */
  annotations: TaskSubjectAnnotations,
  /**
   * a video item's two objects as stored (the frame rows carry shares of the file, not its size):
   * the file's bytes and its frame times object's, so a package counts and checks them (absent
   * for pictures, and for an object the store no longer has)
   */
  videoSizes: Type.Optional(Type.Object({ file: Type.Integer({ minimum: 0 }), times: Type.Integer({ minimum: 0 }) })),
});
export type PackageItem = Static<typeof PackageItem>;
/** A package just taken: what it is, and its items (held ones first, rework first, then the oldest). */
export const PackageTaken = Type.Object({ package: WorkPackageSummary, items: Type.Array(PackageItem) });
export type PackageTaken = Static<typeof PackageTaken>;

const BySubject = { taskSubjectId: Id };
/**
 * How many items a workstation may hold beyond the open one: it claims the next ahead (`exclude`
 * naming what it already has) so the next item is on the desk before submit, and stays workable
 * when the server drops.
 */
export const CLAIM_AHEAD_MAX = 3;
export const ClaimBody = Type.Object(
  {
    projectId: Id,
    taskId: Id,
    workflowId: Id,
    /** held items the caller already has open or prefetched: skipped, so the answer is another */
    exclude: Type.Optional(Type.Array(Id, { maxItems: CLAIM_AHEAD_MAX, uniqueItems: true })),
  },
  closed,
);
/** skip, submit, pass: the task subject, the version seen, and the active time since the last report. */
export const TransitionBody = Type.Object({ ...BySubject, version: SeenVersion, activeMs: Type.Optional(ActiveMs) }, closed);
export type TransitionBody = Static<typeof TransitionBody>;
export const SkipBody = Type.Object({ ...TransitionBody.properties, reason: Type.Optional(plainText(1024)) }, closed);
/** A note the reviewer pins while rejecting (on the subject, a frame, or an object of it). */
export const RejectNote = Type.Object(
  {
    content: FreeText(10_000, { minLength: 1, pattern: '\\S' }),
    frameId: Type.Optional(Id),
    objectId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' })),
    labelId: Type.Optional(Id),
  },
  closed,
);
export type RejectNote = Static<typeof RejectNote>;
export const RejectBody = Type.Object(
  {
    ...TransitionBody.properties,
    /** from the project's reject reasons (GET /project/{projectId}/user/rejectReason/list) */
    reasonIds: Type.Optional(Type.Array(Id, { maxItems: 50 })),
    reason: Type.Optional(plainText(1024)),
    notes: Type.Optional(Type.Array(RejectNote, { maxItems: 100 })),
  },
  closed,
);
export type RejectBody = Static<typeof RejectBody>;
export const EditBody = Type.Object({ ...BySubject, workflowId: Id, version: SeenVersion }, closed);
export const EditCheckBody = Type.Object({ ...BySubject, workflowId: Id }, closed);
export const LogEditBody = Type.Object({ ...BySubject, activeMs: ActiveMs }, closed);
export const SaveListBody = Type.Object({ ...BySubject, ...PageQuery }, closed);
export const ListDetailQuery = Type.Object(
  {
    projectId: Id,
    taskId: Id,
    workflowId: Type.Optional(Id),
    state: Type.Optional(TaskSubjectState),
    holderId: Type.Optional(Id),
    rework: Type.Optional(Type.Boolean()),
    ...PageQuery,
  },
  closed,
);
export type ListDetailQuery = Static<typeof ListDetailQuery>;
export const LogQuery = Type.Object({ ...BySubject, ...PageQuery }, closed);
export const SnapshotListQuery = Type.Object({ ...BySubject, ...PageQuery }, closed);
/** The task subject the snapshot must belong to: the access hook checks the caller's project from it. */
export const SnapshotQuery = Type.Object(BySubject, closed);
const IdParams = Type.Object({ id: Id });

const base = { tag: 'TaskSubject', auth: true } as const;
const on = projectIdRule;
/** Routes on one task subject name only it; the access hook finds its project from it. */
const one = (action: 'project.task.work' | 'project.task.dispatch', from: 'params' | 'query' | 'body', key = 'taskSubjectId') => taskSubjectRule(action, from, key);
const WORK = 'Needs project.task.work on its project';
const HOLDER = `${WORK}, membership of the step it is at, and holding it.`;

/**
 * The task-subject routes of the spec's section 7, under /task/subject: claiming, the
 * transitions of src-shared/model/taskSubjectFlow.ts, reopening, the log and the saves.
 */
export const taskSubjectRoutes = {
  claim: defineRoute({
    ...base, method: 'POST', path: '/task/subject/claim', access: on('project.task.work', 'body'),
    summary: `The next task subject for the caller at a step they are a member of: the oldest they hold unsubmitted (rework first) and did not exclude, else the oldest waiting; null when none waits. \`exclude\` (at most ${CLAIM_AHEAD_MAX}) lets a workstation claim ahead of the item it has open.`,
    body: ClaimBody, data: Nullable(TaskSubjectCard),
  }),
  takePackage: defineRoute({
    ...base, method: 'POST', path: '/task/subject/package', access: on('project.task.work', 'body'),
    summary: 'Take a work package at a step the caller is a member of: up to `size` items, what they hold unsubmitted first (rework first), then the oldest waiting, leased for the project\'s leaseHours. A worker leases at most the project\'s packageSize items per step across their open packages: a take gets the room left, and none at all answers 409 task.packageLimit with { leased, packageSize }. Answers every item with its subject, frames and annotations; null when there is nothing to take.',
    body: PackageTakeBody, data: Nullable(PackageTaken),
  }),
  listPackages: defineRoute({
    ...base, method: 'GET', path: '/task/subject/package/list', access: on('project.task.work', 'query'),
    summary: 'Work packages of the project still holding items, newest first: the caller\'s own, or with project.task.dispatch everyone\'s (a vendor team\'s manager: their own team\'s members\').',
    querystring: PackageListQuery, data: Type.Array(WorkPackageSummary),
  }),
  returnPackage: defineRoute({
    ...base, method: 'POST', path: '/task/subject/package/return', access: on('project.task.work', 'body'),
    summary: 'Give items of a work package back to its step\'s queue: its holder gives back unstarted ones (all of them by default); with project.task.dispatch, any item, started ones too, of a package they may list (a vendor team\'s manager: their own team\'s members\'; another package is not found).',
    body: PackageReturnBody, data: PackageReturnResult,
  }),
  skip: defineRoute({
    ...base, method: 'POST', path: '/task/subject/annotate/skip', access: one('project.task.work', 'body'),
    summary: `Set a held task subject aside for a manager to requeue or dispatch. ${HOLDER}`,
    body: SkipBody, data: TaskSubjectCard,
  }),
  submit: defineRoute({
    ...base, method: 'POST', path: '/task/subject/annotate/submit', access: one('project.task.work', 'body'),
    summary: `Submit an annotate step: on to the next step's queue (or done), with a snapshot of the annotations. ${HOLDER}`,
    body: TransitionBody, data: TaskSubjectCard,
  }),
  release: defineRoute({
    ...base, method: 'POST', path: '/task/subject/release', access: one('project.task.work', 'body'),
    summary: `Give back a task subject claimed and not started (state claimed, not rework): back to the step's queue for anyone. The workspace releases the item it claimed ahead when the annotator leaves. ${HOLDER}`,
    body: TransitionBody, data: TaskSubjectCard,
  }),
  pass: defineRoute({
    ...base, method: 'POST', path: '/task/subject/review/submit', access: one('project.task.work', 'body'),
    summary: `Pass a review step: on to the next step's queue (or done), with a snapshot. ${HOLDER}`,
    body: TransitionBody, data: TaskSubjectCard,
  }),
  reject: defineRoute({
    ...base, method: 'POST', path: '/task/subject/review/reject', access: one('project.task.work', 'body'),
    summary: `Reject at a review step with reasons and notes: back to the annotate step before it, held by who submitted it there, as rework. ${HOLDER}`,
    body: RejectBody, data: TaskSubjectCard,
  }),
  edit: defineRoute({
    ...base, method: 'POST', path: '/task/subject/edit', access: one('project.task.dispatch', 'body'),
    summary: `Reopen a done task subject at a step for editing: held by the caller when they are a member of that step, else in its queue. Needs project.task.dispatch on its project; a vendor team's manager reopens only what their own team's members handed on (403 task.vendorMemberOnly).`,
    body: EditBody, data: TaskSubjectCard,
  }),
  isEdit: defineRoute({
    ...base, method: 'POST', path: '/task/subject/is/edit', access: one('project.task.work', 'body'),
    summary: `Whether the caller may edit the task subject at a step now, or reopen it there. ${WORK}.`,
    body: EditCheckBody, data: TaskSubjectEditCheck,
  }),
  logEdit: defineRoute({
    ...base, method: 'POST', path: '/task/subject/log/edit', access: one('project.task.work', 'body'),
    summary: `Record active time the workstation measured on a task subject (clamped to the wall time since the caller's previous log row on it). ${WORK} and membership of its step.`,
    body: LogEditBody, data: TaskSubjectLogEntry,
  }),
  saveList: defineRoute({
    ...base, method: 'POST', path: '/task/subject/save/list', access: one('project.task.work', 'body'),
    summary: `The accepted saves of a task subject's annotations, newest first. ${WORK}.`,
    body: SaveListBody, data: Page(AnnotationSaveEntry),
  }),
  listDetail: defineRoute({
    ...base, method: 'GET', path: '/task/subject/list/detail', access: on('project.task.work', 'query'),
    summary: 'Task subjects of a task in id order, filtered by step, state, holder and rework, each with its latest log row.',
    querystring: ListDetailQuery, data: Page(TaskSubjectLatest),
  }),
  log: defineRoute({
    ...base, method: 'GET', path: '/task/subject/log', access: one('project.task.work', 'query'),
    summary: `A task subject's log, newest first. ${WORK}.`,
    querystring: LogQuery, data: Page(TaskSubjectLogEntry),
  }),
  snapshotList: defineRoute({
    ...base, method: 'GET', path: '/task/subject/snapshot/list', access: one('project.task.work', 'query'),
    summary: `What each step handed on (submit, pass), newest first, with the object count of each. ${WORK}.`,
    querystring: SnapshotListQuery, data: Page(AnnotationSnapshotEntry),
  }),
  snapshot: defineRoute({
    ...base, method: 'GET', path: '/task/subject/snapshot/:id', access: one('project.task.work', 'query'),
    summary: `One snapshot of the task subject with every frame as it was handed on (in the current frame shape); 404 when it is not that task subject's. ${WORK}.`,
    params: IdParams, querystring: SnapshotQuery, data: AnnotationSnapshot,
  }),
  test: defineRoute({
    ...base, method: 'GET', path: '/task/subject/test/:id', access: one('project.task.work', 'params', 'id'),
    summary: `Try every action on a task subject for the caller without doing it: which would work, and why the others would be refused. ${WORK}.`,
    params: IdParams, data: TaskSubjectDryRun,
  }),
  get: defineRoute({
    ...base, method: 'GET', path: '/task/subject/:id', access: one('project.task.work', 'params', 'id'),
    summary: `One task subject with its step type and frames. ${WORK}.`,
    params: IdParams, data: TaskSubjectCard,
  }),
} as const;
