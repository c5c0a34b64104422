import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SUBJECT_SAMPLE_MAX, subjectRoutes, type SubjectRecordType } from '../../../src-shared/api/subject';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import { assertBatchFilter, subjectFilters } from './filters';
import type { DataDeps } from './deps';

/** Listing, counting, sampling and opening a project's subjects. */
export function registerSubjectRead(app: FastifyInstance, d: DataDeps): void {
  const projectIdOf = (req: Parameters<typeof accessOf>[0]) => accessOf(req).project!.projectId;

  const list = async (
    projectId: number,
    q: { batchId?: number; name?: string; page?: number; pageSize?: number; afterId?: number },
    recordType: SubjectRecordType | undefined,
  ) => {
    const f = subjectFilters(projectId, { ...q, ...(recordType ? { recordType } : {}) });
    await assertBatchFilter(d.batches, f);
    return d.list.list(f, { page: q.page ?? 1, pageSize: q.pageSize ?? 20, ...(q.afterId !== undefined ? { afterId: q.afterId } : {}) });
  };
  addRoute(app, subjectRoutes.list, async (req) => list(projectIdOf(req), req.query, req.query.recordType));
  addRoute(app, subjectRoutes.listByType, async (req) => list(projectIdOf(req), req.query, req.params.type));

  addRoute(app, subjectRoutes.listCount, async (req) => {
    const f = subjectFilters(projectIdOf(req), req.query);
    await assertBatchFilter(d.batches, f);
    return { count: await d.list.count(f) };
  });

  addRoute(app, subjectRoutes.countInBatch, async (req) => {
    const batch = await d.batches.find(projectIdOf(req), req.params.batchId);
    if (!batch) throw new AppError('batch.notFound', { batchId: req.params.batchId });
    return { count: batch.subjectCount };
  });

  addRoute(app, subjectRoutes.sample, async (req) => {
    const q = req.query;
    if ((q.size === undefined) === (q.ratio === undefined)) throw new AppError('subject.sampleSizeOrRatio');
    const f = subjectFilters(projectIdOf(req), q);
    await assertBatchFilter(d.batches, f);
    // A ratio of the matching subjects, rounded up so any ratio above 0 picks at least one
    // (less a hair, so 0.1 of 30 is 3 and not the 4 that floating point would make it).
    const size = q.size ?? Math.max(0, Math.ceil(q.ratio! * (await d.list.count(f)) - 1e-9));
    if (size > SUBJECT_SAMPLE_MAX) throw new AppError('subject.sampleTooLarge', { size, max: SUBJECT_SAMPLE_MAX });
    const seed = q.seed ?? crypto.randomInt(0, 2147483647);
    const ids = await d.sample.sampleIds(f, size, seed);
    return { seed, list: await d.list.items(ids) };
  });

  addRoute(app, subjectRoutes.get, async (req) => {
    const subject = await d.subjects.detail(projectIdOf(req), req.params.dataId);
    if (!subject) throw new AppError('subject.notFound', { dataId: req.params.dataId });
    return subject;
  });
}
