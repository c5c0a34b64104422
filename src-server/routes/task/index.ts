import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { taskDeps } from './deps';
import { registerTaskCreate } from './create';
import { registerTaskCrud } from './crud';
import { registerTaskSubjects } from './subjects';
import { registerTaskViews } from './views';
import { registerTaskWork } from './work';
import { registerTaskMove } from './move';
import { registerProjectTasks } from './project';

/** The Task routes of the spec's section 7 and the project's task calls (src-shared/api/task.ts). */
export function taskRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  const deps = taskDeps(ctx);
  registerTaskCreate(app, deps);
  registerTaskCrud(app, deps);
  registerTaskSubjects(app, deps);
  registerTaskViews(app, deps);
  registerTaskWork(app, deps);
  registerTaskMove(app, deps);
  registerProjectTasks(app, deps);
}
