import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { DialectName } from '../database/connect';
import type { Dispatch, DispatchItem, DispatchListBody, DispatchTarget } from '../../src-shared/api/dispatch';
import type { PageOf } from '../../src-shared/api/envelope';
import type { TaskSubjectState } from '../../src-shared/model/taskSubjectFlow';
import type { TaskSubjectRow } from './taskSubjectFlow';
import { usersInReach, type Reach } from '../auth/workReach';

/** Dispatches (task subjects handed to a step member by a manager) and what became of them. */
export class DispatchesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  async create(p: { taskId: number; workflowId: number; targetUserId: number; createdBy: number; now: number }, taskSubjectIds: readonly number[]): Promise<number> {
    const d = await this.db
      .insertInto('dispatches')
      .values({ task_id: p.taskId, workflow_id: p.workflowId, target_user_id: p.targetUserId, created_by: p.createdBy, created_at: p.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < taskSubjectIds.length; i += 1000) {
      await this.db
        .insertInto('dispatch_items')
        .values(taskSubjectIds.slice(i, i + 1000).map((id) => ({ dispatch_id: d.id, task_subject_id: id })))
        .execute();
    }
    return d.id;
  }

  /** A dispatch of the task, only when it is to someone in the caller's reach (auth/workReach.ts). */
  async find(taskId: number, id: number, reach: Reach) {
    const inReach = usersInReach(this.db, reach);
    return this.db
      .selectFrom('dispatches')
      .selectAll()
      .where('id', '=', id)
      .where('task_id', '=', taskId)
      .$if(inReach !== undefined, (q) => q.where('target_user_id', 'in', inReach!))
      .executeTakeFirst();
  }

  async markCancelled(id: number, now: number): Promise<void> {
    await this.db.updateTable('dispatches').set({ cancelled_at: now }).where('id', '=', id).execute();
  }

  /** The oldest pending task subjects of a step, locked (skipping rows other dispatches or claims hold) on PostgreSQL. */
  async pickPending(workflowId: number, count: number): Promise<TaskSubjectRow[]> {
    const q = this.db.selectFrom('task_subjects').selectAll().where('workflow_id', '=', workflowId).where('state', '=', 'pending').orderBy('id').limit(count);
    return (this.dialect === 'postgres' ? q.forUpdate().skipLocked() : q).execute();
  }

  /** These task subjects of the task, locked on PostgreSQL for the transitions that follow. */
  async lockInTask(taskId: number, ids: readonly number[]): Promise<TaskSubjectRow[]> {
    const q = this.db.selectFrom('task_subjects').selectAll().where('task_id', '=', taskId).where('id', 'in', ids).orderBy('id');
    return (this.dialect === 'postgres' ? q.forUpdate() : q).execute();
  }

  /** The dispatch's task subjects the target still holds at its step without a save (what a cancel takes back). */
  async openItems(d: { id: number; workflow_id: number; target_user_id: number }): Promise<TaskSubjectRow[]> {
    const q = this.db
      .selectFrom('task_subjects')
      .selectAll()
      .where('id', 'in', this.db.selectFrom('dispatch_items').select('task_subject_id').where('dispatch_id', '=', d.id))
      .where('workflow_id', '=', d.workflow_id)
      .where('holder_id', '=', d.target_user_id)
      .where('state', '=', 'claimed')
      .orderBy('id');
    return (this.dialect === 'postgres' ? q.forUpdate() : q).execute();
  }

  private summaryQuery() {
    return this.db
      .selectFrom('dispatches as d')
      .innerJoin('users as u', 'u.id', 'd.target_user_id')
      .innerJoin('workflows as w', 'w.id', 'd.workflow_id')
      .select([
        'd.id',
        'd.task_id',
        'd.workflow_id',
        'w.step_index',
        'd.target_user_id',
        'u.name',
        'd.created_by',
        'd.created_at',
        'd.cancelled_at',
        (eb) => eb.selectFrom('dispatch_items as i').select((e) => e.fn.countAll<number>().as('n')).whereRef('i.dispatch_id', '=', 'd.id').as('items'),
        (eb) =>
          eb
            .selectFrom('dispatch_items as i')
            .innerJoin('task_subjects as ts', 'ts.id', 'i.task_subject_id')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('i.dispatch_id', '=', 'd.id')
            .whereRef('ts.workflow_id', '=', 'd.workflow_id')
            .whereRef('ts.holder_id', '=', 'd.target_user_id')
            .where('ts.state', '=', 'claimed')
            .as('open'),
      ]);
  }

  private static toDispatch(r: Awaited<ReturnType<ReturnType<DispatchesRepository['summaryQuery']>['execute']>>[number]): Dispatch {
    return {
      id: r.id,
      taskId: r.task_id,
      workflowId: r.workflow_id,
      stepIndex: r.step_index,
      targetUserId: r.target_user_id,
      targetUserName: r.name,
      createdBy: r.created_by,
      createdAt: Number(r.created_at),
      cancelledAt: r.cancelled_at === null ? null : Number(r.cancelled_at),
      itemCount: Number(r.items ?? 0),
      openCount: Number(r.open ?? 0),
    };
  }

  async summary(id: number): Promise<Dispatch | undefined> {
    const r = await this.summaryQuery().where('d.id', '=', id).executeTakeFirst();
    return r && DispatchesRepository.toDispatch(r);
  }

  async items(id: number): Promise<DispatchItem[]> {
    const rows = await this.db
      .selectFrom('dispatch_items as i')
      .innerJoin('task_subjects as ts', 'ts.id', 'i.task_subject_id')
      .select(['ts.id', 'ts.subject_id', 'ts.workflow_id', 'ts.step_index', 'ts.state', 'ts.holder_id'])
      .where('i.dispatch_id', '=', id)
      .orderBy('ts.id')
      .execute();
    return rows.map((r) => ({
      taskSubjectId: r.id,
      dataId: r.subject_id,
      workflowId: r.workflow_id,
      stepIndex: r.step_index,
      state: r.state as TaskSubjectState,
      holderId: r.holder_id,
    }));
  }

  /** The task's dispatches to people in the caller's reach (auth/workReach.ts), newest first. */
  async list(taskId: number, f: DispatchListBody, reach: Reach): Promise<PageOf<Dispatch>> {
    const page = f.page ?? 1;
    const pageSize = f.pageSize ?? 20;
    let ids = this.db.selectFrom('dispatches').where('task_id', '=', taskId);
    const inReach = usersInReach(this.db, reach);
    if (inReach) ids = ids.where('target_user_id', 'in', inReach);
    if (f.targetUserId !== undefined) ids = ids.where('target_user_id', '=', f.targetUserId);
    if (f.workflowId !== undefined) ids = ids.where('workflow_id', '=', f.workflowId);
    if (!f.includeCancelled) ids = ids.where('cancelled_at', 'is', null);
    const [rows, total] = await Promise.all([
      this.summaryQuery()
        .where('d.id', 'in', ids.select('id'))
        .orderBy('d.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      ids.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list: rows.map(DispatchesRepository.toDispatch), total: Number(total.n), page, pageSize };
  }

  /** Members of a step (of one team when given) with what each holds at it now. */
  async targets(workflowId: number, onlyTeamId: number | null): Promise<DispatchTarget[]> {
    let members = this.db
      .selectFrom('workflow_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.name'])
      .where('m.workflow_id', '=', workflowId);
    if (onlyTeamId !== null) {
      members = members.where('u.id', 'in', this.db.selectFrom('team_members').select('user_id').where('team_id', '=', onlyTeamId));
    }
    const [people, held] = await Promise.all([
      members.orderBy('u.id').execute(),
      this.db
        .selectFrom('task_subjects')
        .select(['holder_id', 'state', sql<number>`count(*)`.as('n')])
        .where('workflow_id', '=', workflowId)
        .where('holder_id', 'is not', null)
        .where('state', 'in', ['claimed', 'inProgress', 'skipped'])
        .groupBy(['holder_id', 'state'])
        .execute(),
    ]);
    const count = (userId: number, state: string) => Number(held.find((h) => h.holder_id === userId && h.state === state)?.n ?? 0);
    return people.map((p) => ({ userId: p.id, name: p.name, claimed: count(p.id, 'claimed'), inProgress: count(p.id, 'inProgress'), skipped: count(p.id, 'skipped') }));
  }
}
