import type { FastifyInstance } from 'fastify';
import { performanceRoutes } from '../../../src-shared/api/performance';
import type { ServerContext } from '../../context';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import type { PerformanceReports } from '../../performance/reports';
import { performanceScreen } from '../../repositories/performanceScreen';
import { reportScope } from './scope';

/** The JSON report calls and the filter choices. */
export function registerReports(app: FastifyInstance, ctx: ServerContext, reports: PerformanceReports): void {
  addRoute(app, performanceRoutes.summary, async (req) => {
    const { scope, range } = await reportScope(ctx, req, req.body);
    return reports.summary(scope, range);
  });
  addRoute(app, performanceRoutes.efficiency, async (req) => {
    const { scope, range } = await reportScope(ctx, req, req.body);
    return reports.efficiency(scope, range, req.body.groupBy ?? 'person');
  });
  addRoute(app, performanceRoutes.personnel, async (req) => {
    const { scope, range } = await reportScope(ctx, req, req.body);
    return reports.personnel(scope, range);
  });
  addRoute(app, performanceRoutes.quality, async (req) => {
    const { scope, range } = await reportScope(ctx, req, req.body);
    return reports.quality(scope, range, req.body.groupBy ?? 'person');
  });
  addRoute(app, performanceRoutes.workload, async (req) => {
    const { scope, range } = await reportScope(ctx, req, req.body);
    return reports.workload(scope, range, req.body.groupBy ?? 'person');
  });
  addRoute(app, performanceRoutes.screen, async (req) => performanceScreen(ctx.db, accessOf(req).teamId));
}
