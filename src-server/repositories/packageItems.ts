import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { PackageItem } from '../../src-shared/api/taskSubject';
import { emptyFrameData } from '../../src-shared/model/annotation';
import { AnnotationsRepository } from './annotations';
import { SubjectsRepository } from './subjects';
import { TaskSubjectViewsRepository } from './taskSubjectViews';
import type { TaskStep } from './taskSteps';
import type { TaskSubjectRow } from './taskSubjectFlow';

/** Items read at once: enough to keep both databases busy, few enough not to crowd the pool. */
const PARALLEL = 8;

/**
 * Everything the workspace needs to open leased items with the server away, in the shapes the
 * online routes answer (the claim's card, GET /subject/{id}'s frames with their object keys and
 * sizes, GET /annotate's frames), so the workstation stores what it would otherwise fetch.
 */
export async function packageItems(db: Kysely<Database>, projectId: number, rows: readonly TaskSubjectRow[], steps: readonly TaskStep[]): Promise<PackageItem[]> {
  const views = new TaskSubjectViewsRepository(db);
  const subjects = new SubjectsRepository(db);
  const annotations = new AnnotationsRepository(db);
  const one = async (row: TaskSubjectRow): Promise<PackageItem> => {
    const [card, subject, frames] = await Promise.all([views.card(row, steps), subjects.detail(projectId, row.subject_id), annotations.subjectFrames(row.id, row.subject_id)]);
    // The task subject belongs to the project: its subject cannot be missing while the row exists.
    if (!subject) throw new Error(`subject ${row.subject_id} of task subject ${row.id} not found`);
    return {
      card,
      subject,
      annotations: {
        taskSubjectId: row.id,
        dataId: row.subject_id,
        version: row.version,
        frames: frames.map(({ frameId, stored }) => ({
          frameId,
          data: stored?.data ?? emptyFrameData(),
          version: stored?.version ?? 0,
          updatedBy: stored?.updatedBy ?? null,
          updatedAt: stored?.updatedAt ?? null,
        })),
      },
    };
  };
  const out: PackageItem[] = [];
  for (let i = 0; i < rows.length; i += PARALLEL) out.push(...(await Promise.all(rows.slice(i, i + PARALLEL).map(one))));
  return out;
}
