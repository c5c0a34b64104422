import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../database/schema';
import type { TasksTable } from '../database/taskSchema';
import { ontologyDb } from '../database/ontologySchema';
import type { TaskStatus } from '../../src-shared/api/task';
import { likeContains } from './like';

export type TaskRow = Selectable<TasksTable>;

export interface TaskPatch {
  name?: string;
  description?: string;
  status?: TaskStatus;
  /** JSON text */
  config?: string;
}

/** Tasks of a project. Every read takes the project too, so an id of another project is not found. */
export class TasksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(projectId: number, id: number): Promise<TaskRow | undefined> {
    return this.db.selectFrom('tasks').selectAll().where('id', '=', id).where('project_id', '=', projectId).executeTakeFirst();
  }

  /**
   * Inside a transaction: locks the task row (a no-op update), so structural changes to one
   * task (steps added or removed, subjects moved) run one after another; false when it is gone.
   */
  async lock(projectId: number, id: number): Promise<boolean> {
    const r = await this.db.updateTable('tasks').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', id).where('project_id', '=', projectId).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Inside a transaction: serialises task creation and renaming in one project (names, the task limit). */
  async lockProject(projectId: number): Promise<void> {
    await this.db.updateTable('projects').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', projectId).execute();
  }

  async nameTaken(projectId: number, name: string, exceptId?: number): Promise<boolean> {
    let q = this.db.selectFrom('tasks').select('id').where('project_id', '=', projectId).where('name', '=', name);
    if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async countInProject(projectId: number): Promise<number> {
    const r = await this.db.selectFrom('tasks').select((eb) => eb.fn.countAll<number>().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async create(p: { projectId: number; name: string; description: string; config: string; createdBy: number; now: number }): Promise<number> {
    const r = await this.db
      .insertInto('tasks')
      .values({ project_id: p.projectId, name: p.name, description: p.description, config: p.config, created_by: p.createdBy, created_at: p.now, updated_at: p.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async update(id: number, patch: TaskPatch, now: number): Promise<void> {
    await this.db.updateTable('tasks').set({ ...patch, updated_at: now }).where('id', '=', id).execute();
  }

  /**
   * Deletes a task. Its task subjects go first (with their logs, annotations and dispatch items
   * by cascade), so no step is ever deleted while a task subject still points at it.
   */
  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('task_subjects').where('task_id', '=', id).execute();
    await this.db.deleteFrom('tasks').where('id', '=', id).execute();
  }

  /** Newest first; name contains (ASCII case ignored); a project has at most 1,000 tasks, so offsets stay cheap. */
  async list(projectId: number, f: { name?: string; status?: TaskStatus; page: number; pageSize: number }): Promise<{ rows: TaskRow[]; total: number }> {
    let q = this.db.selectFrom('tasks').where('project_id', '=', projectId);
    if (f.name) q = q.where(likeContains('name', f.name));
    if (f.status) q = q.where('status', '=', f.status);
    const [rows, total] = await Promise.all([
      q.selectAll().orderBy('id', 'desc').limit(f.pageSize).offset((f.page - 1) * f.pageSize).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  async idsAndNames(projectId: number): Promise<{ id: number; name: string; status: string }[]> {
    return this.db.selectFrom('tasks').select(['id', 'name', 'status']).where('project_id', '=', projectId).orderBy('id', 'desc').execute();
  }

  /** Open tasks with a step the user is a member of, in the given projects, oldest first. */
  async openWithMember(userId: number, projectIds: readonly number[], page?: { page: number; pageSize: number }): Promise<{ rows: (TaskRow & { project_name: string })[]; total: number }> {
    if (projectIds.length === 0) return { rows: [], total: 0 };
    const q = this.db
      .selectFrom('tasks as t')
      .innerJoin('projects as p', 'p.id', 't.project_id')
      .where('t.project_id', 'in', projectIds)
      .where('t.status', '=', 'open')
      .where((eb) =>
        eb.exists(
          eb.selectFrom('workflows as w').innerJoin('workflow_members as m', 'm.workflow_id', 'w.id').select('w.id').whereRef('w.task_id', '=', 't.id').where('m.user_id', '=', userId),
        ),
      );
    let rows = q.selectAll('t').select('p.name as project_name').orderBy('t.id');
    if (page) rows = rows.limit(page.pageSize).offset((page.page - 1) * page.pageSize);
    const [list, total] = await Promise.all([rows.execute(), q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()]);
    return { rows: list, total: Number(total.n) };
  }

  /** How many features the project's ontology has (a task cannot be worked on without any). */
  async ontologyFeatureCount(projectId: number): Promise<number> {
    const r = await ontologyDb(this.db)
      .selectFrom('ontology_features as f')
      .innerJoin('ontologies as o', 'o.id', 'f.ontology_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('o.project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
