import type { Kysely } from 'kysely';
import type { Database } from '../../database/schema';
import type { ExportFilters } from '../../../src-shared/api/export';
import { AppError } from '../../errors';

/**
 * Checks a plan's filters against the project before anything runs: what they name exists in
 * it, steps and states come with their task, the range is the right way round. An export
 * that would fail later on a bad filter fails here instead, with the reason.
 */
export async function checkFilters(db: Kysely<Database>, projectId: number, f: ExportFilters): Promise<void> {
  if (f.from !== undefined && f.to !== undefined && f.from > f.to) throw new AppError('export.badRange', { from: f.from, to: f.to });
  if (f.taskId === undefined) {
    if (f.workflowIds) throw new AppError('export.filterNeedsTask', { filter: 'workflowIds' });
    if (f.states) throw new AppError('export.filterNeedsTask', { filter: 'states' });
  } else {
    const task = await db.selectFrom('tasks').select('id').where('id', '=', f.taskId).where('project_id', '=', projectId).executeTakeFirst();
    if (!task) throw new AppError('export.taskNotFound', { taskId: f.taskId });
    if (f.workflowIds) {
      const steps = await db.selectFrom('workflows').select('id').where('task_id', '=', f.taskId).where('id', 'in', f.workflowIds).execute();
      const known = new Set(steps.map((s) => s.id));
      const unknown = f.workflowIds.filter((id) => !known.has(id));
      if (unknown.length > 0) throw new AppError('export.workflowNotFound', { workflowIds: unknown });
    }
  }
  if (f.batchIds) {
    const batches = await db.selectFrom('batches').select('id').where('project_id', '=', projectId).where('id', 'in', f.batchIds).execute();
    const known = new Set(batches.map((b) => b.id));
    const unknown = f.batchIds.filter((id) => !known.has(id));
    if (unknown.length > 0) throw new AppError('export.batchNotFound', { batchIds: unknown });
  }
}
