import { Type, type Static } from 'typebox';
import { defineRoute } from './route';
import { Id, Page, PageQuery } from './envelope';
import { plainText } from './subject';
import { projectIdRule } from '../model/permissions';
import { FreeText } from '../model/textFields';
import {
  ConfigurableWorkflow,
  StepCounts,
  StepType,
  TaskBootState,
  TaskConfig,
  TaskDetail,
  TaskName,
  TaskOverview,
  TaskStatus,
  TaskSubjectOpen,
  TaskSubjectPage,
  TaskSubjectState,
  TaskSubjectViewPage,
  TaskSubjectWork,
  TaskSubjectsAdded,
  TaskSummary,
  TaskWork,
  TASK_SUBJECT_IDS_MAX,
  WorkflowInput,
  WorkflowStepDetail,
  WorkStep,
} from './taskShapes';

/** The task routes and what they are asked; the words and answers are in ./taskShapes.ts. */
export * from './taskShapes';

const closed = { additionalProperties: false } as const;

/** Free text: any characters but NUL (which PostgreSQL text cannot hold), line breaks included. */
const freeText = (maxLength: number) => FreeText(maxLength);
const Description = freeText(1024);

/** Keyset paging: only ids above `afterId`; `page` then counts from there. */
export const KeysetQuery = {
  ...PageQuery,
  afterId: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647 })),
};
/** The filters of the task subject lists. */
const subjectFilters = {
  workflowId: Type.Optional(Id),
  state: Type.Optional(TaskSubjectState),
  holderId: Type.Optional(Id),
  /** true: only those sent back by a review and not yet done */
  rework: Type.Optional(Type.Boolean()),
  dataId: Type.Optional(Id),
};

// Request shapes. Every call on a task names its project, which the access check reads; a task
// of another project answers 404 task.notFound.
const InProject = { projectId: Id };
const TaskIdParams = Type.Object({ id: Id });
const ProjectQuery = Type.Object(InProject, closed);

export const TaskCreateBody = Type.Object(
  {
    ...InProject,
    name: TaskName,
    description: Type.Optional(Description),
    batchIds: Type.Optional(Type.Array(Id, { maxItems: 1000 })),
    subjectIds: Type.Optional(Type.Array(Id, { maxItems: TASK_SUBJECT_IDS_MAX })),
    config: Type.Optional(TaskConfig),
    workflow: WorkflowInput,
  },
  closed,
);
export type TaskCreateBody = Static<typeof TaskCreateBody>;
export const TaskBatchBody = Type.Object({ ...InProject, taskId: Id, batchIds: Type.Array(Id, { minItems: 1, maxItems: 1000 }) }, closed);
export const TaskWorkListBody = Type.Object({ ...PageQuery, projectId: Type.Optional(Id) }, closed);
export const TaskUpdateBody = Type.Object(
  { ...InProject, name: Type.Optional(TaskName), description: Type.Optional(Description), status: Type.Optional(TaskStatus), config: Type.Optional(TaskConfig) },
  { ...closed, minProperties: 2 },
);
export type TaskUpdateBody = Static<typeof TaskUpdateBody>;
export const TaskCloneBody = Type.Object({ ...InProject, name: TaskName }, closed);
export const TaskConfigBody = Type.Object({ ...InProject, config: TaskConfig }, closed);
export const TaskSubjectsBody = Type.Object({ ...InProject, subjectIds: Type.Array(Id, { minItems: 1, maxItems: TASK_SUBJECT_IDS_MAX }) }, closed);
export const TaskImportBody = Type.Object({ ...InProject, dataIds: Type.Array(Id, { minItems: 1, maxItems: TASK_SUBJECT_IDS_MAX }) }, closed);
export const TaskSubjectRemoveQuery = Type.Object({ ...InProject, taskSubjectIds: Type.Array(Id, { minItems: 1, maxItems: 1000 }) }, closed);
export const TaskStepCountQuery = Type.Object({ ...InProject, workflowId: Id }, closed);
export const TaskSubjectListQuery = Type.Object({ ...InProject, ...subjectFilters, ...KeysetQuery }, closed);
export type TaskSubjectListQuery = Static<typeof TaskSubjectListQuery>;
export const TaskSubjectIdListQuery = Type.Object({ ...InProject, ...subjectFilters }, closed);
export const TaskSubjectOpenQuery = Type.Object({ ...InProject, taskSubjectId: Id, type: Type.Optional(StepType) }, closed);
export const TaskWorkerQuery = Type.Object({ ...InProject, type: Type.Optional(StepType) }, closed);
export const TaskMoveBody = Type.Object(
  { ...InProject, workflowId: Id, taskSubjectIds: Type.Array(Id, { minItems: 1, maxItems: 1000 }), reason: Type.Optional(freeText(512)) },
  closed,
);
export const ProjectTaskListQuery = Type.Object({ ...PageQuery, name: Type.Optional(plainText(128)), status: Type.Optional(TaskStatus) }, closed);

const on = projectIdRule;
const base = { tag: 'Task', auth: true } as const;
const byId = { ...base, params: TaskIdParams };

/**
 * The Task routes of the spec's section 7 and the project's task calls. Task subjects move
 * between states through the task-subject routes; here they are created, listed, counted,
 * removed and moved between steps by a manager.
 */
export const taskRoutes = {
  create: defineRoute({
    ...base, method: 'POST', path: '/task', access: on('project.task.manage', 'body'),
    summary: 'Create a task with its steps and a pending task subject at the first step for each subject of the batches and ids given.',
    body: TaskCreateBody, data: TaskDetail,
  }),
  addBatches: defineRoute({
    ...base, method: 'POST', path: '/task/batch', access: on('project.task.manage', 'body'),
    summary: 'Add the subjects of batches to a task; subjects already in it are skipped.',
    body: TaskBatchBody, data: TaskSubjectsAdded,
  }),
  workList: defineRoute({
    ...base, method: 'POST', path: '/task/work/list',
    summary: 'The caller\'s open tasks (in every project they may still work in, or one), with per-step counts of what they can claim and hold.',
    body: TaskWorkListBody, data: Page(TaskWork),
  }),
  get: defineRoute({
    ...byId, method: 'GET', path: '/task/:id', access: on('project.read', 'query'),
    summary: 'One task with its steps and progress.',
    querystring: ProjectQuery, data: TaskDetail,
  }),
  update: defineRoute({
    ...byId, method: 'PUT', path: '/task/:id', access: on('project.task.manage', 'body'),
    summary: 'Rename, describe, open or close a task, or replace its configuration.',
    body: TaskUpdateBody, data: TaskDetail,
  }),
  remove: defineRoute({
    ...byId, method: 'DELETE', path: '/task/:id', access: on('project.task.manage', 'query'),
    summary: 'Delete a task with its steps, task subjects, their logs and annotations.',
    querystring: ProjectQuery, data: Type.Null(),
  }),
  menu: defineRoute({
    ...byId, method: 'GET', path: '/task/:id/annotate/menu/list', access: on('project.task.work', 'query'),
    summary: 'The steps of the task the caller is a member of, with what waits there and what they hold.',
    querystring: ProjectQuery, data: Type.Array(WorkStep),
  }),
  annotateSubject: defineRoute({
    ...byId, method: 'GET', path: '/task/:id/annotate/subject', access: on('project.task.work', 'query'),
    summary: 'One task subject with its subject\'s frames, for the workspace; `type` must be its step\'s type when given.',
    querystring: TaskSubjectOpenQuery, data: TaskSubjectOpen,
  }),
  bootState: defineRoute({
    ...byId, method: 'GET', path: '/task/:id/boot/state', access: on('project.read', 'query'),
    summary: 'Whether the task can be worked on: steps with members, subjects, ontology features, open; and what is missing.',
    querystring: ProjectQuery, data: TaskBootState,
  }),
  clone: defineRoute({
    ...byId, method: 'POST', path: '/task/:id/cloneTask', access: on('project.task.manage', 'body'),
    summary: 'A new task with the same description, configuration, steps and members, without subjects.',
    body: TaskCloneBody, data: TaskDetail,
  }),
  configurableWorkflow: defineRoute({
    ...byId, method: 'GET', path: '/task/:id/configurable/workflow', access: on('project.read', 'query'),
    summary: 'The task\'s steps as an editable definition, each saying whether it can be removed.',
    querystring: ProjectQuery, data: ConfigurableWorkflow,
  }),
  getConfig: defineRoute({
    ...byId, method: 'GET', path: '/task/:id/configuration', access: on('project.read', 'query'),
    summary: 'The task\'s configuration object.',
    querystring: ProjectQuery, data: TaskConfig,
  }),
  putConfig: defineRoute({
    ...byId, method: 'PUT', path: '/task/:id/configuration', access: on('project.task.manage', 'body'),
    summary: 'Replace the task\'s configuration object (at most 64 KB as JSON).',
    body: TaskConfigBody, data: TaskConfig,
  }),
  overview: defineRoute({
    ...byId, method: 'GET', path: '/task/:id/overview', access: on('project.read', 'query'),
    summary: 'Counts by step and state, done, rework, and what each holder has in hand.',
    querystring: ProjectQuery, data: TaskOverview,
  }),
  addSubjects: defineRoute({
    ...byId, method: 'POST', path: '/task/:id/subject', access: on('project.task.manage', 'body'),
    summary: 'Add subjects of the project by id (all must exist, 404 otherwise); those already in the task are skipped.',
    body: TaskSubjectsBody, data: TaskSubjectsAdded,
  }),
  removeSubjects: defineRoute({
    ...byId, method: 'DELETE', path: '/task/:id/subject', access: on('project.task.manage', 'query'),
    summary: 'Remove task subjects that are not done, all or nothing; a vendor member managing the project removes waiting items and their own vendor team\'s members\' work only (403 task.vendorMemberOnly).',
    querystring: TaskSubjectRemoveQuery, data: Type.Null(),
  }),
  countAtStep: defineRoute({
    ...byId, method: 'GET', path: '/task/:id/subject/count/v2', access: on('project.read', 'query'),
    summary: 'Counts by state of the task subjects at one step.',
    querystring: TaskStepCountQuery, data: StepCounts,
  }),
  subjectIds: defineRoute({
    ...byId, method: 'GET', path: '/task/:id/subject/id/list', access: on('project.read', 'query'),
    summary: 'Ids of the task subjects matching the filters, in order, at most 10,000, for bulk operations.',
    querystring: TaskSubjectIdListQuery, data: Type.Object({ ids: Type.Array(Type.Integer()), truncated: Type.Boolean() }),
  }),
  importSubjects: defineRoute({
    ...byId, method: 'POST', path: '/task/:id/subject/import', access: on('project.task.manage', 'body'),
    summary: 'Add subjects by dataId, reporting the dataIds the project does not have instead of failing.',
    body: TaskImportBody, data: TaskSubjectsAdded,
  }),
  subjectList: defineRoute({
    ...byId, method: 'GET', path: '/task/:id/subject/list', access: on('project.read', 'query'),
    summary: 'Task subjects in id order, filtered by step, state, holder, rework, dataId; keyset paging with afterId.',
    querystring: TaskSubjectListQuery, data: TaskSubjectPage,
  }),
  subjectListV2: defineRoute({
    ...byId, method: 'GET', path: '/task/:id/subject/v2', access: on('project.read', 'query'),
    summary: 'The task subject list with subject names and first frames.',
    querystring: TaskSubjectListQuery, data: TaskSubjectViewPage,
  }),
  worker: defineRoute({
    ...byId, method: 'GET', path: '/task/:id/worker', access: on('project.read', 'query'),
    summary: 'The members of each step, of one type when given.',
    querystring: TaskWorkerQuery, data: Type.Array(WorkflowStepDetail),
  }),
  workflow: defineRoute({
    ...byId, method: 'GET', path: '/task/:id/workflow', access: on('project.read', 'query'),
    summary: 'The task\'s steps in order, with their members.',
    querystring: ProjectQuery, data: Type.Array(WorkflowStepDetail),
  }),
  changeWorkflow: defineRoute({
    ...base, method: 'POST', path: '/task/:taskId/subject/change/workflow', access: on('project.task.dispatch', 'body'),
    summary: 'Move task subjects to another step of the task, pending there; each move is logged. All or nothing; a vendor team\'s manager moves waiting items and their own team\'s members\' work only (403 task.vendorMemberOnly).',
    params: Type.Object({ taskId: Id }), body: TaskMoveBody, data: Type.Object({ moved: Type.Integer() }),
  }),
  subjectWork: defineRoute({
    ...base, method: 'GET', path: '/task/:taskId/subject/work/:taskSubjectId', access: on('project.task.work', 'query'),
    summary: 'A task subject with its step and the actions the caller may take on it now.',
    params: Type.Object({ taskId: Id, taskSubjectId: Id }), querystring: ProjectQuery, data: TaskSubjectWork,
  }),
  projectTasks: defineRoute({
    ...base, method: 'GET', path: '/project/:projectId/task', access: on('project.read', 'params'),
    summary: 'The project\'s tasks, newest first, with their progress.',
    params: Type.Object({ projectId: Id }), querystring: ProjectTaskListQuery, data: Page(TaskSummary),
  }),
  projectTaskIds: defineRoute({
    ...base, method: 'GET', path: '/project/:projectId/task/id', access: on('project.read', 'params'),
    summary: 'Ids and names of the project\'s tasks (at most 1,000), newest first, for pickers.',
    params: Type.Object({ projectId: Id }), data: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), status: TaskStatus })),
  }),
  projectWorkTasks: defineRoute({
    ...base, method: 'GET', path: '/project/:projectId/tasks', access: on('project.task.work', 'params'),
    summary: 'The project\'s open tasks the caller is a step member of, with what they can claim and hold.',
    params: Type.Object({ projectId: Id }), data: Type.Array(TaskWork),
  }),
} as const;
