import { Type, type Static } from 'typebox';
import { defineRoute } from './route';
import { projectIdRule } from '../model/permissions';
import { Id, Page, PageQuery } from './envelope';
import { TaskSubjectState } from './task';

const closed = { additionalProperties: false } as const;

/** At most this many task subjects in one dispatch. */
export const DISPATCH_MAX_ITEMS = 1000;

/** Task subjects handed to one step member by a manager. */
export const Dispatch = Type.Object({
  id: Type.Integer(),
  taskId: Type.Integer(),
  workflowId: Type.Integer(),
  stepIndex: Type.Integer(),
  targetUserId: Type.Integer(),
  targetUserName: Type.String(),
  createdBy: Type.Integer(),
  createdAt: Type.Integer(),
  cancelledAt: Type.Union([Type.Integer(), Type.Null()]),
  /** task subjects it handed over */
  itemCount: Type.Integer(),
  /** of those, still held by the target at that step without a save (what a cancel takes back) */
  openCount: Type.Integer(),
});
export type Dispatch = Static<typeof Dispatch>;

/** A dispatched task subject and where it is now. */
export const DispatchItem = Type.Object({
  taskSubjectId: Type.Integer(),
  dataId: Type.Integer(),
  workflowId: Type.Integer(),
  stepIndex: Type.Integer(),
  state: TaskSubjectState,
  holderId: Type.Union([Type.Integer(), Type.Null()]),
});
export type DispatchItem = Static<typeof DispatchItem>;
export const DispatchDetail = Type.Object({ ...Dispatch.properties, items: Type.Array(DispatchItem) });
export type DispatchDetail = Static<typeof DispatchDetail>;
/** A cancelled dispatch and the task subjects it took back to the step's queue. */
export const DispatchCancelled = Type.Object({ ...Dispatch.properties, returnedIds: Type.Array(Type.Integer()) });
export type DispatchCancelled = Static<typeof DispatchCancelled>;

/** A step member who can receive task subjects, with what they hold at the step now. */
export const DispatchTarget = Type.Object({
  userId: Type.Integer(),
  name: Type.String(),
  claimed: Type.Integer(),
  inProgress: Type.Integer(),
  skipped: Type.Integer(),
});
export type DispatchTarget = Static<typeof DispatchTarget>;

const InProject = { projectId: Id };
/** Either the task subjects (pending or skipped at the step) or how many of the oldest waiting. */
export const DispatchCreateBody = Type.Object(
  {
    ...InProject,
    taskId: Id,
    workflowId: Id,
    targetUserId: Id,
    taskSubjectIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: DISPATCH_MAX_ITEMS })),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: DISPATCH_MAX_ITEMS })),
  },
  closed,
);
export type DispatchCreateBody = Static<typeof DispatchCreateBody>;
export const DispatchTaskBody = Type.Object({ ...InProject, taskId: Id }, closed);
export const DispatchListBody = Type.Object(
  { ...InProject, ...PageQuery, targetUserId: Type.Optional(Id), workflowId: Type.Optional(Id), includeCancelled: Type.Optional(Type.Boolean()) },
  closed,
);
export type DispatchListBody = Static<typeof DispatchListBody>;
export const DispatchTargetQuery = Type.Object({ ...InProject, workflowId: Id }, closed);

const base = { tag: 'Dispatch', auth: true } as const;
const on = projectIdRule;

/** The Dispatch routes of the spec's section 7; every call names its project, like the task routes. */
export const dispatchRoutes = {
  create: defineRoute({
    ...base, method: 'POST', path: '/taskSubjectDispatch', access: on('project.task.dispatch', 'body'),
    summary: 'Hand task subjects waiting (or skipped) at a step to one of its members, by id (all or nothing) or the oldest `count`; a vendor manager only to their own vendor team, and only skipped items their own team\'s members hold (403 task.vendorMemberOnly).',
    body: DispatchCreateBody, data: DispatchDetail,
  }),
  cancel: defineRoute({
    ...base, method: 'PUT', path: '/taskSubjectDispatch/:id/cancel', access: on('project.task.dispatch', 'body'),
    summary: 'Cancel a dispatch: its task subjects the target still holds at that step without a save go back to the step\'s queue. A vendor manager finds only dispatches to their own team\'s members.',
    params: Type.Object({ id: Id }), body: DispatchTaskBody, data: DispatchCancelled,
  }),
  detail: defineRoute({
    ...base, method: 'GET', path: '/taskSubjectDispatch/:id/detail', access: on('project.task.dispatch', 'query'),
    summary: 'One dispatch with its task subjects and where each is now; a vendor manager finds only dispatches to their own team\'s members.',
    params: Type.Object({ id: Id }), querystring: DispatchTaskBody, data: DispatchDetail,
  }),
  list: defineRoute({
    ...base, method: 'POST', path: '/taskSubjectDispatch/:taskId', access: on('project.task.dispatch', 'body'),
    summary: 'The task\'s dispatches, newest first, by target or step; cancelled ones only when asked; a vendor manager\'s list has only those to their own team\'s members.',
    params: Type.Object({ taskId: Id }), body: DispatchListBody, data: Page(Dispatch),
  }),
  targets: defineRoute({
    ...base, method: 'GET', path: '/taskSubjectDispatch/:taskId/target', access: on('project.task.dispatch', 'query'),
    summary: 'The members of a step who can receive task subjects (a vendor manager sees their own team\'s), with what each holds there.',
    params: Type.Object({ taskId: Id }), querystring: DispatchTargetQuery, data: Type.Array(DispatchTarget),
  }),
} as const;
