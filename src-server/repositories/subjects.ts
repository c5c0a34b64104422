import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { SubjectDetail, SubjectRecordType } from '../../src-shared/api/subject';

/**
 * Rows per multi-row INSERT or IN list: about 30,000 parameters at ten columns, under SQLite's
 * 32,766 and PostgreSQL's 65,535.
 */
export const ROWS_PER_STATEMENT = 3000;

const chunks = <T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** A subject ready to insert, with its frames in order. */
export interface NewSubject {
  name: string;
  recordType: SubjectRecordType;
  contentHash: string;
  sizeBytes: number;
  frames: {
    key: string;
    fileName: string;
    contentType: string;
    sizeBytes: number;
    width: number | null;
    height: number | null;
    sha256: string;
  }[];
}

/** Subjects (data items) and their frames. */
export class SubjectsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The project's subjects with these content hashes: hash → dataId. */
  async byContentHash(projectId: number, hashes: readonly string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    for (const part of chunks(hashes)) {
      const rows = await this.db
        .selectFrom('subjects')
        .select(['id', 'content_hash'])
        .where('project_id', '=', projectId)
        .where('content_hash', 'in', part)
        .execute();
      for (const r of rows) found.set(r.content_hash, r.id);
    }
    return found;
  }

  /**
   * Inserts subjects and their frames into a batch (run inside a transaction). A subject whose
   * content hash the project got in the meantime (a concurrent import) is skipped by the
   * unique index; answers hash → dataId of the subjects actually inserted.
   */
  async insert(p: { projectId: number; batchId: number; createdBy: number; now: number }, subjects: readonly NewSubject[]): Promise<Map<string, number>> {
    const inserted = new Map<string, number>();
    for (const part of chunks(subjects)) {
      const rows = await this.db
        .insertInto('subjects')
        .values(
          part.map((s) => ({
            project_id: p.projectId,
            batch_id: p.batchId,
            name: s.name,
            record_type: s.recordType,
            frame_count: s.frames.length,
            size_bytes: s.sizeBytes,
            content_hash: s.contentHash,
            created_by: p.createdBy,
            created_at: p.now,
          })),
        )
        .onConflict((oc) => oc.columns(['project_id', 'content_hash']).doNothing())
        .returning(['id', 'content_hash'])
        .execute();
      for (const r of rows) inserted.set(r.content_hash, r.id);
    }
    const frames = subjects.flatMap((s) => {
      const subjectId = inserted.get(s.contentHash);
      if (subjectId === undefined) return [];
      return s.frames.map((f, i) => ({
        subject_id: subjectId,
        frame_index: i,
        object_key: f.key,
        file_name: f.fileName,
        content_type: f.contentType,
        size_bytes: f.sizeBytes,
        width: f.width,
        height: f.height,
        content_hash: f.sha256,
      }));
    });
    for (const part of chunks(frames)) await this.db.insertInto('subject_frames').values(part).execute();
    return inserted;
  }

  /** Which of these ids are subjects of the project. */
  async idsInProject(projectId: number, ids: readonly number[]): Promise<number[]> {
    const rows = await this.db.selectFrom('subjects').select('id').where('project_id', '=', projectId).where('id', 'in', ids).execute();
    return rows.map((r) => r.id);
  }

  /**
   * Deletes subjects of the project (frames go with them) and answers the batch of each row
   * actually deleted, so batch counts follow what happened even when two deletes race.
   */
  /** Deletes subjects of the project; answers the batch and record type of each deleted one. */
  async remove(projectId: number, ids: readonly number[]): Promise<{ batchId: number; recordType: string }[]> {
    const rows = await this.db.deleteFrom('subjects').where('project_id', '=', projectId).where('id', 'in', ids).returning(['batch_id', 'record_type']).execute();
    return rows.map((r) => ({ batchId: r.batch_id, recordType: r.record_type }));
  }

  /** One subject of the project with all its frames in order. */
  async detail(projectId: number, id: number): Promise<SubjectDetail | undefined> {
    const s = await this.db
      .selectFrom('subjects')
      .select(['id', 'name', 'record_type', 'frame_count', 'size_bytes', 'batch_id', 'content_hash', 'created_by', 'created_at'])
      .where('id', '=', id)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    if (!s) return undefined;
    const frames = await this.db
      .selectFrom('subject_frames')
      .select(['id', 'frame_index', 'object_key', 'file_name', 'content_type', 'size_bytes', 'width', 'height', 'content_hash'])
      .where('subject_id', '=', id)
      .orderBy('frame_index')
      .execute();
    return {
      dataId: s.id,
      name: s.name,
      recordType: s.record_type as SubjectRecordType,
      frameCount: s.frame_count,
      sizeBytes: Number(s.size_bytes),
      batchId: s.batch_id,
      createdAt: s.created_at,
      contentHash: s.content_hash,
      createdBy: s.created_by,
      frames: frames.map((f) => ({
        frameId: f.id,
        index: f.frame_index,
        key: f.object_key,
        fileName: f.file_name,
        contentType: f.content_type,
        sizeBytes: Number(f.size_bytes),
        width: f.width,
        height: f.height,
        sha256: f.content_hash,
      })),
    };
  }
}
