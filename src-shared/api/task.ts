import { Type, type Static } from 'typebox';
import { defineRoute } from './route';
import { Id, Page, PageQuery } from './envelope';
import { SubjectDetail, SubjectRecordType, SubjectThumbnail, plainName, plainText } from './subject';
import { STEP_TYPES, TASK_SUBJECT_ACTIONS, TASK_SUBJECT_STATES } from '../model/taskSubjectFlow';
import { projectIdRule } from '../model/permissions';
import { literals } from '../model/literals';

const closed = { additionalProperties: false } as const;

/** Limits that keep lists of tasks and steps small enough to answer as plain arrays. */
export const TASK_MAX_PER_PROJECT = 1000;
export const TASK_MAX_STEPS = 20;
export const TASK_MAX_STEP_MEMBERS = 500;
/** Ids per call that adds, removes or moves task subjects by id. */
export const TASK_SUBJECT_IDS_MAX = 10_000;
/** At most this many ids from GET /task/{id}/subject/id/list; `truncated` says when more match. */
export const TASK_SUBJECT_ID_LIST_MAX = 10_000;
/** Task and step configuration: any JSON object of at most this many bytes serialized. */
export const TASK_CONFIG_MAX_BYTES = 64 * 1024;

export const StepType = literals(STEP_TYPES);
export type StepType = Static<typeof StepType>;
export const TaskSubjectState = literals(TASK_SUBJECT_STATES);
export const TaskSubjectAction = literals(TASK_SUBJECT_ACTIONS);
export const TaskStatus = literals(['open', 'closed'] as const);
export type TaskStatus = Static<typeof TaskStatus>;
export const TaskConfig = Type.Record(Type.String(), Type.Unknown());
export type TaskConfig = Static<typeof TaskConfig>;

export const TaskName = plainName(128);
export const StepName = plainName(64);
/** Free text: any characters but NUL (which PostgreSQL text cannot hold), line breaks included. */
const freeText = (maxLength: number) => Type.String({ maxLength, pattern: '^[^\\x00]*$' });
const Description = freeText(1024);
const MemberIds = Type.Array(Id, { maxItems: TASK_MAX_STEP_MEMBERS });

/** One step as a client defines it; the name defaults to its type and position ("review 2"). */
export const StepInput = Type.Object(
  { type: StepType, name: Type.Optional(StepName), memberIds: MemberIds, config: Type.Optional(TaskConfig) },
  closed,
);
export type StepInput = Static<typeof StepInput>;
/** The steps of a task in order: the first annotates (a review needs work before it to review). */
export const WorkflowInput = Type.Object({ steps: Type.Array(StepInput, { minItems: 1, maxItems: TASK_MAX_STEPS }) }, closed);

/** One step of a task's workflow; workflowId is the spec's workflowId. */
export const WorkflowStep = Type.Object({
  workflowId: Type.Integer(),
  taskId: Type.Integer(),
  projectId: Type.Integer(),
  stepIndex: Type.Integer(),
  type: StepType,
  name: Type.String(),
  config: TaskConfig,
  memberIds: Type.Array(Type.Integer()),
  createdAt: Type.Integer(),
});
export type WorkflowStep = Static<typeof WorkflowStep>;
export const StepMember = Type.Object({ userId: Type.Integer(), name: Type.String(), avatar: Type.Union([Type.String(), Type.Null()]) });
export type StepMember = Static<typeof StepMember>;
/** A step with its members' names. */
export const WorkflowStepDetail = Type.Object({ ...WorkflowStep.properties, members: Type.Array(StepMember) });
export type WorkflowStepDetail = Static<typeof WorkflowStepDetail>;

/** How many task subjects: all, done, and sent back (rework) not yet done. */
export const TaskProgress = Type.Object({ total: Type.Integer(), done: Type.Integer(), rework: Type.Integer() });
export type TaskProgress = Static<typeof TaskProgress>;

const taskFields = {
  id: Type.Integer(),
  projectId: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  status: TaskStatus,
  createdBy: Type.Integer(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
};
/** A task as lists show it. */
export const TaskSummary = Type.Object({ ...taskFields, stepCount: Type.Integer(), progress: TaskProgress });
export type TaskSummary = Static<typeof TaskSummary>;
/** A task with its configuration and steps. */
export const TaskDetail = Type.Object({ ...taskFields, config: TaskConfig, steps: Type.Array(WorkflowStep), progress: TaskProgress });
export type TaskDetail = Static<typeof TaskDetail>;

/** One task subject: a subject (dataId) at one step in one state (src-shared/model/taskSubjectFlow.ts). */
export const TaskSubjectItem = Type.Object({
  taskSubjectId: Type.Integer(),
  taskId: Type.Integer(),
  dataId: Type.Integer(),
  workflowId: Type.Integer(),
  stepIndex: Type.Integer(),
  state: TaskSubjectState,
  holderId: Type.Union([Type.Integer(), Type.Null()]),
  rework: Type.Boolean(),
  version: Type.Integer(),
  claimedAt: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type TaskSubjectItem = Static<typeof TaskSubjectItem>;
/** A task subject with its subject's name and first frame, for grids of thumbnails. */
export const TaskSubjectView = Type.Object({
  ...TaskSubjectItem.properties,
  name: Type.String(),
  recordType: SubjectRecordType,
  frameCount: Type.Integer(),
  firstFrame: Type.Union([SubjectThumbnail, Type.Null()]),
});
export type TaskSubjectView = Static<typeof TaskSubjectView>;

/** A page in taskSubjectId order; `nextAfterId` continues it (null: no more). No total: see subject/count/v2. */
const KeysetPage = <T extends ReturnType<typeof Type.Object>>(item: T) =>
  Type.Object({ list: Type.Array(item), page: Type.Integer({ minimum: 1 }), pageSize: Type.Integer({ minimum: 1 }), nextAfterId: Type.Union([Type.Integer(), Type.Null()]) });
export const TaskSubjectPage = KeysetPage(TaskSubjectItem);
export type TaskSubjectPage = Static<typeof TaskSubjectPage>;
export const TaskSubjectViewPage = KeysetPage(TaskSubjectView);
export type TaskSubjectViewPage = Static<typeof TaskSubjectViewPage>;

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

/** Per state, how many task subjects. */
export const StateCounts = Type.Object({
  pending: Type.Integer(),
  claimed: Type.Integer(),
  inProgress: Type.Integer(),
  skipped: Type.Integer(),
  done: Type.Integer(),
});
export type StateCounts = Static<typeof StateCounts>;
/** One step's counts: by state, and how many of them are rework. */
export const StepCounts = Type.Object({
  workflowId: Type.Integer(),
  stepIndex: Type.Integer(),
  type: StepType,
  name: Type.String(),
  total: Type.Integer(),
  rework: Type.Integer(),
  states: StateCounts,
});
export type StepCounts = Static<typeof StepCounts>;
export const TaskOverview = Type.Object({
  taskId: Type.Integer(),
  progress: TaskProgress,
  steps: Type.Array(StepCounts),
  /** what each holder has in hand, most first */
  members: Type.Array(Type.Object({ userId: Type.Integer(), name: Type.String(), claimed: Type.Integer(), inProgress: Type.Integer(), skipped: Type.Integer() })),
});
export type TaskOverview = Static<typeof TaskOverview>;

/** A step the caller works at: what they could claim there and what they hold. */
export const WorkStep = Type.Object({
  workflowId: Type.Integer(),
  stepIndex: Type.Integer(),
  type: StepType,
  name: Type.String(),
  /** waiting in the step's queue */
  pending: Type.Integer(),
  /** claimed or in progress by the caller */
  held: Type.Integer(),
  /** set aside by the caller, waiting for a manager */
  skipped: Type.Integer(),
  /** of those held, how many came back from a review */
  rework: Type.Integer(),
});
export type WorkStep = Static<typeof WorkStep>;
/** A task in the caller's work queue, with the steps they are a member of. */
export const TaskWork = Type.Object({
  taskId: Type.Integer(),
  projectId: Type.Integer(),
  projectName: Type.String(),
  name: Type.String(),
  status: TaskStatus,
  steps: Type.Array(WorkStep),
});
export type TaskWork = Static<typeof TaskWork>;

/** What adding subjects did. */
export const TaskSubjectsAdded = Type.Object({
  taskId: Type.Integer(),
  added: Type.Integer(),
  /** task subjects the task has now */
  total: Type.Integer(),
  /** import only: dataIds that are not subjects of the project */
  notFound: Type.Array(Type.Integer()),
});
export type TaskSubjectsAdded = Static<typeof TaskSubjectsAdded>;

/** Whether a task can be worked on, and what is missing. */
export const TaskBootState = Type.Object({
  taskId: Type.Integer(),
  ready: Type.Boolean(),
  missing: Type.Array(literals(['steps', 'members', 'subjects', 'ontology', 'open'] as const)),
  stepCount: Type.Integer(),
  /** steps nobody is a member of */
  stepsWithoutMembers: Type.Array(Type.Integer()),
  subjectCount: Type.Integer(),
  featureCount: Type.Integer(),
});
export type TaskBootState = Static<typeof TaskBootState>;

/** The steps as an editable definition; `removable`: no task subject is at it. */
export const ConfigurableWorkflow = Type.Object({
  taskId: Type.Integer(),
  steps: Type.Array(Type.Object({ ...StepInput.properties, workflowId: Type.Integer(), name: Type.String(), config: TaskConfig, removable: Type.Boolean() })),
});

/** Where a task subject is, what the caller may do with it. */
export const TaskSubjectWork = Type.Object({
  taskSubject: TaskSubjectItem,
  step: WorkflowStep,
  stepCount: Type.Integer(),
  /** the caller is a member of its current step */
  member: Type.Boolean(),
  availableActions: Type.Array(TaskSubjectAction),
});
export type TaskSubjectWork = Static<typeof TaskSubjectWork>;
/** A task subject opened in the workspace: where it is, and its subject with every frame. */
export const TaskSubjectOpen = Type.Object({ taskSubject: TaskSubjectItem, step: WorkflowStep, subject: SubjectDetail });
export type TaskSubjectOpen = Static<typeof TaskSubjectOpen>;

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
    summary: 'Remove task subjects that are not done, all or nothing.',
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
    summary: 'Move task subjects to another step of the task, pending there; each move is logged. All or nothing.',
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
