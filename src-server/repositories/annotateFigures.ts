import { sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { ProjectAnnotateTotal, SubjectAnnotateQuery, SubjectAnnotationStatus } from '../../src-shared/api/annotate';
import type { PageOf } from '../../src-shared/api/envelope';
import type { StepType, TaskSubjectState } from '../../src-shared/model/taskSubjectFlow';

/** How much of a project is annotated, overall and subject by subject. */
export class AnnotateFiguresRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async total(projectId: number): Promise<ProjectAnnotateTotal> {
    const [frames, subjects] = await Promise.all([
      this.db
        .selectFrom('annotation_frames as af')
        .innerJoin('task_subjects as ts', 'ts.id', 'af.task_subject_id')
        .select([
          (eb) => eb.fn.sum<number>('af.object_count').as('objects'),
          sql<number>`count(case when af.object_count > 0 then 1 end)`.as('frames'),
          sql<number>`count(distinct case when af.object_count > 0 then af.task_subject_id end)`.as('taskSubjects'),
          sql<number>`count(distinct case when af.object_count > 0 then ts.subject_id end)`.as('subjects'),
        ])
        .where('ts.project_id', '=', projectId)
        .executeTakeFirst(),
      this.db
        .selectFrom('task_subjects')
        .select([(eb) => eb.fn.countAll<number>().as('all'), sql<number>`count(case when state = 'done' then 1 end)`.as('done')])
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      projectId,
      objectCount: Number(frames?.objects ?? 0),
      annotatedFrames: Number(frames?.frames ?? 0),
      annotatedTaskSubjects: Number(frames?.taskSubjects ?? 0),
      annotatedSubjects: Number(frames?.subjects ?? 0),
      taskSubjects: Number(subjects.all),
      doneTaskSubjects: Number(subjects.done),
    };
  }

  /** Subjects in id order, each with where it is in every task it is in and how many objects it has there. */
  async subjects(projectId: number, q: SubjectAnnotateQuery): Promise<PageOf<SubjectAnnotationStatus>> {
    const page = q.page ?? 1;
    const pageSize = q.pageSize ?? 20;
    let base = this.db.selectFrom('subjects').where('subjects.project_id', '=', projectId);
    if (q.dataIds) base = base.where('subjects.id', 'in', q.dataIds.length ? q.dataIds : [0]);
    if (q.taskId !== undefined) {
      const inTask = this.db.selectFrom('task_subjects').select('subject_id').where('task_id', '=', q.taskId);
      base = base.where('subjects.id', 'in', inTask);
    }
    if (q.annotated !== undefined) {
      const annotated = this.db
        .selectFrom('annotation_frames as af')
        .innerJoin('task_subjects as ts', 'ts.id', 'af.task_subject_id')
        .select('ts.subject_id')
        .where('ts.project_id', '=', projectId)
        .where('af.object_count', '>', 0);
      base = base.where('subjects.id', q.annotated ? 'in' : 'not in', annotated);
    }
    const [rows, total] = await Promise.all([
      base.select(['subjects.id', 'subjects.name', 'subjects.record_type']).orderBy('subjects.id').limit(pageSize).offset((page - 1) * pageSize).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const tasks = await this.tasksOf(rows.map((r) => r.id));
    return {
      list: rows.map((r) => ({ dataId: r.id, name: r.name, recordType: r.record_type, tasks: tasks.get(r.id) ?? [] })),
      total: Number(total.n),
      page,
      pageSize,
    };
  }

  private async tasksOf(subjectIds: readonly number[]): Promise<Map<number, SubjectAnnotationStatus['tasks']>> {
    const out = new Map<number, SubjectAnnotationStatus['tasks']>();
    if (subjectIds.length === 0) return out;
    const objects = this.db
      .selectFrom('annotation_frames')
      .select(['task_subject_id', (eb) => eb.fn.sum<number>('object_count').as('n')])
      .groupBy('task_subject_id')
      .as('o');
    const rows = await this.db
      .selectFrom('task_subjects as ts')
      .innerJoin('tasks', 'tasks.id', 'ts.task_id')
      .innerJoin('workflows as w', 'w.id', 'ts.workflow_id')
      .leftJoin(objects, 'o.task_subject_id', 'ts.id')
      .select(['ts.subject_id', 'ts.id', 'ts.task_id', 'tasks.name', 'ts.workflow_id', 'ts.step_index', 'w.type', 'ts.state', 'ts.holder_id', 'ts.rework', 'ts.version', 'o.n'])
      .where('ts.subject_id', 'in', subjectIds)
      .orderBy('ts.task_id')
      .execute();
    for (const r of rows) {
      const list = out.get(r.subject_id) ?? [];
      list.push({
        taskId: r.task_id,
        taskName: r.name,
        taskSubjectId: r.id,
        workflowId: r.workflow_id,
        stepIndex: r.step_index,
        stepType: r.type as StepType,
        state: r.state as TaskSubjectState,
        holderId: r.holder_id,
        rework: r.rework === 1,
        version: r.version,
        objectCount: Number(r.n ?? 0),
      });
      out.set(r.subject_id, list);
    }
    return out;
  }
}
