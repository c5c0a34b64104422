import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../database/schema';
import type { WorkflowsTable } from '../database/taskSchema';
import type { StepMember, StepType } from '../../src-shared/api/task';
import { shownAvatar } from '../../src-shared/model/avatar';

export type WorkflowRow = Selectable<WorkflowsTable>;

/** A step to insert: its definition, already validated, with its members. */
export interface NewStep {
  type: StepType;
  name: string;
  /** JSON text */
  config: string;
  memberIds: readonly number[];
}

/** Team roles that may work on every project of their team (and of teams they are a vendor for). */
const MANAGING_TEAM_ROLES = ['owner', 'admin', 'manager'];

/**
 * The steps of tasks (the spec's workflows) and their members. A step's position is its
 * step_index, unique per task; task subjects carry the index of the step they are at.
 */
export class WorkflowsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(projectId: number, id: number): Promise<WorkflowRow | undefined> {
    return this.db.selectFrom('workflows').selectAll().where('id', '=', id).where('project_id', '=', projectId).executeTakeFirst();
  }

  /** A task's steps in order. */
  async stepsOf(taskId: number): Promise<WorkflowRow[]> {
    return this.db.selectFrom('workflows').selectAll().where('task_id', '=', taskId).orderBy('step_index').execute();
  }

  /** Several tasks' steps, each task's in order. */
  async stepsOfTasks(taskIds: readonly number[]): Promise<Map<number, WorkflowRow[]>> {
    const out = new Map<number, WorkflowRow[]>(taskIds.map((id) => [id, []]));
    if (taskIds.length === 0) return out;
    const rows = await this.db.selectFrom('workflows').selectAll().where('task_id', 'in', taskIds).orderBy('task_id').orderBy('step_index').execute();
    for (const r of rows) out.get(r.task_id)?.push(r);
    return out;
  }

  /** The steps of a project's tasks, by task and position, with the task's name. */
  async ofProject(projectId: number, type?: StepType): Promise<(WorkflowRow & { task_name: string })[]> {
    let q = this.db.selectFrom('workflows as w').innerJoin('tasks as t', 't.id', 'w.task_id').selectAll('w').select('t.name as task_name').where('w.project_id', '=', projectId);
    if (type) q = q.where('w.type', '=', type);
    return q.orderBy('w.task_id').orderBy('w.step_index').execute();
  }

  /** Member ids of each step, ascending. */
  async memberIds(workflowIds: readonly number[]): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>(workflowIds.map((id) => [id, []]));
    if (workflowIds.length === 0) return out;
    const rows = await this.db.selectFrom('workflow_members').select(['workflow_id', 'user_id']).where('workflow_id', 'in', workflowIds).orderBy('user_id').execute();
    for (const r of rows) out.get(r.workflow_id)?.push(r.user_id);
    return out;
  }

  /** Members of each step with their names, ascending by user id. */
  async members(workflowIds: readonly number[]): Promise<Map<number, StepMember[]>> {
    const out = new Map<number, StepMember[]>(workflowIds.map((id) => [id, []]));
    if (workflowIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('workflow_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.workflow_id', 'u.id', 'u.name', 'u.avatar'])
      .where('m.workflow_id', 'in', workflowIds)
      .orderBy('u.id')
      .execute();
    for (const r of rows) out.get(r.workflow_id)?.push({ userId: r.id, name: r.name, avatar: shownAvatar(r.avatar) });
    return out;
  }

  /** Whether the user is a member of the step. */
  async isMember(workflowId: number, userId: number): Promise<boolean> {
    const r = await this.db.selectFrom('workflow_members').select('user_id').where('workflow_id', '=', workflowId).where('user_id', '=', userId).executeTakeFirst();
    return r !== undefined;
  }

  /** Projects among the given ones (all when absent) where the user is a member of some step. */
  async projectsWithMember(userId: number, projectIds?: readonly number[]): Promise<number[]> {
    if (projectIds?.length === 0) return [];
    let q = this.db.selectFrom('workflow_members as m').innerJoin('workflows as w', 'w.id', 'm.workflow_id').select('w.project_id').distinct().where('m.user_id', '=', userId);
    if (projectIds) q = q.where('w.project_id', 'in', projectIds);
    return (await q.execute()).map((r) => r.project_id);
  }

  /** The steps of these tasks the user is a member of, each task's in order. */
  async stepsWithMember(userId: number, taskIds: readonly number[]): Promise<WorkflowRow[]> {
    if (taskIds.length === 0) return [];
    return this.db
      .selectFrom('workflows as w')
      .innerJoin('workflow_members as m', 'm.workflow_id', 'w.id')
      .selectAll('w')
      .where('m.user_id', '=', userId)
      .where('w.task_id', 'in', taskIds)
      .orderBy('w.task_id')
      .orderBy('w.step_index')
      .execute();
  }

  /**
   * Those of the users who may work on the project: its members, and the owners, admins and
   * managers of its team and of the vendor teams it is shared with (the roles whose way in
   * does not need a project membership).
   */
  async eligible(projectId: number, userIds: readonly number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('project_members')
      .select('user_id')
      .where('project_id', '=', projectId)
      .where('user_id', 'in', userIds)
      .union(
        this.db
          .selectFrom('team_members as tm')
          .innerJoin('projects as p', 'p.team_id', 'tm.team_id')
          .select('tm.user_id')
          .where('p.id', '=', projectId)
          .where('tm.role', 'in', MANAGING_TEAM_ROLES)
          .where('tm.user_id', 'in', userIds),
      )
      .union(
        this.db
          .selectFrom('team_members as tm')
          .innerJoin('vendors as v', 'v.vendor_team_id', 'tm.team_id')
          .innerJoin('project_vendors as pv', 'pv.vendor_id', 'v.id')
          .select('tm.user_id')
          .where('pv.project_id', '=', projectId)
          .where('tm.role', 'in', MANAGING_TEAM_ROLES)
          .where('tm.user_id', 'in', userIds),
      )
      .execute();
    return new Set(rows.map((r) => r.user_id));
  }

  /** Inserts steps at consecutive positions from `fromIndex`; answers their ids in order. */
  async insert(task: { id: number; projectId: number }, steps: readonly NewStep[], fromIndex: number, now: number): Promise<number[]> {
    const ids: number[] = [];
    for (const [i, s] of steps.entries()) {
      const r = await this.db
        .insertInto('workflows')
        .values({ task_id: task.id, project_id: task.projectId, step_index: fromIndex + i, type: s.type, name: s.name, config: s.config, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.setMembers(r.id, s.memberIds);
      ids.push(r.id);
    }
    return ids;
  }

  /** Replaces the step's members. */
  async setMembers(workflowId: number, userIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('workflow_members').where('workflow_id', '=', workflowId).execute();
    const unique = [...new Set(userIds)];
    if (unique.length > 0) await this.db.insertInto('workflow_members').values(unique.map((user_id) => ({ workflow_id: workflowId, user_id }))).execute();
  }

  /**
   * Moves the task's steps at `fromIndex` and after by `delta` (+1 to open a gap, -1 to close
   * one). Through negative indexes first: step_index is unique per task and both databases
   * check it row by row, so shifting in place would collide with the neighbour.
   */
  async shift(taskId: number, fromIndex: number, delta: 1 | -1): Promise<void> {
    // i -> -1 - i (negative, so unique among themselves and apart from the rest) ...
    await this.db
      .updateTable('workflows')
      .set({ step_index: sql<number>`-1 - step_index` })
      .where('task_id', '=', taskId)
      .where('step_index', '>=', fromIndex)
      .execute();
    // ... then -1 - i -> i + delta.
    await this.db
      .updateTable('workflows')
      .set({ step_index: sql<number>`-1 - step_index + ${sql.lit(delta)}` })
      .where('task_id', '=', taskId)
      .where('step_index', '<', 0)
      .execute();
  }

  async update(id: number, patch: { name?: string; config?: string }): Promise<void> {
    if (Object.keys(patch).length > 0) await this.db.updateTable('workflows').set(patch).where('id', '=', id).execute();
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('workflows').where('id', '=', id).execute();
  }

  /** Names of users, for the counts that name their holders. */
  async userNames(userIds: readonly number[]): Promise<Map<number, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}
