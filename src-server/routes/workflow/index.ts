import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { taskDeps } from '../task/deps';
import { registerWorkflowSteps } from './steps';
import { registerWorkflowRead } from './read';
import { registerWorkflowWorker } from './worker';

/** The Workflow routes of the spec's section 7 (src-shared/api/workflow.ts): a workflow is one step of a task. */
export function workflowRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  const deps = taskDeps(ctx);
  registerWorkflowSteps(app, deps);
  registerWorkflowRead(app, deps);
  registerWorkflowWorker(app, deps);
}
