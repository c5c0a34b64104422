import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database, SubjectsTable } from '../database/schema';
import type { SubjectItem, SubjectListPage, SubjectRecordType } from '../../src-shared/api/subject';
import { BatchesRepository } from './batches';
import { likeContains } from './like';

/** What every subject list, count and sample narrows by; a batch must be known to be the project's. */
export interface SubjectFilters {
  projectId: number;
  batchId?: number;
  /** name contains, ASCII case ignored */
  name?: string;
  recordType?: SubjectRecordType;
}

/**
 * Below this offset a page skips rows with OFFSET (a few milliseconds at most); from here on it
 * seeks through the batches' counts first (see seekStart).
 */
const SEEK_FROM_OFFSET = 2000;
/** More non-empty batches than this and reading their id ranges costs more than it saves. */
const SEEK_MAX_BATCHES = 2000;

type SubjectsQuery = SelectQueryBuilder<Database & { s: SubjectsTable }, 's', object>;

/** A filter that only the counters of the batches can answer without reading subjects. */
const countable = (f: SubjectFilters) => f.name === undefined && f.recordType === undefined;

/**
 * Listing, counting and locating a project's subjects at any depth. Every read walks one of
 * the (project_id, id) and (batch_id, id) indexes in id order, so a page never sorts.
 */
export class SubjectListRepository {
  private readonly batches: BatchesRepository;
  constructor(private readonly db: Kysely<Database>) {
    this.batches = new BatchesRepository(db);
  }

  /** The subjects matching the filters, as a query on `subjects as s`. */
  matching(f: SubjectFilters): SubjectsQuery {
    // A batch belongs to one project for life and callers check it is this project's, so with a
    // batch the project condition is left out: then (batch_id, id) alone answers, index-only.
    let q = f.batchId !== undefined
      ? this.db.selectFrom('subjects as s').where('s.batch_id', '=', f.batchId)
      : this.db.selectFrom('subjects as s').where('s.project_id', '=', f.projectId);
    if (f.recordType !== undefined) q = q.where('s.record_type', '=', f.recordType);
    if (f.name !== undefined) q = q.where(likeContains('s.name', f.name));
    return q;
  }

  /** How many subjects match: from the batches' counters when no subject column is filtered. */
  async count(f: SubjectFilters): Promise<number> {
    if (countable(f)) {
      if (f.batchId !== undefined) return (await this.batches.find(f.projectId, f.batchId))?.subjectCount ?? 0;
      return this.batches.subjectTotal(f.projectId);
    }
    // A record type alone is counted per batch too (batch_type_counts), not by reading the matches.
    if (f.name === undefined && f.recordType !== undefined) return this.batches.typeTotal(f.projectId, f.recordType, f.batchId);
    const r = await this.matching(f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /**
   * One page in id order: after `afterId` when given, `page` counting from there. The answer's
   * nextAfterId is the page's last id when more follow.
   */
  async list(f: SubjectFilters, p: { page: number; pageSize: number; afterId?: number }): Promise<SubjectListPage> {
    let q = this.matching(f);
    if (p.afterId !== undefined) q = q.where('s.id', '>', p.afterId);
    let offset = (p.page - 1) * p.pageSize;
    if (offset >= SEEK_FROM_OFFSET && p.afterId === undefined && countable(f)) {
      const start = await this.seekStart(f, offset);
      if (start === null) return { list: [], page: p.page, pageSize: p.pageSize, nextAfterId: null };
      q = q.where('s.id', '>=', start);
      offset = 0;
    }
    // One row more than the page tells whether another page follows.
    const ids = (await q.select('s.id').orderBy('s.id').limit(p.pageSize + 1).offset(offset).execute()).map((r) => r.id);
    const more = ids.length > p.pageSize;
    const list = await this.items(ids.slice(0, p.pageSize));
    return { list, page: p.page, pageSize: p.pageSize, nextAfterId: more ? list[list.length - 1]!.dataId : null };
  }

  /**
   * The id of the subject at position `offset` (0-based, id order) among the project's (or one
   * batch's) subjects, or null past the end, without reading the rows before it. Each batch
   * covers an id range and knows its count; batches whose ranges overlap (subjects added to an
   * older batch later) are merged into one group. The groups are disjoint and ordered, so
   * summing their counts finds the group holding the position, and only rows inside that
   * group are skipped, through the index. Falls back to a plain skip when there are too many
   * batches for this to pay.
   */
  private async seekStart(f: SubjectFilters, offset: number): Promise<number | null> {
    const nth = (q: SubjectsQuery, n: number) =>
      q.select('s.id').orderBy('s.id').limit(1).offset(n).executeTakeFirst().then((r) => r?.id ?? null);
    if (f.batchId !== undefined) return nth(this.matching(f), offset);
    const ranges = await this.db
      .selectFrom('batches as b')
      .select((eb) => [
        'b.subject_count',
        eb.selectFrom('subjects').select((e) => e.fn.min<number>('id').as('lo')).whereRef('subjects.batch_id', '=', 'b.id').as('lo'),
        eb.selectFrom('subjects').select((e) => e.fn.max<number>('id').as('hi')).whereRef('subjects.batch_id', '=', 'b.id').as('hi'),
      ])
      .where('b.project_id', '=', f.projectId)
      .where('b.subject_count', '>', 0)
      .limit(SEEK_MAX_BATCHES + 1)
      .execute();
    if (ranges.length > SEEK_MAX_BATCHES) return nth(this.matching(f), offset);
    const groups: { lo: number; hi: number; count: number }[] = [];
    const sorted = ranges
      .filter((r) => r.lo !== null && r.hi !== null)
      .map((r) => ({ lo: Number(r.lo), hi: Number(r.hi), count: Number(r.subject_count) }))
      .sort((a, b) => a.lo - b.lo);
    for (const r of sorted) {
      const last = groups[groups.length - 1];
      if (last && r.lo <= last.hi) {
        last.hi = Math.max(last.hi, r.hi);
        last.count += r.count;
      } else groups.push({ ...r });
    }
    let before = 0;
    for (const g of groups) {
      if (offset < before + g.count) return nth(this.matching(f).where('s.id', '>=', g.lo), offset - before);
      before += g.count;
    }
    return null;
  }

  /**
   * Subjects as lists show them, with their first frame, in the order of the ids given. Two
   * lookups by key rather than a join: right after a large import the planner's statistics are
   * stale, and a join was then planned as a walk over every frame of the table.
   */
  async items(ids: readonly number[]): Promise<SubjectItem[]> {
    if (ids.length === 0) return [];
    const [rows, frames] = await Promise.all([
      this.db
        .selectFrom('subjects')
        .select(['id', 'name', 'record_type', 'frame_count', 'size_bytes', 'batch_id', 'created_at'])
        .where('id', 'in', ids)
        .execute(),
      this.db
        .selectFrom('subject_frames')
        .select(['subject_id', 'id', 'object_key', 'width', 'height'])
        .where('subject_id', 'in', ids)
        .where('frame_index', '=', 0)
        .execute(),
    ]);
    const videoIds = rows.filter((r) => r.record_type === 'video').map((r) => r.id);
    const videos =
      videoIds.length === 0
        ? []
        : await this.db.selectFrom('subject_videos').select(['subject_id', 'duration_us', 'file_frames', 'frame_count']).where('subject_id', 'in', videoIds).execute();
    // A stretch's length is its share of the file's frames (exact for a whole file and for a constant rate).
    const duration = new Map(videos.map((v) => [v.subject_id, Math.round((Number(v.duration_us) * v.frame_count) / Math.max(1, v.file_frames)) / 1e6]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const firstFrame = new Map(frames.map((f) => [f.subject_id, f]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      const f = firstFrame.get(id);
      // A subject deleted between the id query and these is left out.
      if (!r || !f) return [];
      return [{
        dataId: r.id,
        name: r.name,
        recordType: r.record_type as SubjectRecordType,
        frameCount: r.frame_count,
        sizeBytes: Number(r.size_bytes),
        batchId: r.batch_id,
        createdAt: r.created_at,
        firstFrame: { frameId: f.id, key: f.object_key, width: f.width, height: f.height },
        ...(duration.has(id) ? { duration: duration.get(id)! } : {}),
      }];
    });
  }
}
