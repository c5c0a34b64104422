import type { FastifyInstance } from 'fastify';
import { taskRoutes, type TaskStatus, type TaskSummary } from '../../../src-shared/api/task';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import type { TaskDeps } from './deps';

/** The project's task calls: its task list with progress, and ids for pickers. */
export function registerProjectTasks(app: FastifyInstance, d: TaskDeps): void {
  addRoute(app, taskRoutes.projectTasks, async (req) => {
    const { projectId } = accessOf(req).project!;
    const q = req.query;
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? 20;
    const { rows, total } = await d.tasks.list(projectId, { ...(q.name ? { name: q.name } : {}), ...(q.status ? { status: q.status } : {}), page, pageSize });
    const ids = rows.map((r) => r.id);
    const [steps, progress] = await Promise.all([d.workflows.stepsOfTasks(ids), d.taskSubjects.progress(ids)]);
    const list: TaskSummary[] = rows.map((r) => ({
      id: r.id,
      projectId: r.project_id,
      name: r.name,
      description: r.description,
      status: r.status as TaskStatus,
      createdBy: r.created_by,
      createdAt: Number(r.created_at),
      updatedAt: Number(r.updated_at),
      stepCount: steps.get(r.id)?.length ?? 0,
      progress: progress.get(r.id)!,
    }));
    return { list, total, page, pageSize };
  });

  addRoute(app, taskRoutes.projectTaskIds, async (req) => {
    const rows = await d.tasks.idsAndNames(accessOf(req).project!.projectId);
    return rows.map((r) => ({ id: r.id, name: r.name, status: r.status as TaskStatus }));
  });
}
