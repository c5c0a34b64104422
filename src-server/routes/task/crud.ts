import type { FastifyInstance } from 'fastify';
import { taskRoutes } from '../../../src-shared/api/task';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import { TasksRepository, type TaskPatch } from '../../repositories/tasks';
import { announce, configText, parseConfig, taskDetail, taskOr404, type TaskDeps } from './deps';

/** Reading, changing and deleting one task, and its configuration. */
export function registerTaskCrud(app: FastifyInstance, d: TaskDeps): void {
  const { ctx } = d;

  addRoute(app, taskRoutes.get, async (req) => {
    const { projectId } = accessOf(req).project!;
    return taskDetail(d, await taskOr404(d.tasks, projectId, req.params.id));
  });

  addRoute(app, taskRoutes.update, async (req) => {
    const { projectId } = accessOf(req).project!;
    const body = req.body;
    const task = await taskOr404(d.tasks, projectId, req.params.id);
    const patch: TaskPatch = {
      ...(body.name !== undefined ? { name: body.name.trim() } : {}),
      ...(body.description !== undefined ? { description: body.description.trim() } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
      ...(body.config !== undefined ? { config: configText(body.config, 'task.configTooLarge') } : {}),
    };
    await ctx.db.transaction().execute(async (trx) => {
      const tasks = new TasksRepository(trx);
      if (patch.name !== undefined) {
        await tasks.lockProject(projectId);
        if (await tasks.nameTaken(projectId, patch.name, task.id)) throw new AppError('task.nameTaken');
      }
      await tasks.update(task.id, patch, ctx.now());
    });
    await announce(ctx, { id: task.id, projectId }, 'updated');
    return taskDetail(d, await taskOr404(d.tasks, projectId, task.id));
  });

  addRoute(app, taskRoutes.remove, async (req) => {
    const { projectId } = accessOf(req).project!;
    const task = await taskOr404(d.tasks, projectId, req.params.id);
    await ctx.db.transaction().execute(async (trx) => new TasksRepository(trx).remove(task.id));
    await announce(ctx, { id: task.id, projectId }, 'deleted');
    return null;
  });

  addRoute(app, taskRoutes.getConfig, async (req) => {
    const { projectId } = accessOf(req).project!;
    return parseConfig((await taskOr404(d.tasks, projectId, req.params.id)).config);
  });

  addRoute(app, taskRoutes.putConfig, async (req) => {
    const { projectId } = accessOf(req).project!;
    const task = await taskOr404(d.tasks, projectId, req.params.id);
    const config = configText(req.body.config, 'task.configTooLarge');
    await d.tasks.update(task.id, { config }, ctx.now());
    await announce(ctx, { id: task.id, projectId }, 'updated');
    return parseConfig(config);
  });
}
