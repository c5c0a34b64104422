import type { FastifyInstance } from 'fastify';
import { subjectRoutes } from '../../../src-shared/api/subject';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import { BatchesRepository } from '../../repositories/batches';
import { SubjectsRepository } from '../../repositories/subjects';
import { askPyramids, committing, prepareImport, writeImport } from './importSubjects';
import type { DataDeps } from './deps';

/** Adding subjects to a batch (a large body: see withImportBodyLimit). */
export function registerSubjectImport(app: FastifyInstance, d: DataDeps): void {
  const { ctx } = d;
  addRoute(app, subjectRoutes.add, async (req) => {
    const userId = requireUser(req);
    const { projectId } = accessOf(req).project!;
    const { batchId, subjects, videoSplit } = req.body;
    // Checked first so a wrong batch is not reported as missing files.
    if (!(await d.batches.find(projectId, batchId))) throw new AppError('batch.notFound', { batchId });
    const prepared = await prepareImport(ctx, projectId, subjects, videoSplit);
    const now = ctx.now();
    const result = await committing(ctx, prepared, () =>
      ctx.db.transaction().execute(async (trx) => {
        // Deleted since the check above: nothing is written.
        if (!(await new BatchesRepository(trx).lockForImport(projectId, batchId, now))) throw new AppError('batch.notFound', { batchId });
        return writeImport(trx, { projectId, batchId, createdBy: userId, now }, prepared);
      }),
    );
    askPyramids(ctx, prepared);
    const batch = await d.batches.find(projectId, batchId);
    if (!batch) throw new AppError('batch.notFound', { batchId });
    return { batch, ...result };
  });
}

/** Deleting subjects, all or nothing. */
export function registerSubjectRemove(app: FastifyInstance, d: DataDeps): void {
  addRoute(app, subjectRoutes.removeMany, async (req) => {
    const { projectId } = accessOf(req).project!;
    const ids = [...new Set(req.query.subjectIds)];
    await d.ctx.db.transaction().execute(async (trx) => {
      const subjects = new SubjectsRepository(trx);
      const batches = new BatchesRepository(trx);
      const found = new Set(await subjects.idsInProject(projectId, ids));
      const missing = ids.filter((id) => !found.has(id));
      if (missing.length > 0) throw new AppError('subject.notFound', { subjectIds: missing });
      const batchOfDeleted = await subjects.remove(projectId, ids);
      // A concurrent delete took some first: all or nothing still holds (this one rolls back).
      if (batchOfDeleted.length !== ids.length) throw new AppError('subject.notFound', { subjectIds: ids });
      const perBatch = new Map<number, Map<string, number>>();
      for (const d of batchOfDeleted) {
        const byType = perBatch.get(d.batchId) ?? new Map<string, number>();
        byType.set(d.recordType, (byType.get(d.recordType) ?? 0) - 1);
        perBatch.set(d.batchId, byType);
      }
      for (const [batchId, byType] of perBatch) await batches.addToCount(batchId, byType);
    });
    // The files stay in the object store: another subject (or project) may point at the same key.
    return null;
  });
}
