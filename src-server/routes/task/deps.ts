import type { ServerContext } from '../../context';
import { AppError } from '../../errors';
import { TasksRepository, type TaskRow } from '../../repositories/tasks';
import { WorkflowsRepository, type WorkflowRow } from '../../repositories/workflows';
import { TaskSubjectsRepository, type TaskSubjectRow } from '../../repositories/taskSubjects';
import { room } from '../../../src-shared/api/realtime';
import type { RealtimeEvents } from '../../../src-shared/api/realtime';
import type { StepType, TaskConfig, TaskDetail, TaskStatus, WorkflowStep, WorkflowStepDetail } from '../../../src-shared/api/task';

/** What the task and workflow route files work with: the context and the work repositories. */
export interface TaskDeps {
  ctx: ServerContext;
  tasks: TasksRepository;
  workflows: WorkflowsRepository;
  taskSubjects: TaskSubjectsRepository;
}

export function taskDeps(ctx: ServerContext): TaskDeps {
  return { ctx, tasks: new TasksRepository(ctx.db), workflows: new WorkflowsRepository(ctx.db), taskSubjects: new TaskSubjectsRepository(ctx.db) };
}

/** Ids once each, in first-seen order. */
export const uniqueIds = (ids: readonly number[]): number[] => [...new Set(ids)];

/** The task of the project, or 404: a task of another project is not found, whoever asks. */
export async function taskOr404(tasks: TasksRepository, projectId: number, id: number): Promise<TaskRow> {
  const task = await tasks.find(projectId, id);
  if (!task) throw new AppError('task.notFound', { taskId: id });
  return task;
}

/** The step of the project, or 404. */
export async function stepOr404(workflows: WorkflowsRepository, projectId: number, id: number, type?: StepType): Promise<WorkflowRow> {
  const step = await workflows.find(projectId, id);
  // A type that is not the step's is "no such step of that type" (the spec's calls name both).
  if (!step || (type !== undefined && step.type !== type)) throw new AppError('workflow.notFound', { workflowId: id });
  return step;
}

/** The task subject of the task, or 404 naming it. */
export async function taskSubjectOr404(taskSubjects: TaskSubjectsRepository, taskId: number, id: number): Promise<TaskSubjectRow> {
  const ts = await taskSubjects.find(taskId, id);
  if (!ts) throw new AppError('task.subjectNotFound', { taskSubjectIds: [id] });
  return ts;
}

/** Stored configuration text, read back; anything unreadable reads as empty. */
export function parseConfig(text: string): TaskConfig {
  try {
    const v: unknown = JSON.parse(text);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as TaskConfig) : {};
  } catch {
    return {};
  }
}

const CONFIG_MAX_BYTES = 64 * 1024;
/** Configuration as stored text, or 400 when it is over 64 KB. */
export function configText(config: TaskConfig, tooLarge: 'task.configTooLarge' | 'workflow.configTooLarge'): string {
  const text = JSON.stringify(config);
  if (Buffer.byteLength(text, 'utf8') > CONFIG_MAX_BYTES) throw new AppError(tooLarge, { maxBytes: CONFIG_MAX_BYTES });
  return text;
}

export const toStep = (r: WorkflowRow, memberIds: number[]): WorkflowStep => ({
  workflowId: r.id,
  taskId: r.task_id,
  projectId: r.project_id,
  stepIndex: r.step_index,
  type: r.type as StepType,
  name: r.name,
  config: parseConfig(r.config),
  memberIds,
  createdAt: Number(r.created_at),
});

/** Steps with their member ids. */
export async function stepsWithMemberIds(workflows: WorkflowsRepository, rows: readonly WorkflowRow[]): Promise<WorkflowStep[]> {
  const ids = await workflows.memberIds(rows.map((r) => r.id));
  return rows.map((r) => toStep(r, ids.get(r.id) ?? []));
}

/** Steps with their members' names. */
export async function stepDetails(workflows: WorkflowsRepository, rows: readonly WorkflowRow[]): Promise<WorkflowStepDetail[]> {
  const members = await workflows.members(rows.map((r) => r.id));
  return rows.map((r) => {
    const m = members.get(r.id) ?? [];
    return { ...toStep(r, m.map((x) => x.userId)), members: m };
  });
}

/** A task as its page shows it: configuration, steps with member ids, progress. */
export async function taskDetail(d: TaskDeps, task: TaskRow): Promise<TaskDetail> {
  const [steps, progress] = await Promise.all([d.workflows.stepsOf(task.id), d.taskSubjects.progress([task.id])]);
  return {
    id: task.id,
    projectId: task.project_id,
    name: task.name,
    description: task.description,
    status: task.status as TaskStatus,
    createdBy: task.created_by,
    createdAt: Number(task.created_at),
    updatedAt: Number(task.updated_at),
    config: parseConfig(task.config),
    steps: await stepsWithMemberIds(d.workflows, steps),
    progress: progress.get(task.id)!,
  };
}

/** Tells the task's and the project's rooms, so open task pages and lists refresh themselves. */
export async function announce(ctx: ServerContext, task: { id: number; projectId: number }, change: RealtimeEvents['task.changed']['change']): Promise<void> {
  const payload = { taskId: task.id, projectId: task.projectId, change };
  await ctx.realtime.publish(room('task', task.id), 'task.changed', payload);
  await ctx.realtime.publish(room('project', task.projectId), 'task.changed', payload);
}
