import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { DialectName } from '../database/connect';
import { transition } from '../../src-shared/model/taskSubjectFlow';
import { append } from './taskSubjectLog';
import type { StepType } from '../../src-shared/model/taskSubjectFlow';
import type { TaskStep } from './taskSteps';
import type { TaskSubjectRow } from './taskSubjectFlow';
import type { LeaseRoom } from './workPackages';

/** Lost races in a row before a claim gives up and answers "nothing waits". */
const RETRIES = 5;

/** A task as claim-next sees it for one worker. */
export interface ClaimContext {
  open: boolean;
  steps: (TaskStep & { member: boolean; heldId: number | null })[];
}

export interface ClaimRequest {
  step: TaskStep;
  steps: readonly TaskStep[];
  userId: number;
  now: number;
  /** the work package the claimed items go into (null or absent: an ordinary hold) */
  packageId?: number;
  /**
   * claimBatch: how many of `count` the transaction may take at most, asked first inside it,
   * under the locks it takes (a work package's lease cap, WorkPackagesRepository.leaseRoom)
   */
  room?: LeaseRoom;
}

/**
 * Claim-next: each call hands the oldest pending task subject of a step to one worker (pending
 * rework before the rest), and two workers never get the same one. One conditional UPDATE picks and takes the row in a single
 * statement (`... WHERE id = (oldest pending) AND state = 'pending'`); on PostgreSQL the pick
 * is `FOR UPDATE SKIP LOCKED`, so concurrent claimers take the next rows instead of queueing
 * on the first. A claim that finds its row taken meanwhile (another SQLite process) tries
 * again. Either way the move is the flow's `claim` transition and writes its log row in the
 * same transaction.
 */
export class ClaimQueue {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /**
   * Everything a claim decides with, in one query (it runs on every claim): whether the task is
   * the project's (undefined when not) and open, its steps in order, which of them the worker
   * is a member of, and what they already hold unsubmitted at each (rework first, then oldest),
   * leaving out what the worker said they already have (`exclude`: claiming ahead).
   */
  async context(taskId: number, projectId: number, userId: number, exclude: readonly number[] = []): Promise<ClaimContext | undefined> {
    const rows = await this.db
      .selectFrom('tasks')
      .leftJoin('workflows', 'workflows.task_id', 'tasks.id')
      .select((eb) => [
        'tasks.status',
        'workflows.id',
        'workflows.step_index',
        'workflows.type',
        eb.exists(eb.selectFrom('workflow_members as m').select('m.user_id').whereRef('m.workflow_id', '=', 'workflows.id').where('m.user_id', '=', userId)).as('member'),
        eb
          .selectFrom('task_subjects as ts')
          .select('ts.id')
          .whereRef('ts.workflow_id', '=', 'workflows.id')
          .where('ts.holder_id', '=', userId)
          .where('ts.state', 'in', ['claimed', 'inProgress'])
          .$if(exclude.length > 0, (q) => q.where('ts.id', 'not in', exclude))
          .orderBy('ts.rework', 'desc')
          .orderBy('ts.id')
          .limit(1)
          .as('held_id'),
      ])
      .where('tasks.id', '=', taskId)
      .where('tasks.project_id', '=', projectId)
      .orderBy('workflows.step_index')
      .execute();
    if (rows.length === 0) return undefined;
    const steps = rows.flatMap((r) =>
      r.id === null || r.step_index === null
        ? []
        : [{ workflowId: r.id, stepIndex: r.step_index, type: r.type as StepType, member: Boolean(r.member), heldId: r.held_id ?? null }],
    );
    return { open: rows[0]!.status !== 'closed', steps };
  }

  async row(id: number): Promise<TaskSubjectRow | undefined> {
    return this.db.selectFrom('task_subjects').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Claims the oldest pending task subject of the step for the worker; undefined when none waits. */
  async claimNext(r: ClaimRequest): Promise<TaskSubjectRow | undefined> {
    // The flow decides what a claim does to a pending task subject; the queries only find one.
    const out = transition({ step: r.step.stepIndex, state: 'pending', holderId: null, rework: false }, 'claim', {
      steps: r.steps.map((s) => s.type),
      actorId: r.userId,
      actorManages: false,
    });
    if (!out.ok) return undefined;
    const next = out.next;
    return this.db.transaction().execute(async (trx) => {
      const claimed = await this.take(trx, r, next.state, next.holderId);
      if (!claimed) return undefined;
      await append(trx, { taskSubject: claimed, userId: r.userId, action: 'claim', from: 'pending', to: next.state, now: r.now });
      return claimed;
    });
  }

  /**
   * Claims up to `count` pending task subjects of the step for the worker in one transaction,
   * each through the same single-row take as claimNext (so the no-double-claim guarantee and
   * the rework-first order are the same), into `r.packageId`. Fewer come back when the queue
   * runs dry or `r.room` allows fewer. Keep `count` small: the transaction holds what it took until it commits.
   */
  async claimBatch(r: ClaimRequest, count: number): Promise<TaskSubjectRow[]> {
    const out = transition({ step: r.step.stepIndex, state: 'pending', holderId: null, rework: false }, 'claim', {
      steps: r.steps.map((s) => s.type),
      actorId: r.userId,
      actorManages: false,
    });
    if (!out.ok) return [];
    const next = out.next;
    return this.db.transaction().execute(async (trx) => {
      const max = r.room ? Math.min(count, await r.room(trx)) : count;
      const taken: TaskSubjectRow[] = [];
      while (taken.length < max) {
        const row = await this.take(trx, r, next.state, next.holderId);
        if (!row) break;
        await append(trx, { taskSubject: row, userId: r.userId, action: 'claim', from: 'pending', to: next.state, now: r.now });
        taken.push(row);
      }
      return taken;
    });
  }

  private async take(trx: Kysely<Database>, r: ClaimRequest, state: string, holderId: number | null): Promise<TaskSubjectRow | undefined> {
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      // Rework waiting for anyone (its annotator left, or was requeued) goes first, then the
      // oldest; COALESCE evaluates its second probe only when the first finds nothing, and the
      // first is one look into the partial index `task_subjects_pending_rework`.
      const pick = (rework: boolean) => {
        let q = trx.selectFrom('task_subjects').select('id').where('workflow_id', '=', r.step.workflowId);
        // Literal, so the planner can match the partial index's predicate even in a generic plan.
        q = rework ? q.where(sql<boolean>`state = 'pending' and rework = 1`) : q.where('state', '=', 'pending');
        q = q.orderBy('id').limit(1);
        return this.dialect === 'postgres' ? q.forUpdate().skipLocked() : q;
      };
      const taken = await trx
        .updateTable('task_subjects')
        .set({ state, holder_id: holderId, claimed_at: r.now, updated_at: r.now, package_id: r.packageId ?? null, version: sql`version + 1` })
        .where('id', '=', (eb) => eb.fn.coalesce(pick(true), pick(false)))
        .where('state', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
      if (taken) return taken;
      // Nothing taken: either the queue is empty, or the row went to someone else in between.
      const waiting = await trx.selectFrom('task_subjects').select('id').where('workflow_id', '=', r.step.workflowId).where('state', '=', 'pending').limit(1).executeTakeFirst();
      if (!waiting) return undefined;
    }
    return undefined;
  }
}
