import type { SubjectRecordType } from '../../../src-shared/api/subject';
import type { SubjectFilters } from '../../repositories/subjectList';
import type { BatchesRepository } from '../../repositories/batches';
import { AppError } from '../../errors';

/** The filters as a query gives them: a blank name filters nothing. */
export function subjectFilters(projectId: number, q: { batchId?: number; name?: string; recordType?: SubjectRecordType }): SubjectFilters {
  const name = q.name?.trim();
  return {
    projectId,
    ...(q.batchId !== undefined ? { batchId: q.batchId } : {}),
    ...(name ? { name } : {}),
    ...(q.recordType !== undefined ? { recordType: q.recordType } : {}),
  };
}

/** A batch filter must name a batch of this project: another project's batch is not found. */
export async function assertBatchFilter(batches: BatchesRepository, f: SubjectFilters): Promise<void> {
  if (f.batchId !== undefined && !(await batches.find(f.projectId, f.batchId))) throw new AppError('batch.notFound', { batchId: f.batchId });
}
