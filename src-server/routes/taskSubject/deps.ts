import type { ServerContext } from '../../context';
import { room } from '../../../src-shared/api/realtime';
import type { TaskSubjectAction } from '../../../src-shared/model/taskSubjectFlow';
import { AnnotationsRepository } from '../../repositories/annotations';
import { ClaimQueue } from '../../repositories/claimQueue';
import { TaskStepsRepository } from '../../repositories/taskSteps';
import { TaskSubjectViewsRepository } from '../../repositories/taskSubjectViews';
import type { TaskSubjectRow } from '../../repositories/taskSubjectFlow';

/** What every task-subject route file works with. */
export interface TaskSubjectDeps {
  ctx: ServerContext;
  views: TaskSubjectViewsRepository;
  steps: TaskStepsRepository;
  annotations: AnnotationsRepository;
  claims: ClaimQueue;
}

export function taskSubjectDeps(ctx: ServerContext): TaskSubjectDeps {
  return {
    ctx,
    views: new TaskSubjectViewsRepository(ctx.db),
    steps: new TaskStepsRepository(ctx.db),
    annotations: new AnnotationsRepository(ctx.db),
    claims: new ClaimQueue(ctx.db, ctx.dialect),
  };
}

/** Tells the task's room where a task subject went (after the transaction committed). */
export async function publishMoved(ctx: ServerContext, row: TaskSubjectRow, action: TaskSubjectAction): Promise<void> {
  await ctx.realtime.publish(room('task', row.task_id), 'taskSubject.changed', {
    taskId: row.task_id,
    taskSubjectIds: [row.id],
    action,
    workflowId: row.workflow_id,
    state: row.state,
    holderId: row.holder_id,
    version: row.version,
  });
}
