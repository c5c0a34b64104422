import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import { ANNOTATION_VERSION, migrateFrameData, type FrameData } from '../../src-shared/model/annotation';
import type { ExportItem, ExportNote, ExportReview, ExportTaskSubject } from './formats';
import { selectedSubjects, type ExportSelection } from './exportQuery';

/** Subjects read per round trip at most: three queries per page, whatever the project's size. */
export const EXPORT_PAGE_SIZE = 500;
/**
 * Objects a page should hold at most. Pages shrink when subjects carry many objects (a video
 * of 1,000 frames, a frame of 20,000 points), so the memory of a page stays bounded by objects,
 * not by subjects.
 */
export const EXPORT_PAGE_OBJECTS = 20_000;

export interface ItemSourceOptions {
  /** lossless exports: the task subject, notes and review verdicts of each subject too */
  withHistory?: boolean;
  pageSize?: number;
  /** after each page: how many subjects were looked at so far (label filtering included) */
  onPage?: (lookedAt: number) => Promise<void> | void;
}

const emptyFrame = (): FrameData => ({ version: ANNOTATION_VERSION, objects: [], classifications: [] });

/** Whether a subject has an object or classification with one of the labels. */
const hasLabel = (item: ExportItem, labels: ReadonlySet<string>) =>
  item.frames.some((f) => f.data.objects.some((o) => o.labelId !== undefined && labels.has(o.labelId)) || f.data.classifications.some((c) => c.labelId !== undefined && labels.has(c.labelId)));

type PageRow = { id: number; name: string; record_type: string; batch_id: number; ts_id: number | null; task_id: number | null; workflow_id: number | null; step_index: number | null; state: string | null; version: number | null; updated_at: number | null };

/**
 * The subjects a plan selects as ExportItems, in id order, read by keyset pages: memory holds
 * one page whatever the project's size, and a page costs the same at the end as at the start.
 */
export async function* exportItems(db: Kysely<Database>, sel: ExportSelection, opts: ItemSourceOptions = {}): AsyncGenerator<ExportItem> {
  const maxPage = opts.pageSize ?? EXPORT_PAGE_SIZE;
  let pageSize = Math.min(maxPage, 50);
  const labels = sel.filters.labelIds ? new Set(sel.filters.labelIds) : null;
  let cursor = 0;
  let lookedAt = 0;
  for (;;) {
    const rows = (await selectedSubjects(db, sel)
      .select(['s.id', 's.name', 's.record_type', 's.batch_id', 'ts.id as ts_id', 'ts.task_id', 'ts.workflow_id', 'ts.step_index', 'ts.state', 'ts.version', 'ts.updated_at'])
      .where('s.id', '>', cursor)
      .orderBy('s.id')
      .limit(pageSize)
      .execute()) as PageRow[];
    if (rows.length === 0) return;
    cursor = rows[rows.length - 1]!.id;
    const items = await readPage(db, rows, opts.withHistory ?? false);
    const objects = items.reduce((n, item) => n + item.frames.reduce((m, f) => m + f.data.objects.length + f.data.classifications.length, 0), 0);
    const full = rows.length === pageSize;
    // The next page's size from this one's objects per subject (starting small, growing to maxPage).
    pageSize = Math.max(1, Math.min(maxPage, Math.floor(EXPORT_PAGE_OBJECTS / Math.max(1, objects / rows.length))));
    for (const item of items) {
      if (labels && !hasLabel(item, labels)) continue;
      yield item;
    }
    lookedAt += rows.length;
    await opts.onPage?.(lookedAt);
    if (!full) return;
  }
}

async function readPage(db: Kysely<Database>, rows: PageRow[], withHistory: boolean): Promise<ExportItem[]> {
  const subjectIds = rows.map((r) => r.id);
  const tsIds = rows.flatMap((r) => (r.ts_id === null ? [] : [r.ts_id]));
  const videoIds = rows.filter((r) => r.record_type === 'video').map((r) => r.id);
  const [frames, annotations, videos] = await Promise.all([
    db
      .selectFrom('subject_frames')
      .select(['id', 'subject_id', 'frame_index', 'file_name', 'width', 'height', 'object_key'])
      .where('subject_id', 'in', subjectIds)
      .orderBy('subject_id')
      .orderBy('frame_index')
      .execute(),
    tsIds.length === 0
      ? Promise.resolve([])
      : db.selectFrom('annotation_frames').select(['task_subject_id', 'frame_id', 'data']).where('task_subject_id', 'in', tsIds).execute(),
    // a video item's first frame in its file: formats that number frames count from it (MOT)
    videoIds.length === 0 ? Promise.resolve([]) : db.selectFrom('subject_videos').select(['subject_id', 'first_frame']).where('subject_id', 'in', videoIds).execute(),
  ]);
  const firstFrameOf = new Map(videos.map((v) => [v.subject_id, v.first_frame]));
  const dataOf = new Map<string, string>();
  for (const a of annotations) dataOf.set(`${a.task_subject_id}:${a.frame_id}`, a.data);
  const framesOf = new Map<number, typeof frames>();
  for (const f of frames) {
    const list = framesOf.get(f.subject_id);
    if (list) list.push(f);
    else framesOf.set(f.subject_id, [f]);
  }
  const history = withHistory ? await readHistory(db, subjectIds, tsIds) : null;

  return rows.map((r) => {
    const item: ExportItem = {
      dataId: r.id,
      name: r.name,
      recordType: r.record_type === 'frame' || r.record_type === 'video' ? r.record_type : 'image',
      ...(firstFrameOf.has(r.id) ? { firstFrame: firstFrameOf.get(r.id)! } : {}),
      frames: (framesOf.get(r.id) ?? []).map((f) => {
        const stored = r.ts_id === null ? undefined : dataOf.get(`${r.ts_id}:${f.id}`);
        return {
          frameId: f.id,
          index: f.frame_index,
          fileName: f.file_name,
          width: f.width,
          height: f.height,
          data: stored === undefined ? emptyFrame() : migrateFrameData(JSON.parse(stored)),
          objectKey: f.object_key,
        };
      }),
    };
    if (!history) return item;
    const taskSubject: ExportTaskSubject | null =
      r.ts_id === null
        ? null
        : { taskSubjectId: r.ts_id, taskId: r.task_id!, workflowId: r.workflow_id!, stepIndex: r.step_index!, state: r.state!, version: r.version!, updatedAt: Number(r.updated_at) };
    return { ...item, batchId: r.batch_id, taskSubject, notes: history.notes.get(r.id) ?? [], reviews: r.ts_id === null ? [] : (history.reviews.get(r.ts_id) ?? []) };
  });
}

/** Notes of the subjects and review verdicts of their task subjects, for the lossless format. */
async function readHistory(db: Kysely<Database>, subjectIds: number[], tsIds: number[]) {
  const [notes, verdicts] = await Promise.all([
    db
      .selectFrom('notes as n')
      .leftJoin('note_labels as nl', 'nl.id', 'n.label_id')
      .leftJoin('users as cu', 'cu.id', 'n.created_by')
      .leftJoin('users as ru', 'ru.id', 'n.resolved_by')
      .selectAll('n')
      .select(['nl.name as label_name', 'cu.name as created_by_name', 'ru.name as resolved_by_name'])
      .where('n.subject_id', 'in', subjectIds)
      .orderBy('n.id')
      .execute(),
    tsIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('task_subject_logs as l')
          .leftJoin('workflows as wf', 'wf.id', 'l.workflow_id')
          .leftJoin('users as u', 'u.id', 'l.user_id')
          .select(['l.task_subject_id', 'l.action', 'l.workflow_id', 'l.step_index', 'l.user_id', 'l.reason', 'l.reject_reason_ids', 'l.created_at', 'wf.name as step_name', 'u.name as user_name'])
          .where('l.task_subject_id', 'in', tsIds)
          .where('l.action', 'in', ['pass', 'reject'])
          .orderBy('l.id')
          .execute(),
  ]);
  // A person reading the file sees who, at which step and why by name; the ids stay for tools.
  const reasonIds = [...new Set(verdicts.flatMap((v) => JSON.parse(v.reject_reason_ids) as number[]))];
  const reasonNames = new Map(
    reasonIds.length === 0 ? [] : (await db.selectFrom('reject_reasons').select(['id', 'reason']).where('id', 'in', reasonIds).execute()).map((r) => [r.id, r.reason] as const),
  );
  const byKey = <T>(map: Map<number, T[]>, key: number, value: T) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  const notesOf = new Map<number, ExportNote[]>();
  for (const n of notes) {
    byKey(notesOf, n.subject_id, {
      id: n.id,
      taskSubjectId: n.task_subject_id,
      frameId: n.frame_id,
      objectId: n.object_id,
      labelId: n.label_id,
      labelName: n.label_name ?? null,
      content: n.content,
      status: n.status,
      createdBy: n.created_by,
      createdByName: n.created_by_name ?? null,
      createdAt: Number(n.created_at),
      resolvedBy: n.resolved_by,
      resolvedByName: n.resolved_by_name ?? null,
      resolvedAt: n.resolved_at === null ? null : Number(n.resolved_at),
    });
  }
  const reviewsOf = new Map<number, ExportReview[]>();
  for (const v of verdicts) {
    byKey(reviewsOf, v.task_subject_id, {
      action: v.action as ExportReview['action'],
      workflowId: v.workflow_id,
      // A step nobody named has no name to write (the renderer shows "Review 2" in the reader's language); stepIndex says which.
      stepName: v.step_name || null,
      stepIndex: v.step_index,
      userId: v.user_id,
      userName: v.user_name ?? null,
      reason: v.reason,
      rejectReasonIds: JSON.parse(v.reject_reason_ids) as number[],
      rejectReasons: (JSON.parse(v.reject_reason_ids) as number[]).map((id) => reasonNames.get(id) ?? null),
      at: Number(v.created_at),
    });
  }
  return { notes: notesOf, reviews: reviewsOf };
}
