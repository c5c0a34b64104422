import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { ExportFilters } from '../../src-shared/api/export';
import type { DialectName } from '../database/connect';

/** What an export reads: the project's subjects with the task subject whose annotations they carry. */
export interface ExportSelection {
  projectId: number;
  filters: ExportFilters;
  /** how the latest task subject is joined differs: see selectedSubjects */
  dialect: DialectName;
}

/**
 * The subjects a plan selects, each joined to the task subject whose annotations it exports
 * (alias `ts`): the one in the plan's task (subjects outside the task are not exported), or
 * without a task the most recently changed one (subjects in no task come without objects).
 * Every filter but labels is SQL here, so counting and paging share one definition; labels
 * live inside the frames' JSON and are checked as the frames are read.
 */
export function selectedSubjects(db: Kysely<Database>, sel: ExportSelection) {
  const f = sel.filters;
  const base = db.selectFrom('subjects as s');
  // Without a task: the most recently changed task subject of each subject. PostgreSQL joins
  // it LATERAL (a correlated join condition there becomes a hash join that evaluates the
  // subquery for every subject of the project on every page); SQLite has no LATERAL, and its
  // nested loop evaluates the condition only for the rows a page reads.
  const latest = (eb: ExpressionBuilder<Database & { s: Database['subjects'] }, 's'>) =>
    eb.selectFrom('task_subjects as t2').selectAll('t2').whereRef('t2.subject_id', '=', 's.id').orderBy('t2.updated_at', 'desc').orderBy('t2.id', 'desc').limit(1);
  let q =
    f.taskId !== undefined
      ? base.innerJoin('task_subjects as ts', (j) => j.onRef('ts.subject_id', '=', 's.id').on('ts.task_id', '=', f.taskId!))
      : sel.dialect === 'postgres'
        ? base.leftJoinLateral((eb) => latest(eb as never).as('ts'), (j) => j.onTrue())
        : base.leftJoin('task_subjects as ts', (j) =>
            j.on('ts.id', '=', sql<number>`(select t2.id from task_subjects t2 where t2.subject_id = s.id order by t2.updated_at desc, t2.id desc limit 1)`),
          );
  q = q.where('s.project_id', '=', sel.projectId);
  if (f.batchIds) q = q.where('s.batch_id', 'in', f.batchIds);
  if (f.workflowIds) q = q.where('ts.workflow_id', 'in', f.workflowIds);
  if (f.states) q = q.where('ts.state', 'in', f.states);
  if (f.from !== undefined) q = q.where('ts.updated_at', '>=', f.from);
  if (f.to !== undefined) q = q.where('ts.updated_at', '<=', f.to);
  if (f.annotatedOnly) {
    q = q.where((eb) => eb.exists(eb.selectFrom('annotation_frames as af').select('af.frame_id').whereRef('af.task_subject_id', '=', 'ts.id').where('af.object_count', '>', 0)));
  }
  return q;
}

/** Subjects, frames and objects a plan selects, without reading any frame's JSON. */
export async function countSelection(db: Kysely<Database>, sel: ExportSelection): Promise<{ subjects: number; frames: number; objects: number }> {
  const r = await selectedSubjects(db, sel)
    .select((eb) => [
      eb.fn.countAll<number>().as('subjects'),
      eb.fn.coalesce(eb.fn.sum<number>('s.frame_count'), sql<number>`0`).as('frames'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(eb.selectFrom('annotation_frames as af').select((e2) => e2.fn.sum<number>('af.object_count').as('n')).whereRef('af.task_subject_id', '=', 'ts.id')),
          sql<number>`0`,
        )
        .as('objects'),
    ])
    .executeTakeFirstOrThrow();
  return { subjects: Number(r.subjects), frames: Number(r.frames), objects: Number(r.objects) };
}
