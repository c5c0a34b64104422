import type { Kysely, Selectable } from 'kysely';
import type { BatchesTable, Database } from '../database/schema';
import type { PageOf } from '../../src-shared/api/envelope';
import type { Batch, SubjectRecordType } from '../../src-shared/api/subject';
import { likeContains } from './like';

const COLUMNS = ['id', 'project_id', 'name', 'remark', 'subject_count', 'created_by', 'created_at', 'updated_at'] as const;
type BatchRow = Pick<Selectable<BatchesTable>, (typeof COLUMNS)[number]>;

const toBatch = (r: BatchRow): Batch => ({
  id: r.id,
  projectId: r.project_id,
  name: r.name,
  remark: r.remark,
  subjectCount: Number(r.subject_count),
  createdBy: r.created_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/**
 * Batches of a project. `subject_count` is kept in step with the subjects table by the same
 * transactions that insert and delete subjects, so counts never need to scan subjects.
 */
export class BatchesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(projectId: number, id: number): Promise<Batch | undefined> {
    const r = await this.db.selectFrom('batches').select(COLUMNS).where('id', '=', id).where('project_id', '=', projectId).executeTakeFirst();
    return r && toBatch(r);
  }

  async idByName(projectId: number, name: string): Promise<number | undefined> {
    const r = await this.db.selectFrom('batches').select('id').where('project_id', '=', projectId).where('name', '=', name).executeTakeFirst();
    return r?.id;
  }

  async create(p: { projectId: number; name: string; remark: string; createdBy: number; now: number }): Promise<number> {
    const r = await this.db
      .insertInto('batches')
      .values({ project_id: p.projectId, name: p.name, remark: p.remark, created_by: p.createdBy, created_at: p.now, updated_at: p.now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  /** Changes name and/or remark; false when the batch is not one of the project's. */
  async update(projectId: number, id: number, patch: { name?: string; remark?: string }, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('batches')
      .set({ ...patch, updated_at: now })
      .where('id', '=', id)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /**
   * Inside an import transaction: locks the batch row (concurrent imports into it and its
   * deletion wait for this one) and marks it changed; false when it is not the project's.
   */
  async lockForImport(projectId: number, id: number, now: number): Promise<boolean> {
    return this.update(projectId, id, {}, now);
  }

  /** Adds to (negative: takes from) the batch's subject count, in total and per record type. */
  async addToCount(id: number, byType: ReadonlyMap<string, number>): Promise<void> {
    const rows = [...byType].filter(([, v]) => v !== 0).map(([recordType, v]) => ({ batch_id: id, record_type: recordType, subject_count: v }));
    if (rows.length === 0) return;
    const n = rows.reduce((sum, r) => sum + r.subject_count, 0);
    await this.db.updateTable('batches').set((eb) => ({ subject_count: eb('subject_count', '+', n) })).where('id', '=', id).execute();
    await this.db
      .insertInto('batch_type_counts')
      .values(rows)
      .onConflict((oc) => oc.columns(['batch_id', 'record_type']).doUpdateSet((eb) => ({ subject_count: eb('batch_type_counts.subject_count', '+', eb.ref('excluded.subject_count')) })))
      .execute();
  }

  /** Subjects of one record type in the project, or in one of its batches, from the counters. */
  async typeTotal(projectId: number, recordType: string, batchId?: number): Promise<number> {
    let q = this.db
      .selectFrom('batch_type_counts as c')
      .innerJoin('batches as b', 'b.id', 'c.batch_id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('c.subject_count'), eb.lit(0)).as('n'))
      .where('b.project_id', '=', projectId)
      .where('c.record_type', '=', recordType);
    if (batchId !== undefined) q = q.where('b.id', '=', batchId);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  /** Newest first (ids grow with creation); the name filter is "contains", ASCII case ignored. */
  async list(projectId: number, f: { name?: string; page: number; pageSize: number }): Promise<PageOf<Batch>> {
    let q = this.db.selectFrom('batches').where('project_id', '=', projectId);
    if (f.name) q = q.where(likeContains('name', f.name));
    const [rows, total] = await Promise.all([
      q.select(COLUMNS).orderBy('id', 'desc').limit(f.pageSize).offset((f.page - 1) * f.pageSize).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { list: rows.map(toBatch), total: Number(total.n), page: f.page, pageSize: f.pageSize };
  }

  async count(projectId: number): Promise<number> {
    const r = await this.db.selectFrom('batches').select((eb) => eb.fn.countAll<number>().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Sum of the subject counts of the project's batches: the project's subject count. */
  async subjectTotal(projectId: number): Promise<number> {
    const r = await this.db
      .selectFrom('batches')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('subject_count'), eb.lit(0)).as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** Which of these ids are batches of the project. */
  async idsInProject(projectId: number, ids: number[]): Promise<number[]> {
    const rows = await this.db.selectFrom('batches').select('id').where('project_id', '=', projectId).where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }

  /** Deletes batches; their subjects and frames go with them (ON DELETE CASCADE). */
  async remove(ids: number[]): Promise<void> {
    await this.db.deleteFrom('batches').where('id', 'in', ids).execute();
  }

  /** What a batch holds, by record type. */
  async contents(id: number): Promise<{ countsByType: Record<SubjectRecordType, number>; frameCount: number; sizeBytes: number }> {
    const rows = await this.db
      .selectFrom('subjects')
      .select((eb) => ['record_type', eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('frame_count').as('frames'), eb.fn.sum<number>('size_bytes').as('bytes')])
      .where('batch_id', '=', id)
      .groupBy('record_type')
      .execute();
    const countsByType: Record<SubjectRecordType, number> = { image: 0, frame: 0, video: 0 };
    let frameCount = 0;
    let sizeBytes = 0;
    for (const r of rows) {
      if (r.record_type === 'image' || r.record_type === 'frame' || r.record_type === 'video') countsByType[r.record_type] = Number(r.n);
      frameCount += Number(r.frames);
      sizeBytes += Number(r.bytes);
    }
    return { countsByType, frameCount, sizeBytes };
  }
}
