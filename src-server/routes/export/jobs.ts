import type { FastifyInstance } from 'fastify';
import { exportRoutes, type ExportJob } from '../../../src-shared/api/export';
import { room } from '../../../src-shared/api/realtime';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import type { ExportDeps } from './deps';
import { checkFilters } from './filters';

/** Starting, following, cancelling and deleting export runs, and recording their deliveries. */
export function registerExportJobs(app: FastifyInstance, d: ExportDeps): void {
  const { ctx } = d;
  const projectIdOf = (req: Parameters<typeof accessOf>[0]) => accessOf(req).project!.projectId;
  const announce = (job: Pick<ExportJob, 'projectId' | 'id' | 'done' | 'total'>, status: 'queued' | 'cancelled' | 'deleted') =>
    ctx.realtime.publish(room('exports', job.projectId), 'export.changed', { projectId: job.projectId, exportId: job.id, status, done: job.done, total: job.total });

  /** Deletes exports: stops their runs here (a run elsewhere stops at its next lease renewal), then their zips. */
  const removeExports = async (projectId: number, ids: readonly number[]) => {
    const existing = await d.exports.list(projectId, { ids, page: 1, pageSize: ids.length });
    const found = new Set(existing.list.map((e) => e.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw new AppError('export.notFound', { ids: missing });
    const removed = await d.exports.remove(projectId, ids);
    await Promise.all(removed.map((r) => ctx.exports.stop(r.id)));
    await Promise.all(removed.map((r) => (r.objectKey ? ctx.storage.delete(r.objectKey).catch(() => undefined) : undefined)));
    for (const r of removed) await announce({ projectId, id: r.id, done: 0, total: 0 }, 'deleted');
  };

  addRoute(app, exportRoutes.start, async (req) => {
    const projectId = projectIdOf(req);
    const b = req.body;
    const plan = b.planId === undefined ? undefined : await d.plans.find(projectId, b.planId);
    if (b.planId !== undefined && !plan) throw new AppError('export.planNotFound', { planId: b.planId });
    const format = b.format ?? plan?.format;
    if (!format) throw new AppError('export.formatMissing');
    const filters = b.filters ?? plan?.filters ?? {};
    await checkFilters(ctx.db, projectId, filters);
    const now = ctx.now();
    const name = b.name?.trim() ?? plan?.name ?? `${format}-${new Date(now).toISOString().slice(0, 10)}`;
    const job = await d.exports.create({ projectId, planId: plan?.id ?? null, name, format, filters, options: b.options ?? plan?.options ?? {}, userId: requireUser(req), now });
    await announce(job, 'queued');
    ctx.exports.wake();
    return job;
  });

  addRoute(app, exportRoutes.progress, async (req) =>
    d.exports.list(projectIdOf(req), { ...(req.body.ids ? { ids: req.body.ids } : {}), ...(req.body.status ? { status: req.body.status } : {}), page: req.body.page ?? 1, pageSize: req.body.pageSize ?? 20 }),
  );

  addRoute(app, exportRoutes.cancel, async (req) => {
    const projectId = projectIdOf(req);
    const outcome = await d.exports.cancel(projectId, req.params.id, ctx.now());
    if (!outcome) throw new AppError('export.notFound', { exportId: req.params.id });
    if (!outcome.cancelled) throw new AppError('export.notCancellable', { status: outcome.status });
    await ctx.exports.stop(req.params.id);
    const job = (await d.exports.find(projectId, req.params.id))!;
    await announce(job, 'cancelled');
    return job;
  });

  addRoute(app, exportRoutes.remove, async (req) => {
    await removeExports(projectIdOf(req), [req.params.id]);
    return null;
  });

  addRoute(app, exportRoutes.removeMany, async (req) => {
    await removeExports(projectIdOf(req), [...new Set(req.query.ids)]);
    return null;
  });

  addRoute(app, exportRoutes.transferCallback, async (req) => {
    const projectId = projectIdOf(req);
    const job = await d.exports.find(projectId, req.body.exportId);
    if (!job) throw new AppError('export.notFound', { exportId: req.body.exportId });
    if (job.status !== 'done') throw new AppError('export.notDone', { status: job.status });
    return d.exports.addTransfer({
      exportId: job.id,
      projectId,
      destination: req.body.destination.trim(),
      status: req.body.status,
      message: req.body.message ?? '',
      bytes: req.body.bytes ?? 0,
      userId: requireUser(req),
      now: ctx.now(),
    });
  });
}
