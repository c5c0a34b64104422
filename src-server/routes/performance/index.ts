import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { PerformanceReports } from '../../performance/reports';
import { registerExport } from './exportFile';
import { registerReports } from './reports';

/** The Performance routes (src-shared/api/performance.ts): reports from the task-subject log's rollups. */
export function performanceRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  const reports = new PerformanceReports(ctx.db);
  registerReports(app, ctx, reports);
  registerExport(app, ctx, reports);
}
