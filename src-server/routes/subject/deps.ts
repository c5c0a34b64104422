import type { ServerContext } from '../../context';
import { BatchesRepository } from '../../repositories/batches';
import { SubjectsRepository } from '../../repositories/subjects';
import { SubjectListRepository } from '../../repositories/subjectList';
import { SubjectSampleRepository } from '../../repositories/subjectSample';

/** What the subject and batch route files work with: the context and the data repositories. */
export interface DataDeps {
  ctx: ServerContext;
  batches: BatchesRepository;
  subjects: SubjectsRepository;
  list: SubjectListRepository;
  sample: SubjectSampleRepository;
}

export function dataDeps(ctx: ServerContext): DataDeps {
  return {
    ctx,
    batches: new BatchesRepository(ctx.db),
    subjects: new SubjectsRepository(ctx.db),
    list: new SubjectListRepository(ctx.db),
    sample: new SubjectSampleRepository(ctx.db),
  };
}
