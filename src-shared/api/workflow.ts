import { Type, type Static } from 'typebox';
import { defineRoute } from './route';
import { Id } from './envelope';
import { SubjectDetail } from './subject';
import {
  KeysetQuery,
  StepMember,
  StepName,
  StepType,
  TaskConfig,
  TaskSubjectItem,
  TaskSubjectPage,
  TaskSubjectState,
  TASK_MAX_STEP_MEMBERS,
  WorkflowStep,
  WorkflowStepDetail,
} from './task';
import { projectIdRule } from '../model/permissions';

const closed = { additionalProperties: false } as const;
const InProject = { projectId: Id };
const MemberIds = Type.Array(Id, { maxItems: TASK_MAX_STEP_MEMBERS });

/**
 * A new step. `afterStep`: the stepIndex it follows (-1: first); absent: last. Allowed only while
 * no task subject has reached or passed that position (at a later step, or done), so none skips it.
 */
export const WorkflowCreateBody = Type.Object(
  {
    ...InProject,
    taskId: Id,
    type: StepType,
    name: Type.Optional(StepName),
    memberIds: MemberIds,
    config: Type.Optional(TaskConfig),
    afterStep: Type.Optional(Type.Integer({ minimum: -1, maximum: 100 })),
  },
  closed,
);
export type WorkflowCreateBody = Static<typeof WorkflowCreateBody>;
export const WorkflowAssignmentBody = Type.Object({ ...InProject, workflowId: Id, memberIds: MemberIds }, closed);
export const WorkflowProjectBody = Type.Object({ ...InProject, type: Type.Optional(StepType) }, closed);
export const WorkflowUpdateBody = Type.Object({ ...InProject, name: Type.Optional(StepName), config: Type.Optional(TaskConfig) }, { ...closed, minProperties: 2 });
export type WorkflowUpdateBody = Static<typeof WorkflowUpdateBody>;
/** `type`, where given, must be the step's type: a step of the other type answers 404. */
const TypedQuery = Type.Object({ ...InProject, type: Type.Optional(StepType) }, closed);
const ProjectQuery = Type.Object(InProject, closed);
const StepSubjectsQuery = Type.Object({ ...InProject, state: Type.Optional(TaskSubjectState), ...KeysetQuery }, closed);
const RepairQuery = Type.Object({ ...InProject, ...KeysetQuery }, closed);
/** `type`: which earlier hand-over to show: the last annotate submission (default) or the last review pass. */
const ReviewSubjectQuery = Type.Object({ ...InProject, taskSubjectId: Id, type: Type.Optional(StepType) }, closed);

/** A step with the name of its task, as the project's step list shows it. */
export const ProjectWorkflowStep = Type.Object({ ...WorkflowStep.properties, taskName: Type.String() });
/** The hand-over a reviewer compares against: who passed it on from an earlier step, when, with what. */
export const PreviousSubmission = Type.Object({
  userId: Type.Integer(),
  userName: Type.String(),
  action: Type.String(),
  workflowId: Type.Integer(),
  stepIndex: Type.Integer(),
  activeMs: Type.Integer(),
  objectCount: Type.Integer(),
  at: Type.Integer(),
});
export const ReviewSubject = Type.Object({
  taskSubject: TaskSubjectItem,
  step: WorkflowStep,
  subject: SubjectDetail,
  previous: Type.Union([PreviousSubmission, Type.Null()]),
});
export type ReviewSubject = Static<typeof ReviewSubject>;
/** The caller's task subjects at a step, by state. */
export const WorkingIds = Type.Object({ claimed: Type.Array(Type.Integer()), inProgress: Type.Array(Type.Integer()), skipped: Type.Array(Type.Integer()) });
export type WorkingIds = Static<typeof WorkingIds>;

const on = projectIdRule;
const base = { tag: 'Workflow', auth: true } as const;
const byId = { ...base, params: Type.Object({ workflowId: Id }) };

/**
 * The Workflow routes of the spec's section 7: a workflow id is one step of a task. Every call
 * names its project, which the access check reads; a step of another project answers 404.
 */
export const workflowRoutes = {
  create: defineRoute({
    ...base, method: 'POST', path: '/workflow', access: on('project.task.manage', 'body'),
    summary: 'Add a step to a task, last or after a given step (later steps move up one), only where no task subject has reached or passed that position (none at a later step, none done).',
    body: WorkflowCreateBody, data: WorkflowStepDetail,
  }),
  assignment: defineRoute({
    ...base, method: 'POST', path: '/workflow/assignment', access: on('project.task.manage', 'body'),
    summary: 'Replace a step\'s members; what removed members hold stays with them until a manager requeues it. A vendor member managing the project takes off only their own vendor team\'s members (403 project.vendorMemberOnly).',
    body: WorkflowAssignmentBody, data: WorkflowStepDetail,
  }),
  project: defineRoute({
    ...base, method: 'POST', path: '/workflow/project', readOnly: true, access: on('project.read', 'body'),
    summary: 'The steps of every task of the project, of one type when given, by task and position.',
    body: WorkflowProjectBody, data: Type.Array(ProjectWorkflowStep),
  }),
  get: defineRoute({
    ...byId, method: 'GET', path: '/workflow/:workflowId', access: on('project.read', 'query'),
    summary: 'One step with its members.',
    querystring: TypedQuery, data: WorkflowStepDetail,
  }),
  update: defineRoute({
    ...byId, method: 'PUT', path: '/workflow/:workflowId', access: on('project.task.manage', 'body'),
    summary: 'Rename a step or replace its configuration.',
    body: WorkflowUpdateBody, data: WorkflowStepDetail,
  }),
  remove: defineRoute({
    ...byId, method: 'DELETE', path: '/workflow/:workflowId', access: on('project.task.manage', 'query'),
    summary: 'Remove a step no task subject is at; later steps move down one.',
    querystring: ProjectQuery, data: Type.Null(),
  }),
  members: defineRoute({
    ...byId, method: 'GET', path: '/workflow/:workflowId/member', access: on('project.read', 'query'),
    summary: 'The step\'s members.',
    querystring: ProjectQuery, data: Type.Array(StepMember),
  }),
  repairSubjects: defineRoute({
    ...byId, method: 'GET', path: '/workflow/:workflowId/repair/subjects', access: on('project.task.work', 'query'),
    summary: 'Rework: task subjects a review sent back that the caller holds at this step.',
    querystring: RepairQuery, data: TaskSubjectPage,
  }),
  reviewSubject: defineRoute({
    ...byId, method: 'GET', path: '/workflow/:workflowId/review/subject', access: on('project.task.work', 'query'),
    summary: 'A task subject at this review step, with its subject and the earlier hand-over to compare against.',
    querystring: ReviewSubjectQuery, data: ReviewSubject,
  }),
  userSubjects: defineRoute({
    ...byId, method: 'GET', path: '/workflow/:workflowId/user/subjects', access: on('project.task.work', 'query'),
    summary: 'The task subjects the caller holds at this step.',
    querystring: StepSubjectsQuery, data: TaskSubjectPage,
  }),
  userWorkingIds: defineRoute({
    ...byId, method: 'GET', path: '/workflow/:workflowId/user/working/subject/ids', access: on('project.task.work', 'query'),
    summary: 'Ids of the task subjects the caller holds at this step, by state.',
    querystring: TypedQuery, data: WorkingIds,
  }),
} as const;
