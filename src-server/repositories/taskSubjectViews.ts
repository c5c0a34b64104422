import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../database/schema';
import type { TaskSubjectLogsTable } from '../database/taskSchema';
import type { ListDetailQuery, TaskSubjectCard, TaskSubjectLatest, TaskSubjectLogEntry } from '../../src-shared/api/taskSubject';
import type { PageOf } from '../../src-shared/api/envelope';
import type { StepType, TaskSubjectState } from '../../src-shared/model/taskSubjectFlow';
import type { TaskSubjectRow } from './taskSubjectFlow';
import type { TaskStep } from './taskSteps';

/** The item fields of a task subject row, as the task routes answer them too. */
export const itemOf = (r: TaskSubjectRow) => ({
  taskSubjectId: r.id,
  taskId: r.task_id,
  dataId: r.subject_id,
  workflowId: r.workflow_id,
  stepIndex: r.step_index,
  state: r.state as TaskSubjectState,
  holderId: r.holder_id,
  rework: r.rework === 1,
  version: r.version,
  claimedAt: r.claimed_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

type LogRow = Selectable<TaskSubjectLogsTable> & { user_name: string };
const logEntryOf = (r: LogRow): TaskSubjectLogEntry => ({
  id: r.id,
  taskSubjectId: r.task_subject_id,
  taskId: r.task_id,
  workflowId: r.workflow_id,
  stepIndex: r.step_index,
  userId: r.user_id,
  userName: r.user_name,
  action: r.action,
  fromState: r.from_state,
  toState: r.to_state,
  activeMs: Number(r.active_ms),
  objectCount: r.object_count,
  reason: r.reason,
  rejectReasonIds: JSON.parse(r.reject_reason_ids) as number[],
  createdAt: Number(r.created_at),
});

/** Task subjects as the task-subject routes answer them: cards, lists with their latest log row, logs. */
export class TaskSubjectViewsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async row(id: number): Promise<TaskSubjectRow | undefined> {
    return this.db.selectFrom('task_subjects').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A task subject row with its step type (from `steps` when the caller has them), record type and frame ids. */
  async card(row: TaskSubjectRow, steps?: readonly TaskStep[]): Promise<TaskSubjectCard> {
    const known = steps?.[row.step_index];
    const [frames, stepType] = await Promise.all([
      // One query for the subject's record type and its frames in order.
      this.db
        .selectFrom('subjects')
        .leftJoin('subject_frames', 'subject_frames.subject_id', 'subjects.id')
        .select(['subjects.record_type', 'subject_frames.id'])
        .where('subjects.id', '=', row.subject_id)
        .orderBy('subject_frames.frame_index')
        .execute(),
      known ? known.type : this.db.selectFrom('workflows').select('type').where('id', '=', row.workflow_id).executeTakeFirst().then((w) => (w?.type ?? 'annotate') as StepType),
    ]);
    return {
      ...itemOf(row),
      projectId: row.project_id,
      stepType,
      recordType: frames[0]?.record_type ?? 'image',
      frameIds: frames.flatMap((f) => (f.id === null ? [] : [f.id])),
    };
  }

  private logQuery() {
    return this.db
      .selectFrom('task_subject_logs')
      .innerJoin('users', 'users.id', 'task_subject_logs.user_id')
      .selectAll('task_subject_logs')
      .select('users.name as user_name');
  }

  async logEntry(id: number): Promise<TaskSubjectLogEntry | undefined> {
    const r = await this.logQuery().where('task_subject_logs.id', '=', id).executeTakeFirst();
    return r && logEntryOf(r);
  }

  /** A task subject's log, newest first. */
  async log(taskSubjectId: number, page: number, pageSize: number): Promise<PageOf<TaskSubjectLogEntry>> {
    const [rows, total] = await Promise.all([
      this.logQuery()
        .where('task_subject_logs.task_subject_id', '=', taskSubjectId)
        .orderBy('task_subject_logs.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      this.db.selectFrom('task_subject_logs').select((eb) => eb.fn.countAll<number>().as('n')).where('task_subject_id', '=', taskSubjectId).executeTakeFirstOrThrow(),
    ]);
    return { list: rows.map(logEntryOf), total: Number(total.n), page, pageSize };
  }

  /** Task subjects of a task in id order with filters, each with its latest log row. */
  async listDetail(q: ListDetailQuery): Promise<PageOf<TaskSubjectLatest>> {
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? 20;
    let base = this.db.selectFrom('task_subjects').where('task_subjects.task_id', '=', q.taskId);
    if (q.workflowId !== undefined) base = base.where('task_subjects.workflow_id', '=', q.workflowId);
    if (q.state !== undefined) base = base.where('task_subjects.state', '=', q.state);
    if (q.holderId !== undefined) base = base.where('task_subjects.holder_id', '=', q.holderId);
    if (q.rework !== undefined) base = base.where('task_subjects.rework', '=', q.rework ? 1 : 0);
    const [rows, total] = await Promise.all([
      base
        .innerJoin('workflows', 'workflows.id', 'task_subjects.workflow_id')
        .innerJoin('subjects', 'subjects.id', 'task_subjects.subject_id')
        .selectAll('task_subjects')
        .select(['workflows.type as step_type', 'subjects.name as subject_name'])
        .orderBy('task_subjects.id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const latest = await this.latestLogs(rows.map((r) => r.id));
    return {
      list: rows.map((r) => ({ ...itemOf(r), stepType: r.step_type as StepType, subjectName: r.subject_name, lastLog: latest.get(r.id) ?? null })),
      total: Number(total.n),
      page,
      pageSize,
    };
  }

  /** The newest log row of each task subject (by the (task_subject_id, id) index). */
  private async latestLogs(ids: readonly number[]): Promise<Map<number, TaskSubjectLogEntry>> {
    if (ids.length === 0) return new Map();
    const newest = this.db
      .selectFrom('task_subject_logs')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('task_subject_id', 'in', ids)
      .groupBy('task_subject_id');
    const rows = await this.logQuery().where('task_subject_logs.id', 'in', newest).execute();
    return new Map(rows.map((r) => [r.task_subject_id, logEntryOf(r)]));
  }
}
