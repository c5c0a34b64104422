import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '../../../src-shared/api/route';
import { ErrorEnvelope } from '../../../src-shared/api/envelope';
import { performanceRoutes, type ReportExportBody } from '../../../src-shared/api/performance';
import type { ServerContext } from '../../context';
import { toCsv } from '../../performance/csv';
import { exportLanguage, reportTable, type ReportData } from '../../performance/exportTables';
import type { PerformanceReports } from '../../performance/reports';
import { toXlsx } from '../../performance/xlsx';
import { routeSchema } from '../obs/routeSchema';
import { reportScope } from './scope';

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

const binary = (description: string) => ({
  description,
  content: Object.fromEntries(Object.values(CONTENT_TYPES).map((t) => [t, { schema: { type: 'string', format: 'binary' } }])),
});

/** The report the export names, computed exactly as its own call computes it. */
async function reportData(ctx: ServerContext, req: FastifyRequest, reports: PerformanceReports, body: ReportExportBody): Promise<ReportData> {
  const { scope, range } = await reportScope(ctx, req, body);
  const groupBy = body.groupBy ?? 'person';
  switch (body.report) {
    case 'summary':
      return { report: 'summary', data: await reports.summary(scope, range) };
    case 'efficiency':
      return { report: 'efficiency', data: await reports.efficiency(scope, range, groupBy) };
    case 'personnel':
      return { report: 'personnel', data: await reports.personnel(scope, range) };
    case 'quality':
      return { report: 'quality', data: await reports.quality(scope, range, groupBy) };
    case 'workload':
      return { report: 'workload', data: await reports.workload(scope, range, groupBy) };
  }
}

/**
 * POST /performance/export: a report as a CSV or XLSX file. It answers the file's bytes, not an
 * envelope (failures still answer the envelope), so it registers itself like GET /obs/get/file,
 * with the same auth, validation and access rule as the other report calls.
 */
export function registerExport(app: FastifyInstance, ctx: ServerContext, reports: PerformanceReports): void {
  const def = performanceRoutes.export;
  app.route<{ Body: ReportExportBody }>({
    method: def.method,
    url: API_BASE + def.path,
    config: { auth: def.auth, access: def.access, readOnly: true },
    schema: routeSchema(def, {
      description: 'Answers the file (Content-Disposition: attachment with its name), not an envelope; failures answer the envelope.',
      response: { 200: binary('the report as CSV or XLSX'), '4xx': ErrorEnvelope, '5xx': ErrorEnvelope },
    }),
    handler: async (req: FastifyRequest<{ Body: ReportExportBody }>, reply: FastifyReply) => {
      const body = req.body;
      const data = await reportData(ctx, req, reports, body);
      const table = reportTable(data, exportLanguage(req.headers['accept-language']));
      const file = body.format === 'csv' ? toCsv(table) : await toXlsx(table);
      const name = `performance-${body.report}-${data.data.from}_${data.data.to}.${body.format}`;
      return reply
        .header('content-type', CONTENT_TYPES[body.format])
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file);
    },
  });
}
