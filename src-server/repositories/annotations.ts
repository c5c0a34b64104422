import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import type { AnnotationSaveEntry, AnnotationSnapshot, AnnotationSnapshotEntry } from '../../src-shared/api/taskSubject';
import type { PageOf } from '../../src-shared/api/envelope';
import { migrateFrameData, type FrameData } from '../../src-shared/model/annotation';

/** A frame ready to write: its data already validated and serialized once. */
export interface FrameWrite {
  frameId: number;
  json: string;
  objectCount: number;
}

/** One stored frame, its data brought up to the current model version. */
export interface StoredFrame {
  frameId: number;
  data: FrameData;
  version: number;
  updatedBy: number;
  updatedAt: number;
}

/** What a save recorded, to answer its retries. */
export interface SaveRecord {
  saveId: string;
  version: number;
  userId: number;
  createdAt: number;
}

/** Objects on the frames of a stored snapshot, whatever version each frame was written in. */
function snapshotObjectCount(framesJson: string): number {
  const frames: unknown = JSON.parse(framesJson);
  if (!Array.isArray(frames)) return 0;
  let n = 0;
  for (const f of frames as { data?: { objects?: unknown } }[]) if (Array.isArray(f?.data?.objects)) n += f.data.objects.length;
  return n;
}

/** Who handed a snapshot on, when and how, as both snapshot routes answer it. */
const snapshotHead = (r: { id: number; version: number; step_index: number; action: string; user_id: number; name: string | null; created_at: number | string | bigint }) => ({
  snapshotId: r.id,
  version: r.version,
  stepIndex: r.step_index,
  action: r.action,
  userId: r.user_id,
  userName: r.name ?? '',
  createdAt: Number(r.created_at),
});

/** Frame ids in one `in (...)` list at most. */
const FRAME_IDS_PER_QUERY = 5000;

/** The per-frame annotations of task subjects, their saves (idempotency) and snapshots. */
export class AnnotationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stored frames of a task subject (these frames, or all), in frame id order. */
  async frames(taskSubjectId: number, frameIds?: readonly number[]): Promise<StoredFrame[]> {
    // An item's every frame (an import of a whole sequence) would pass both databases' bound-parameter limits in one list.
    if (frameIds && frameIds.length > FRAME_IDS_PER_QUERY) {
      const sorted = [...frameIds].sort((a, b) => a - b);
      const out: StoredFrame[] = [];
      for (let i = 0; i < sorted.length; i += FRAME_IDS_PER_QUERY) out.push(...(await this.frames(taskSubjectId, sorted.slice(i, i + FRAME_IDS_PER_QUERY))));
      return out;
    }
    let q = this.db
      .selectFrom('annotation_frames')
      .select(['frame_id', 'data', 'version', 'updated_by', 'updated_at'])
      .where('task_subject_id', '=', taskSubjectId);
    if (frameIds) q = q.where('frame_id', 'in', frameIds.length ? frameIds : [0]);
    const rows = await q.orderBy('frame_id').execute();
    return rows.map((r) => ({
      frameId: r.frame_id,
      data: migrateFrameData(JSON.parse(r.data)),
      version: r.version,
      updatedBy: r.updated_by,
      updatedAt: r.updated_at,
    }));
  }

  /**
   * The subject's frames in order (these, or all) with what the task subject stored on each,
   * in one query: the frames a load answers, and whether the ids asked for are the subject's.
   * `savedOnly`: only the frames something was stored on.
   */
  async subjectFrames(taskSubjectId: number, subjectId: number, frameIds?: readonly number[], savedOnly = false): Promise<{ frameId: number; stored: StoredFrame | null }[]> {
    let q = this.db
      .selectFrom('subject_frames as sf')
      .leftJoin('annotation_frames as af', (j) => j.on('af.task_subject_id', '=', taskSubjectId).onRef('af.frame_id', '=', 'sf.id'))
      .select(['sf.id', 'af.data', 'af.version', 'af.updated_by', 'af.updated_at'])
      .where('sf.subject_id', '=', subjectId);
    if (frameIds) q = q.where('sf.id', 'in', frameIds.length ? frameIds : [0]);
    // (both databases' planners make this left join an inner one)
    if (savedOnly) q = q.where('af.frame_id', 'is not', null);
    const rows = await q.orderBy('sf.frame_index').execute();
    return rows.map((r) => ({
      frameId: r.id,
      stored:
        r.data === null
          ? null
          : { frameId: r.id, data: migrateFrameData(JSON.parse(r.data)), version: r.version ?? 0, updatedBy: r.updated_by ?? 0, updatedAt: Number(r.updated_at ?? 0) },
    }));
  }

  async findSave(taskSubjectId: number, saveId: string): Promise<SaveRecord | undefined> {
    const r = await this.db
      .selectFrom('annotation_saves')
      .select(['save_id', 'version', 'user_id', 'created_at'])
      .where('task_subject_id', '=', taskSubjectId)
      .where('save_id', '=', saveId)
      .executeTakeFirst();
    return r && { saveId: r.save_id, version: r.version, userId: r.user_id, createdAt: r.created_at };
  }

  /** Replaces these frames' data (insert or overwrite), stamped with the task subject's new version. */
  async writeFrames(taskSubjectId: number, frames: readonly FrameWrite[], p: { version: number; userId: number; now: number }): Promise<void> {
    // 7 columns a row: 2,000 rows stay under both databases' bound-parameter limits.
    for (let i = 0; i < frames.length; i += 2000) {
      const rows = frames.slice(i, i + 2000).map((f) => ({
        task_subject_id: taskSubjectId,
        frame_id: f.frameId,
        data: f.json,
        object_count: f.objectCount,
        version: p.version,
        updated_by: p.userId,
        updated_at: p.now,
      }));
      await this.db
        .insertInto('annotation_frames')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['task_subject_id', 'frame_id']).doUpdateSet((eb) => ({
            data: eb.ref('excluded.data'),
            object_count: eb.ref('excluded.object_count'),
            version: eb.ref('excluded.version'),
            updated_by: eb.ref('excluded.updated_by'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    }
  }

  async recordSave(taskSubjectId: number, s: SaveRecord): Promise<void> {
    await this.db
      .insertInto('annotation_saves')
      .values({ task_subject_id: taskSubjectId, save_id: s.saveId, version: s.version, user_id: s.userId, created_at: s.createdAt })
      .execute();
  }

  /** Objects on all frames of a task subject (what the log records at each transition). */
  async objectCount(taskSubjectId: number): Promise<number> {
    const r = await this.db
      .selectFrom('annotation_frames')
      .select((eb) => eb.fn.sum<number>('object_count').as('n'))
      .where('task_subject_id', '=', taskSubjectId)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /** Whether anyone has saved work on these task subjects; answers those that have. */
  async withSaves(taskSubjectIds: readonly number[]): Promise<Set<number>> {
    if (taskSubjectIds.length === 0) return new Set();
    const rows = await this.db.selectFrom('annotation_saves').select('task_subject_id').distinct().where('task_subject_id', 'in', taskSubjectIds).execute();
    return new Set(rows.map((r) => r.task_subject_id));
  }

  /**
   * Keeps what a step handed on (submit, pass): every frame as it is now, so a reviewer can
   * diff against the previous submission even after later edits.
   */
  async snapshot(p: { taskSubjectId: number; version: number; stepIndex: number; action: string; userId: number; now: number }): Promise<void> {
    const rows = await this.db.selectFrom('annotation_frames').select(['frame_id', 'data']).where('task_subject_id', '=', p.taskSubjectId).orderBy('frame_id').execute();
    // The stored JSON texts are spliced in as they are: no parse and re-serialize of large frames.
    const frames = `[${rows.map((r) => `{"frameId":${r.frame_id},"data":${r.data}}`).join(',')}]`;
    await this.db
      .insertInto('annotation_snapshots')
      .values({ task_subject_id: p.taskSubjectId, version: p.version, step_index: p.stepIndex, action: p.action, frames, user_id: p.userId, created_at: p.now })
      .execute();
  }

  /**
   * What the steps handed on, newest first. The object count is read from each snapshot's
   * frames (snapshots keep no count of their own), so a page costs a parse of its snapshots.
   */
  async snapshots(taskSubjectId: number, page: number, pageSize: number): Promise<PageOf<AnnotationSnapshotEntry>> {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('annotation_snapshots as s')
        .leftJoin('users as u', 'u.id', 's.user_id')
        .select(['s.id', 's.version', 's.step_index', 's.action', 's.user_id', 'u.name', 's.created_at', 's.frames'])
        .where('s.task_subject_id', '=', taskSubjectId)
        .orderBy('s.id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      this.db
        .selectFrom('annotation_snapshots')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('task_subject_id', '=', taskSubjectId)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      list: rows.map((r) => ({ ...snapshotHead(r), objectCount: snapshotObjectCount(r.frames) })),
      total: Number(total.n),
      page,
      pageSize,
    };
  }

  /** One snapshot of this task subject with its frames brought up to the current model version; undefined when it is not this task subject's. */
  async snapshotOf(taskSubjectId: number, snapshotId: number): Promise<AnnotationSnapshot | undefined> {
    const r = await this.db
      .selectFrom('annotation_snapshots as s')
      .leftJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id', 's.version', 's.step_index', 's.action', 's.user_id', 'u.name', 's.created_at', 's.frames'])
      .where('s.id', '=', snapshotId)
      .where('s.task_subject_id', '=', taskSubjectId)
      .executeTakeFirst();
    if (!r) return undefined;
    const frames = JSON.parse(r.frames) as { frameId: number; data: unknown }[];
    return { ...snapshotHead(r), frames: frames.map((f) => ({ frameId: f.frameId, data: migrateFrameData(f.data) })) };
  }

  /** Accepted saves, newest first. */
  async saves(taskSubjectId: number, page: number, pageSize: number): Promise<PageOf<AnnotationSaveEntry>> {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('annotation_saves')
        .innerJoin('users', 'users.id', 'annotation_saves.user_id')
        .select(['annotation_saves.save_id', 'annotation_saves.version', 'annotation_saves.user_id', 'users.name', 'annotation_saves.created_at'])
        .where('annotation_saves.task_subject_id', '=', taskSubjectId)
        .orderBy('annotation_saves.version', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      this.db
        .selectFrom('annotation_saves')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('task_subject_id', '=', taskSubjectId)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      list: rows.map((r) => ({ saveId: r.save_id, version: r.version, userId: r.user_id, userName: r.name, createdAt: r.created_at })),
      total: Number(total.n),
      page,
      pageSize,
    };
  }
}
