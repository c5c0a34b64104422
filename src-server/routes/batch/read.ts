import type { FastifyInstance } from 'fastify';
import { batchRoutes } from '../../../src-shared/api/batch';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import type { DataDeps } from '../subject/deps';

/** The batch list, counts, name check, one batch, and the pre-upload duplicate check. */
export function registerBatchRead(app: FastifyInstance, d: DataDeps): void {
  const projectIdOf = (req: Parameters<typeof accessOf>[0]) => accessOf(req).project!.projectId;

  addRoute(app, batchRoutes.list, async (req) => {
    const name = req.body.name?.trim();
    return d.batches.list(projectIdOf(req), { ...(name ? { name } : {}), page: req.body.page ?? 1, pageSize: req.body.pageSize ?? 20 });
  });

  addRoute(app, batchRoutes.count, async (req) => ({ count: await d.batches.count(projectIdOf(req)) }));

  addRoute(app, batchRoutes.nameCheck, async (req) => {
    const batchId = await d.batches.idByName(projectIdOf(req), req.body.name.trim());
    return batchId === undefined ? { available: true } : { available: false, batchId };
  });

  addRoute(app, batchRoutes.get, async (req) => {
    const batch = await d.batches.find(projectIdOf(req), req.params.id);
    if (!batch) throw new AppError('batch.notFound', { batchId: req.params.id });
    return { ...batch, ...(await d.batches.contents(batch.id)) };
  });

  addRoute(app, batchRoutes.beforehand, async (req) => {
    const hashes = [...new Set(req.body.contentHashes.map((h) => h.toLowerCase()))];
    const found = await d.subjects.byContentHash(projectIdOf(req), hashes);
    return { existing: hashes.flatMap((contentHash) => (found.has(contentHash) ? [{ contentHash, dataId: found.get(contentHash)! }] : [])) };
  });
}
