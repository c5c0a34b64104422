import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { StepType } from '../../src-shared/model/taskSubjectFlow';

/** One step of a task's workflow, as the flow needs it. */
export interface TaskStep {
  workflowId: number;
  stepIndex: number;
  type: StepType;
}

/** A task's steps and who is a member of each: what every task-subject decision reads first. */
export class TaskStepsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The task's steps in order (index i is step_index i). */
  async steps(taskId: number): Promise<TaskStep[]> {
    const rows = await this.db.selectFrom('workflows').select(['id', 'step_index', 'type']).where('task_id', '=', taskId).orderBy('step_index').execute();
    return rows.map((r) => ({ workflowId: r.id, stepIndex: r.step_index, type: r.type as StepType }));
  }

  /** The task of the project, if it is one. */
  async taskInProject(taskId: number, projectId: number): Promise<{ id: number; name: string } | undefined> {
    return this.db.selectFrom('tasks').select(['id', 'name']).where('id', '=', taskId).where('project_id', '=', projectId).executeTakeFirst();
  }

  async isMember(workflowId: number, userId: number): Promise<boolean> {
    const r = await this.db.selectFrom('workflow_members').select('user_id').where('workflow_id', '=', workflowId).where('user_id', '=', userId).executeTakeFirst();
    return r !== undefined;
  }

  async members(workflowId: number): Promise<{ userId: number; name: string }[]> {
    const rows = await this.db
      .selectFrom('workflow_members')
      .innerJoin('users', 'users.id', 'workflow_members.user_id')
      .select(['users.id as userId', 'users.name as name'])
      .where('workflow_members.workflow_id', '=', workflowId)
      .orderBy('users.id')
      .execute();
    return rows;
  }
}

/** The step of a task with this workflow id, if it is one. */
export const stepById = (steps: readonly TaskStep[], workflowId: number): TaskStep | undefined => steps.find((s) => s.workflowId === workflowId);
