import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { exportDeps } from './deps';
import { registerExportJobs } from './jobs';
import { registerExportPlans } from './plans';

/** The Export routes (src-shared/api/export.ts): plans, background runs, deliveries. */
export function exportRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  const deps = exportDeps(ctx);
  registerExportPlans(app, deps);
  registerExportJobs(app, deps);
}
