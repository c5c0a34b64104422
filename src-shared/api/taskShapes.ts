import { Type, type Static } from 'typebox';
import { Id } from './envelope';
import { SubjectDetail, SubjectRecordType, SubjectThumbnail, plainName } from './subject';
import { STEP_TYPES, TASK_SUBJECT_ACTIONS, TASK_SUBJECT_STATES } from '../model/taskSubjectFlow';
import { literals } from '../model/literals';
import { FreeJsonObject } from '../model/textFields';

/**
 * The words of tasks and what the server answers about them: limits, step types, states and
 * actions, tasks, workflow steps (as defined and as stored), task subjects, their counts and
 * the caller's work. The requests and the routes are in ./task.ts, which exports these too.
 */

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
export const TaskConfig = FreeJsonObject();
export type TaskConfig = Static<typeof TaskConfig>;

export const TaskName = plainName(128);
export const StepName = plainName(64);
const MemberIds = Type.Array(Id, { maxItems: TASK_MAX_STEP_MEMBERS });

/** One step as a client defines it; without a name it is stored unnamed ("") and clients show their own default from type and position. */
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
  name: Type.String({ description: 'the name a user gave the step; empty when never named (show a default from type and stepIndex in the reader\'s language)' }),
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
  /**
   * of those held, how many are leased in open work packages of the caller: a new package
   * leaves them out, and takes at most the project's packageSize minus these (the lease cap)
   */
  leased: Type.Integer(),
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
