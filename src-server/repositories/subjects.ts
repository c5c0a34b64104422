import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { SubjectDetail, SubjectRecordType } from '../../src-shared/api/subject';
import type { VideoInfo } from '../../src-shared/media/videoInfo';
import { videoFrameFileName } from '../../src-shared/media/videoSplit';

/**
 * Rows per multi-row INSERT or IN list: about 30,000 parameters at ten columns, under SQLite's
 * 32,766 and PostgreSQL's 65,535.
 */
export const ROWS_PER_STATEMENT = 3000;

const chunks = <T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** A frame's file, as its row records it. */
export interface NewFrame {
  key: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  sha256: string;
}

/**
 * A video item's frames: one row per frame of the stretch, all naming the video file, each named
 * as a picture of it would be (videoFrameFileName: "clip/000123.png", docs/video.md).
 */
export interface NewVideoItem {
  info: VideoInfo;
  /** the video file's name, type and digest */
  file: { fileName: string; contentType: string; sha256: string };
  /** the bytes the item's frame i stands for (src-shared/media/videoSplit.ts stretchBytes) */
  frameBytes: (i: number) => number;
}

/** A subject ready to insert, with its frames in order (a video item: its frames made from `video`). */
export interface NewSubject {
  name: string;
  recordType: SubjectRecordType;
  contentHash: string;
  sizeBytes: number;
  frames: NewFrame[];
  video?: NewVideoItem;
}

type FrameRow = {
  subject_id: number;
  frame_index: number;
  object_key: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  content_hash: string;
};

/**
 * Frame rows per statement on PostgreSQL, sent as one array per column (unnest): a video's
 * 200,000 rows took 12.7 s as multi-row VALUES of 3,000 and 6.5 s so on the loaded 2-core test machine (docs/video.md).
 */
const PG_FRAME_ROWS_PER_STATEMENT = 25_000;

/** The frame rows of the inserted subjects, in statement-sized parts: a video's 200,000 rows are never all in memory at once. */
function* frameRowParts(subjects: readonly NewSubject[], inserted: ReadonlyMap<string, number>, size: number): Generator<FrameRow[]> {
  let part: FrameRow[] = [];
  const add = (row: FrameRow) => {
    part.push(row);
    if (part.length < size) return null;
    const full = part;
    part = [];
    return full;
  };
  for (const s of subjects) {
    const subjectId = inserted.get(s.contentHash);
    if (subjectId === undefined) continue;
    const v = s.video;
    const count = v ? v.info.frameCount : s.frames.length;
    for (let i = 0; i < count; i++) {
      const f = v ? null : s.frames[i]!;
      const full = add(
        v
          ? { subject_id: subjectId, frame_index: i, object_key: v.info.key, file_name: videoFrameFileName(v.file.fileName, v.info.firstFrame + i), content_type: v.file.contentType, size_bytes: v.frameBytes(i), width: v.info.width, height: v.info.height, content_hash: v.file.sha256 }
          : { subject_id: subjectId, frame_index: i, object_key: f!.key, file_name: f!.fileName, content_type: f!.contentType, size_bytes: f!.sizeBytes, width: f!.width, height: f!.height, content_hash: f!.sha256 },
      );
      if (full) yield full;
    }
  }
  if (part.length > 0) yield part;
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
            frame_count: s.video ? s.video.info.frameCount : s.frames.length,
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
    const postgres = this.db.getExecutor().adapter instanceof PostgresAdapter;
    for (const part of frameRowParts(subjects, inserted, postgres ? PG_FRAME_ROWS_PER_STATEMENT : ROWS_PER_STATEMENT)) {
      if (postgres) await this.insertFramesByColumn(part);
      else await this.db.insertInto('subject_frames').values(part).execute();
    }
    const videos = subjects.flatMap((s) => {
      const subjectId = inserted.get(s.contentHash);
      if (subjectId === undefined || !s.video) return [];
      const v = s.video.info;
      return [
        {
          subject_id: subjectId,
          object_key: v.key,
          container: v.container,
          codec: v.codec,
          width: v.width,
          height: v.height,
          rotation: v.rotation,
          variable_frame_rate: v.variableFrameRate ? 1 : 0,
          file_frames: v.fileFrames,
          duration_us: Math.round(v.duration * 1e6),
          first_frame: v.firstFrame,
          frame_count: v.frameCount,
          times_key: v.timesKey,
        },
      ];
    });
    for (const part of chunks(videos)) await this.db.insertInto('subject_videos').values(part).execute();
    return inserted;
  }

  /** Frame rows as one array per column: PostgreSQL parses one statement, not 25,000 rows of parameters. */
  private async insertFramesByColumn(rows: readonly FrameRow[]): Promise<void> {
    const col = <K extends keyof FrameRow>(k: K) => rows.map((r) => r[k]);
    await sql`insert into subject_frames (subject_id, frame_index, object_key, file_name, content_type, size_bytes, width, height, content_hash)
      select * from unnest(${col('subject_id')}::integer[], ${col('frame_index')}::integer[], ${col('object_key')}::varchar[], ${col('file_name')}::varchar[],
        ${col('content_type')}::varchar[], ${col('size_bytes')}::bigint[], ${col('width')}::integer[], ${col('height')}::integer[], ${col('content_hash')}::varchar[])`.execute(this.db);
  }

  /** A video item's facts, as the import recorded them (undefined for any other subject). */
  async video(subjectId: number): Promise<VideoInfo | undefined> {
    const v = await this.db.selectFrom('subject_videos').selectAll().where('subject_id', '=', subjectId).executeTakeFirst();
    if (!v) return undefined;
    const duration = Number(v.duration_us) / 1e6;
    return {
      key: v.object_key,
      container: v.container,
      codec: v.codec,
      width: v.width,
      height: v.height,
      rotation: v.rotation,
      // As the probe computed it: frames over the span they cover.
      frameRate: duration > 0 ? Math.round((v.file_frames / duration) * 1e6) / 1e6 : 0,
      variableFrameRate: v.variable_frame_rate === 1,
      fileFrames: v.file_frames,
      firstFrame: v.first_frame,
      frameCount: v.frame_count,
      duration,
      timesKey: v.times_key,
    };
  }

  /** Which of these frame-times objects an item still names. */
  async timesKeysInUse(keys: readonly string[]): Promise<Set<string>> {
    const used = new Set<string>();
    for (const part of chunks(keys)) {
      const rows = await this.db.selectFrom('subject_videos').select('times_key').distinct().where('times_key', 'in', part).execute();
      for (const r of rows) used.add(r.times_key);
    }
    return used;
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
    const [frames, video] = await Promise.all([
      this.db
        .selectFrom('subject_frames')
        .select(['id', 'frame_index', 'object_key', 'file_name', 'content_type', 'size_bytes', 'width', 'height', 'content_hash'])
        .where('subject_id', '=', id)
        .orderBy('frame_index')
        .execute(),
      s.record_type === 'video' ? this.video(id) : Promise.resolve(undefined),
    ]);
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
      ...(video ? { video } : {}),
    };
  }
}
