import type { FastifyInstance, FastifyRequest } from 'fastify';
import { batchRoutes } from '../../../src-shared/api/batch';
import type { Batch } from '../../../src-shared/api/subject';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import { isUniqueViolation } from '../../repositories/rejectReasons';
import { BatchesRepository } from '../../repositories/batches';
import { askPyramids, committing, prepareImport, writeImport } from '../subject/importSubjects';
import type { DataDeps } from '../subject/deps';

/** The unique index on (project_id, name) decides between two callers taking one name at once. */
async function nameGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('batch.nameTaken');
    throw err;
  }
}

/** Creating a batch with its first subjects (a large body: see withImportBodyLimit). */
export function registerBatchCreate(app: FastifyInstance, d: DataDeps): void {
  const { ctx } = d;
  addRoute(app, batchRoutes.create, async (req) => {
    const userId = requireUser(req);
    const { projectId } = accessOf(req).project!;
    const body = req.body;
    const name = body.name.trim();
    // A taken name fails before the files are looked at.
    if ((await d.batches.idByName(projectId, name)) !== undefined) throw new AppError('batch.nameTaken');
    const prepared = await prepareImport(ctx, projectId, body.subjects ?? [], body.videoSplit);
    const now = ctx.now();
    const { batchId, ...result } = await committing(ctx, prepared, () =>
      nameGuard(() =>
        ctx.db.transaction().execute(async (trx) => {
          const batchId = await new BatchesRepository(trx).create({ projectId, name, remark: body.remark?.trim() ?? '', createdBy: userId, now });
          return { batchId, ...(await writeImport(trx, { projectId, batchId, createdBy: userId, now }, prepared)) };
        }),
      ),
    );
    askPyramids(ctx, prepared);
    const batch = await d.batches.find(projectId, batchId);
    if (!batch) throw new AppError('batch.notFound', { batchId });
    return { batch, ...result };
  });
}

/** Renaming, re-remarking and deleting batches. */
export function registerBatchManage(app: FastifyInstance, d: DataDeps): void {
  const { ctx } = d;
  const update = async (req: FastifyRequest, id: number, body: { name?: string; remark?: string }): Promise<Batch> => {
    const { projectId } = accessOf(req).project!;
    const patch = {
      ...(body.name !== undefined ? { name: body.name.trim() } : {}),
      ...(body.remark !== undefined ? { remark: body.remark.trim() } : {}),
    };
    if (patch.name !== undefined) {
      const holder = await d.batches.idByName(projectId, patch.name);
      // Keeping its own name is no conflict.
      if (holder !== undefined && holder !== id) throw new AppError('batch.nameTaken');
    }
    // Nothing to change: the batch is answered as it is, its update time kept.
    const found = Object.keys(patch).length === 0 ? true : await nameGuard(() => d.batches.update(projectId, id, patch, ctx.now()));
    if (!found) throw new AppError('batch.notFound', { batchId: id });
    const batch = await d.batches.find(projectId, id);
    if (!batch) throw new AppError('batch.notFound', { batchId: id });
    return batch;
  };
  addRoute(app, batchRoutes.update, async (req) => update(req, req.body.id, req.body));
  addRoute(app, batchRoutes.updateById, async (req) => update(req, req.params.id, req.body));

  addRoute(app, batchRoutes.removeMany, async (req) => {
    const { projectId } = accessOf(req).project!;
    const ids = [...new Set(req.query.ids)];
    await ctx.db.transaction().execute(async (trx) => {
      const batches = new BatchesRepository(trx);
      const found = new Set(await batches.idsInProject(projectId, ids));
      const missing = ids.filter((id) => !found.has(id));
      // All or nothing: one id outside the project (or gone) deletes none.
      if (missing.length > 0) throw new AppError('batch.notFound', { ids: missing });
      await batches.remove(ids);
    });
    // Subjects and frames go with their batch; the files stay in the object store, where the
    // workstation's next import of the same files can register them again without uploading.
    return null;
  });
}
