import type { FastifyRequest } from 'fastify';
import type { ReportFilterBody } from '../../../src-shared/api/performance';
import type { ServerContext } from '../../context';
import { accessOf } from '../../plugins/access';
import { resolveRange, type DayRange } from '../../performance/dateRange';
import { checkScopeIds, type ReportScope } from '../../repositories/performanceScope';

/**
 * What a report call covers: the caller's current team (checked by the access rule), the date
 * range and the filters of its body, refused with a clear error when they make no sense.
 */
export async function reportScope(ctx: ServerContext, req: FastifyRequest, body: ReportFilterBody): Promise<{ scope: ReportScope; range: DayRange }> {
  const range = resolveRange(body, ctx.now());
  const { projectIds, taskIds, workflowIds, userIds, groupIds, vendorIds } = body;
  const scope: ReportScope = {
    ...{ projectIds, taskIds, workflowIds, userIds, groupIds, vendorIds },
    teamId: accessOf(req).teamId,
    fromDay: range.fromDay,
    toDay: range.toDay,
  };
  await checkScopeIds(ctx.db, scope);
  return { scope, range };
}
