import { sql, type Kysely, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Database } from '../database/schema';
import type { DialectName } from '../database/connect';
import type { WorkPackageState, WorkPackageSummary } from '../../src-shared/api/workPackage';
import { appendMany, type LoggedAction } from './taskSubjectLog';
import type { TaskSubjectRow } from './taskSubjectFlow';
import { AppError } from '../errors';
import { usersInReach, type Reach } from '../auth/workReach';

/** States in which a task subject is held by its holder (and so may be leased). */
const HELD = ['claimed', 'inProgress'] as const;

/**
 * "Started" (docs/offline-day.md): since the holder took it, they saved it at least once, or
 * reported active time on it at its step. Measured from `claimed_at`, so a rework item is not
 * started by what its annotator did in the round before the rejection.
 */
export const startedSql = (ts: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`(exists (select 1 from annotation_saves s where s.task_subject_id = ${sql.ref(`${ts}.id`)} and s.user_id = ${sql.ref(`${ts}.holder_id`)} and s.created_at >= coalesce(${sql.ref(`${ts}.claimed_at`)}, 0))
    or exists (select 1 from task_subject_logs l where l.task_subject_id = ${sql.ref(`${ts}.id`)} and l.user_id = ${sql.ref(`${ts}.holder_id`)} and l.workflow_id = ${sql.ref(`${ts}.workflow_id`)} and l.active_ms > 0 and l.created_at >= coalesce(${sql.ref(`${ts}.claimed_at`)}, 0)))`;

/**
 * How many more items a transaction may lease to a worker at a step, decided under its own
 * locks (the lease cap, see `leaseRoom`); given to each of a take's transactions.
 */
export type LeaseRoom = (trx: Kysely<Database>) => Promise<number>;

/** A work_packages row as read. */
export type WorkPackageRow = Selectable<Database['work_packages']>;

/** What a give-back records: the log action and who did it (the holder for a lapse). */
export interface GiveBack {
  packageId: number;
  /** only these items (default: every item of the package) */
  ids?: readonly number[];
  /** started items go too (a dispatcher taking them back) */
  started: boolean;
  /** leaseLapsed: the package is marked lapsed; packageReturn: marked returned once it leases nothing */
  action: Extract<LoggedAction, 'leaseLapsed' | 'packageReturn'>;
  actorId: number;
  now: number;
}

/** Work packages and the task subjects they lease (migration 0017). */
export class WorkPackagesRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  async create(p: { projectId: number; taskId: number; workflowId: number; userId: number; now: number; expiresAt: number }): Promise<number> {
    const { id } = await this.db
      .insertInto('work_packages')
      .values({ project_id: p.projectId, task_id: p.taskId, workflow_id: p.workflowId, user_id: p.userId, created_at: p.now, expires_at: p.expiresAt, state: 'open' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async byId(projectId: number, id: number): Promise<WorkPackageRow | undefined> {
    return this.db.selectFrom('work_packages').selectAll().where('id', '=', id).where('project_id', '=', projectId).executeTakeFirst();
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('work_packages').where('id', '=', id).execute();
  }

  /**
   * The lease cap (docs/offline-day.md): a worker holds at most `cap` leased items at a step,
   * counting every open package of theirs there, whatever each take asked for. Locks the
   * worker's membership row of the step first (PostgreSQL; SQLite runs one write transaction at
   * a time), so concurrent takes by the same worker count one after the other: each sees what
   * the one before it committed. Call it first in the transaction that then leases. Answers
   * whether they are still a member of the step, what they lease there now, and how many more
   * this transaction may lease (0 for someone no longer a member).
   */
  async leaseRoom(trx: Kysely<Database>, p: { workflowId: number; userId: number; cap: number }): Promise<{ member: boolean; leased: number; room: number }> {
    let member = trx.selectFrom('workflow_members').select('user_id').where('workflow_id', '=', p.workflowId).where('user_id', '=', p.userId);
    if (this.dialect === 'postgres') member = member.forUpdate();
    const found = await member.executeTakeFirst();
    // A new statement after the lock: it sees every take that committed before it.
    const { n } = await trx
      .selectFrom('task_subjects as ts')
      .innerJoin('work_packages as wp', 'wp.id', 'ts.package_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('wp.user_id', '=', p.userId)
      .where('wp.workflow_id', '=', p.workflowId)
      .where('wp.state', '=', 'open')
      .where('ts.state', 'in', HELD)
      .executeTakeFirstOrThrow();
    const leased = Number(n);
    return { member: found !== undefined, leased, room: found ? Math.max(0, p.cap - leased) : 0 };
  }

  /**
   * Puts what the worker holds unsubmitted at the step (rework first, then the oldest) into the
   * package, up to `limit` and the room `room` leaves, leaving items another open package of
   * theirs leases. Answers the rows.
   */
  async leaseHeld(p: { packageId: number; workflowId: number; userId: number; limit: number; room?: LeaseRoom }): Promise<TaskSubjectRow[]> {
    return this.db.transaction().execute(async (trx) => {
      const limit = p.room ? Math.min(p.limit, await p.room(trx)) : p.limit;
      if (limit <= 0) return [];
      let pick = trx
        .selectFrom('task_subjects as ts')
        .leftJoin('work_packages as wp', 'wp.id', 'ts.package_id')
        .select('ts.id')
        .where('ts.workflow_id', '=', p.workflowId)
        .where('ts.holder_id', '=', p.userId)
        .where('ts.state', 'in', HELD)
        .where((eb) => eb.or([eb('ts.package_id', 'is', null), eb('wp.state', '!=', 'open')]))
        .orderBy('ts.rework', 'desc')
        .orderBy('ts.id')
        .limit(limit);
      if (this.dialect === 'postgres') pick = pick.forUpdate('ts');
      const ids = (await pick.execute()).map((r) => r.id);
      if (ids.length === 0) return [];
      const rows = await trx.updateTable('task_subjects').set({ package_id: p.packageId }).where('id', 'in', ids).returningAll().execute();
      // RETURNING's order is not promised: answer in the order picked.
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    });
  }

  /** The items the package still leases, in the order they were taken (rework first, then by id). */
  async items(packageId: number): Promise<TaskSubjectRow[]> {
    return this.db.selectFrom('task_subjects').selectAll().where('package_id', '=', packageId).orderBy('rework', 'desc').orderBy('id').execute();
  }

  /**
   * Packages of a project that still lease items, newest first, with their counts; only the
   * holder's when `userId` is given, only those of holders in the caller's reach when `reach`
   * is (auth/workReach.ts).
   */
  async summaries(f: { projectId: number; userId?: number; reach?: Reach; packageIds?: readonly number[] }): Promise<WorkPackageSummary[]> {
    const inReach = f.reach && usersInReach(this.db, f.reach);
    const rows = await this.db
      .selectFrom('work_packages as wp')
      .innerJoin('users as u', 'u.id', 'wp.user_id')
      .select((eb) => [
        'wp.id', 'wp.project_id', 'wp.task_id', 'wp.workflow_id', 'wp.user_id', 'wp.created_at', 'wp.expires_at', 'wp.state', 'u.name',
        eb.selectFrom('task_subjects as ts').select((e) => e.fn.countAll<number>().as('n')).whereRef('ts.package_id', '=', 'wp.id').as('item_count'),
        eb.selectFrom('task_subjects as ts').select((e) => e.fn.countAll<number>().as('n')).whereRef('ts.package_id', '=', 'wp.id').where(startedSql('ts')).as('started_count'),
      ])
      .where('wp.project_id', '=', f.projectId)
      .$if(f.userId !== undefined, (q) => q.where('wp.user_id', '=', f.userId!))
      .$if(inReach !== undefined, (q) => q.where('wp.user_id', 'in', inReach!))
      .$if(f.packageIds !== undefined, (q) => q.where('wp.id', 'in', f.packageIds!.length ? f.packageIds! : [0]))
      // a returned or fully handed-on package is history; the list is what is out there now
      .$if(f.packageIds === undefined, (q) => q.where((eb) => eb.exists(eb.selectFrom('task_subjects as t').select('t.id').whereRef('t.package_id', '=', 'wp.id'))))
      .orderBy('wp.id', 'desc')
      .execute();
    return rows.map((r) => ({
      packageId: r.id,
      projectId: r.project_id,
      taskId: r.task_id,
      workflowId: r.workflow_id,
      holderId: r.user_id,
      holderName: r.name,
      createdAt: Number(r.created_at),
      expiresAt: Number(r.expires_at),
      state: r.state as WorkPackageState,
      itemCount: Number(r.item_count ?? 0),
      startedCount: Number(r.started_count ?? 0),
    }));
  }

  /** Which of these leased items the holder has started. */
  async startedOf(packageId: number, ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('task_subjects as ts').select('ts.id').where('ts.package_id', '=', packageId).where('ts.id', 'in', ids).where(startedSql('ts')).execute();
    return rows.map((r) => r.id);
  }

  /** Open packages whose lease ran out by `now`, oldest first. */
  async expired(now: number, limit: number): Promise<WorkPackageRow[]> {
    return this.db.selectFrom('work_packages').selectAll().where('state', '=', 'open').where('expires_at', '<=', now).orderBy('expires_at').orderBy('id').limit(limit).execute();
  }

  /**
   * Gives items of a package back to their step's queue (pending, nobody's; rework stays rework
   * so it goes first for anyone), with one log row each, and updates the package's state, in one
   * transaction. The package's rows
   * are locked first (PostgreSQL), so a save in flight either committed before (the item counts
   * as started) or waits until after (and finds the item gone: stale). Answers the rows as they
   * were, and which of them were started.
   */
  async giveBack(g: GiveBack): Promise<{ rows: TaskSubjectRow[]; startedIds: number[] }> {
    return this.db.transaction().execute(async (trx) => {
      let lock = trx.selectFrom('task_subjects').select('id').where('package_id', '=', g.packageId);
      if (g.ids) lock = lock.where('id', 'in', g.ids.length ? g.ids : [0]);
      if (this.dialect === 'postgres') await lock.forUpdate().execute();
      // A new statement after the lock: it sees every save that committed before it.
      const candidates = await trx
        .selectFrom('task_subjects as ts')
        .selectAll('ts')
        .select(startedSql('ts').as('started'))
        .where('ts.package_id', '=', g.packageId)
        .where('ts.state', 'in', HELD)
        .$if(g.ids !== undefined, (q) => q.where('ts.id', 'in', g.ids!.length ? g.ids! : [0]))
        .orderBy('ts.id')
        .execute();
      const isStarted = (r: { started: unknown }) => Boolean(Number(r.started));
      const going = candidates.filter((r) => g.started || !isStarted(r));
      const ids = going.map((r) => r.id);
      if (ids.length > 0) {
        await trx
          .updateTable('task_subjects')
          .set({ state: 'pending', holder_id: null, claimed_at: null, package_id: null, updated_at: g.now, version: sql`version + 1` })
          .where('id', 'in', ids)
          .execute();
      }
      if (g.action === 'leaseLapsed') {
        await trx.updateTable('work_packages').set({ state: 'lapsed' }).where('id', '=', g.packageId).execute();
      } else {
        const left = await trx.selectFrom('task_subjects').select('id').where('package_id', '=', g.packageId).limit(1).executeTakeFirst();
        if (!left) await trx.updateTable('work_packages').set({ state: 'returned' }).where('id', '=', g.packageId).execute();
      }
      if (going.length === 0) return { rows: [], startedIds: [] };
      await appendMany(
        trx,
        going.map((r) => ({ taskSubject: r, userId: g.action === 'leaseLapsed' ? r.holder_id! : g.actorId, action: g.action, from: r.state as 'claimed' | 'inProgress', to: 'pending' as const, now: g.now })),
      );
      const rows = going.map(({ started: _started, ...row }) => ({ ...row, state: 'pending', holder_id: null, claimed_at: null, package_id: null, version: row.version + 1, updated_at: g.now }));
      return { rows, startedIds: going.filter(isStarted).map((r) => r.id) };
    });
  }
}

/**
 * Refuses a save or hand-off by a worker whose lease on the item ran out and gave it back
 * (409 task.leaseLapsed), rather than the bare notHolder or stale they would get otherwise:
 * the workstation lists it as lost with the lease.
 */
export async function refuseLapsedLease(trx: Kysely<Database>, row: TaskSubjectRow, userId: number): Promise<void> {
  if (row.holder_id !== userId && (await leaseLapsedFor(trx, row.id, userId))) throw new AppError('task.leaseLapsed');
}

/**
 * Whether the lease ran out on this item under this worker: their latest log row on it is the
 * lapse that gave it back (a later claim of it, by them, would be newer). Read inside the
 * hand-off's transaction, after its row lock.
 */
export async function leaseLapsedFor(db: Kysely<Database>, taskSubjectId: number, userId: number): Promise<boolean> {
  const last = await db
    .selectFrom('task_subject_logs')
    .select('action')
    .where('task_subject_id', '=', taskSubjectId)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.action === 'leaseLapsed';
}
