import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../database/schema';
import type { TaskSubjectsTable } from '../database/taskSchema';
import type { TaskProgress, TaskSubjectItem, TaskSubjectPage, TaskSubjectView } from '../../src-shared/api/task';
import type { SubjectRecordType } from '../../src-shared/api/subject';
import type { TaskSubjectState } from '../../src-shared/model/taskSubjectFlow';

export type TaskSubjectRow = Selectable<TaskSubjectsTable>;

export const toTaskSubjectItem = (r: TaskSubjectRow): TaskSubjectItem => ({
  taskSubjectId: r.id,
  taskId: r.task_id,
  dataId: r.subject_id,
  workflowId: r.workflow_id,
  stepIndex: r.step_index,
  state: r.state as TaskSubjectState,
  holderId: r.holder_id,
  rework: Number(r.rework) === 1,
  version: r.version,
  claimedAt: r.claimed_at === null ? null : Number(r.claimed_at),
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

/** What the task subject lists narrow by; the task is known to be the caller's project's. */
export interface TaskSubjectFilters {
  taskId: number;
  workflowId?: number;
  state?: TaskSubjectState;
  holderId?: number;
  rework?: boolean;
  dataId?: number;
}

/** Where new task subjects come from: subjects of these batches and these ids, of the task's project. */
export interface SubjectSource {
  batchIds?: readonly number[];
  subjectIds?: readonly number[];
}

/** A literal for a server-made integer inside INSERT ... SELECT (a bound parameter there has no type in PostgreSQL). */
const intLit = (n: number) => {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
  return sql.lit(n);
};

/**
 * Task subjects: creating them in bulk, listing and counting them. Single transitions belong
 * to the task-subject routes. Every list walks an index in id order: (task_id, id) for a task,
 * (workflow_id, state, id) for a step's queue, (holder_id, state, task_id) for what someone holds.
 */
export class TaskSubjectsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Adds the source's subjects to the task, pending at its first step, in one INSERT ... SELECT
   * (100,000 subjects take about a second, never a round trip each). Subjects already in the
   * task are skipped by its unique (task_id, subject_id). Answers how many were added.
   */
  async add(task: { id: number; projectId: number; firstWorkflowId: number }, source: SubjectSource, now: number): Promise<number> {
    const batchIds = source.batchIds ?? [];
    const subjectIds = source.subjectIds ?? [];
    if (batchIds.length === 0 && subjectIds.length === 0) return 0;
    const select = this.db
      .selectFrom('subjects as s')
      .select([
        sql<number>`${intLit(task.id)}`.as('task_id'),
        sql<number>`${intLit(task.projectId)}`.as('project_id'),
        's.id as subject_id',
        sql<number>`${intLit(task.firstWorkflowId)}`.as('workflow_id'),
        sql<number>`0`.as('step_index'),
        sql<string>`'pending'`.as('state'),
        sql<number>`0`.as('rework'),
        sql<number>`0`.as('version'),
        sql<number>`${intLit(now)}`.as('created_at'),
        sql<number>`${intLit(now)}`.as('updated_at'),
      ])
      .where('s.project_id', '=', task.projectId)
      .where((eb) => eb.or([...(batchIds.length ? [eb('s.batch_id', 'in', batchIds)] : []), ...(subjectIds.length ? [eb('s.id', 'in', subjectIds)] : [])]))
      // Task subject ids then follow the data's order, and so does the queue.
      .orderBy('s.id');
    const r = await this.db
      .insertInto('task_subjects')
      .columns(['task_id', 'project_id', 'subject_id', 'workflow_id', 'step_index', 'state', 'rework', 'version', 'created_at', 'updated_at'])
      .expression(select)
      .onConflict((oc) => oc.columns(['task_id', 'subject_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0);
  }

  async count(taskId: number): Promise<number> {
    const r = await this.db.selectFrom('task_subjects').select((eb) => eb.fn.countAll<number>().as('n')).where('task_id', '=', taskId).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async find(taskId: number, id: number): Promise<TaskSubjectRow | undefined> {
    return this.db.selectFrom('task_subjects').selectAll().where('id', '=', id).where('task_id', '=', taskId).executeTakeFirst();
  }

  /**
   * Inside a transaction: locks the task's rows among the ids (a no-op update) and reads them,
   * so nobody changes them until it commits.
   */
  async lockMany(taskId: number, ids: readonly number[]): Promise<TaskSubjectRow[]> {
    if (ids.length === 0) return [];
    await this.db.updateTable('task_subjects').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('task_id', '=', taskId).where('id', 'in', ids).execute();
    return this.db.selectFrom('task_subjects').selectAll().where('task_id', '=', taskId).where('id', 'in', ids).orderBy('id').execute();
  }

  async remove(taskId: number, ids: readonly number[]): Promise<void> {
    if (ids.length > 0) await this.db.deleteFrom('task_subjects').where('task_id', '=', taskId).where('id', 'in', ids).execute();
  }

  /** Puts task subjects at a step, pending, not held, not rework (a manager's move). */
  async moveTo(taskId: number, ids: readonly number[], step: { workflowId: number; stepIndex: number }, now: number): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('task_subjects')
      .set({ workflow_id: step.workflowId, step_index: step.stepIndex, state: 'pending', holder_id: null, rework: 0, claimed_at: null, package_id: null, updated_at: now })
      .where('task_id', '=', taskId)
      .where('id', 'in', ids)
      .execute();
  }

  /** After a step was removed: task subjects at later steps follow their step down one. */
  async shiftDown(taskId: number, afterIndex: number): Promise<void> {
    await this.db
      .updateTable('task_subjects')
      .set((eb) => ({ step_index: eb('step_index', '-', 1) }))
      .where('task_id', '=', taskId)
      .where('step_index', '>', afterIndex)
      .execute();
  }

  /** How many task subjects are at the step (any state). */
  async countAt(workflowId: number): Promise<number> {
    const r = await this.db.selectFrom('task_subjects').select((eb) => eb.fn.countAll<number>().as('n')).where('workflow_id', '=', workflowId).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** How many task subjects reached position `stepIndex` or passed it (at a later step, or done). */
  async countReached(taskId: number, stepIndex: number): Promise<number> {
    const r = await this.db
      .selectFrom('task_subjects')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('task_id', '=', taskId)
      .where((eb) => eb.or([eb('step_index', '>=', stepIndex), eb('state', '=', 'done')]))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Counts by step, state and rework flag. */
  async countsByStep(taskId: number): Promise<{ workflowId: number; state: string; rework: boolean; n: number }[]> {
    const rows = await this.db
      .selectFrom('task_subjects')
      .select(['workflow_id', 'state', 'rework', (eb) => eb.fn.countAll<number>().as('n')])
      .where('task_id', '=', taskId)
      .groupBy(['workflow_id', 'state', 'rework'])
      .execute();
    return rows.map((r) => ({ workflowId: r.workflow_id, state: r.state, rework: Number(r.rework) === 1, n: Number(r.n) }));
  }

  /** Counts at one step by state and rework flag. */
  async countsAt(workflowId: number): Promise<{ state: string; rework: boolean; n: number }[]> {
    const rows = await this.db
      .selectFrom('task_subjects')
      .select(['state', 'rework', (eb) => eb.fn.countAll<number>().as('n')])
      .where('workflow_id', '=', workflowId)
      .groupBy(['state', 'rework'])
      .execute();
    return rows.map((r) => ({ state: r.state, rework: Number(r.rework) === 1, n: Number(r.n) }));
  }

  /** What each holder has in hand in the task, by state. */
  async heldCounts(taskId: number): Promise<{ holderId: number; state: string; n: number }[]> {
    const rows = await this.db
      .selectFrom('task_subjects')
      .select(['holder_id', 'state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('task_id', '=', taskId)
      .where('holder_id', 'is not', null)
      .groupBy(['holder_id', 'state'])
      .execute();
    return rows.map((r) => ({ holderId: r.holder_id!, state: r.state, n: Number(r.n) }));
  }

  /** Total, done and rework of each task. */
  async progress(taskIds: readonly number[]): Promise<Map<number, TaskProgress>> {
    const out = new Map<number, TaskProgress>(taskIds.map((id) => [id, { total: 0, done: 0, rework: 0 }]));
    if (taskIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('task_subjects')
      .select(['task_id', 'state', 'rework', (eb) => eb.fn.countAll<number>().as('n')])
      .where('task_id', 'in', taskIds)
      .groupBy(['task_id', 'state', 'rework'])
      .execute();
    for (const r of rows) {
      const p = out.get(r.task_id)!;
      p.total += Number(r.n);
      if (r.state === 'done') p.done += Number(r.n);
      else if (Number(r.rework) === 1) p.rework += Number(r.n);
    }
    return out;
  }

  /** Pending (claimable) task subjects at each step, counted on the queue index. */
  async pendingAt(workflowIds: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>(workflowIds.map((id) => [id, 0]));
    if (workflowIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('task_subjects')
      .select(['workflow_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('workflow_id', 'in', workflowIds)
      .where('state', '=', 'pending')
      .groupBy('workflow_id')
      .execute();
    for (const r of rows) out.set(r.workflow_id, Number(r.n));
    return out;
  }

  /** What the user holds in these tasks, by step, state and rework, counted on the holder index. */
  async heldByUser(userId: number, taskIds: readonly number[]): Promise<{ workflowId: number; state: string; rework: boolean; n: number; leased: number }[]> {
    if (taskIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('task_subjects as ts')
      .leftJoin('work_packages as wp', (j) => j.onRef('wp.id', '=', 'ts.package_id').on('wp.state', '=', 'open'))
      .select(['ts.workflow_id', 'ts.state', 'ts.rework', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.count<number>('wp.id').as('leased')])
      .where('ts.holder_id', '=', userId)
      .where('ts.state', 'in', ['claimed', 'inProgress', 'skipped'])
      .where('ts.task_id', 'in', taskIds)
      .groupBy(['ts.workflow_id', 'ts.state', 'ts.rework'])
      .execute();
    return rows.map((r) => ({ workflowId: r.workflow_id, state: r.state, rework: Number(r.rework) === 1, n: Number(r.n), leased: Number(r.leased) }));
  }

  /** The task subjects matching the filters, as a query. */
  private matching(f: TaskSubjectFilters) {
    let q = this.db.selectFrom('task_subjects').where('task_id', '=', f.taskId);
    if (f.workflowId !== undefined) q = q.where('workflow_id', '=', f.workflowId);
    if (f.state !== undefined) q = q.where('state', '=', f.state);
    if (f.holderId !== undefined) q = q.where('holder_id', '=', f.holderId);
    if (f.rework !== undefined) q = q.where('rework', '=', f.rework ? 1 : 0);
    if (f.dataId !== undefined) q = q.where('subject_id', '=', f.dataId);
    return q;
  }

  /** One page in id order: after `afterId` when given, `page` counting from there. */
  async list(f: TaskSubjectFilters, p: { page: number; pageSize: number; afterId?: number }): Promise<TaskSubjectPage> {
    let q = this.matching(f);
    if (p.afterId !== undefined) q = q.where('id', '>', p.afterId);
    // One row more than the page tells whether another page follows.
    const rows = await q.selectAll().orderBy('id').limit(p.pageSize + 1).offset((p.page - 1) * p.pageSize).execute();
    const more = rows.length > p.pageSize;
    const list = rows.slice(0, p.pageSize).map(toTaskSubjectItem);
    return { list, page: p.page, pageSize: p.pageSize, nextAfterId: more ? list[list.length - 1]!.taskSubjectId : null };
  }

  /** Ids matching the filters in order, at most `max`. */
  async ids(f: TaskSubjectFilters, max: number): Promise<{ ids: number[]; truncated: boolean }> {
    const rows = await this.matching(f).select('id').orderBy('id').limit(max + 1).execute();
    return { ids: rows.slice(0, max).map((r) => r.id), truncated: rows.length > max };
  }

  /** Task subjects with their subject's name and first frame, in the order given. */
  async views(items: readonly TaskSubjectItem[]): Promise<TaskSubjectView[]> {
    if (items.length === 0) return [];
    const rows = await this.db
      .selectFrom('subjects as s')
      .leftJoin('subject_frames as f', (j) => j.onRef('f.subject_id', '=', 's.id').on('f.frame_index', '=', 0))
      .select(['s.id', 's.name', 's.record_type', 's.frame_count', 'f.id as frame_id', 'f.object_key', 'f.width', 'f.height'])
      .where('s.id', 'in', items.map((i) => i.dataId))
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return items.flatMap((i) => {
      const r = byId.get(i.dataId);
      if (!r) return [];
      const firstFrame = r.frame_id === null ? null : { frameId: r.frame_id, key: r.object_key!, width: r.width, height: r.height };
      return [{ ...i, name: r.name, recordType: r.record_type as SubjectRecordType, frameCount: r.frame_count, firstFrame }];
    });
  }

  /** The task subjects the user holds at a step, by state (bounded by what one person holds). */
  async heldAt(workflowId: number, userId: number): Promise<{ id: number; state: string }[]> {
    return this.db
      .selectFrom('task_subjects')
      .select(['id', 'state'])
      .where('holder_id', '=', userId)
      .where('workflow_id', '=', workflowId)
      .where('state', 'in', ['claimed', 'inProgress', 'skipped'])
      .orderBy('id')
      .execute();
  }

  /**
   * The last hand-over of a task subject from an earlier step by one of the actions (a submit,
   * a pass), with who did it: what a reviewer compares against.
   */
  async lastHandOver(taskSubjectId: number, actions: readonly string[], beforeStep: number) {
    return this.db
      .selectFrom('task_subject_logs as l')
      .innerJoin('users as u', 'u.id', 'l.user_id')
      .select(['l.user_id', 'u.name', 'l.action', 'l.workflow_id', 'l.step_index', 'l.active_ms', 'l.object_count', 'l.created_at'])
      .where('l.task_subject_id', '=', taskSubjectId)
      .where('l.action', 'in', actions)
      .where('l.step_index', '<', beforeStep)
      .orderBy('l.id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
