/**
 * MOT sequences onto the project's items (docs/imports.md, "MOT sequences"): each sequence to an
 * item by its folder's name (sequenceNames.ts); a zip of one sequence whose folder names no item
 * (CVAT's export of a task has its sequence at the root) to the task's only frame item, when it
 * has exactly one. A sequence's frame N is the item's frame N - 1 (for a video item, the file's
 * frame N - 1: docs/video.md, "Frame numbers"); a number past the item's frames refuses the whole
 * import (`import.frameOutOfRange`, naming the file and line). A sequence describes its whole
 * item: every frame of the item is matched, those without a line with nothing, so that `replace`
 * clears what the file says is not there.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema';
import { AppError } from '../errors';
import type { ProjectFrame } from './frameMatcher';
import type { FileMatches } from './matchFiles';
import { SequenceNames, type ProjectItem, type SequenceMatch } from './sequenceNames';
import type { SourceFrame } from './sourceModel';
import { subjectFrames } from './subjectFrames';
import { Listed } from './tally';

const PAGE = 5000;

/** The frames of one sequence of the zip, in file order, by its gt.txt. */
export function bySequence(frames: readonly SourceFrame[]): Map<string, SourceFrame[]> {
  const out = new Map<string, SourceFrame[]>();
  for (const f of frames) {
    if (!f.sequence) continue;
    const list = out.get(f.sequence.file) ?? [];
    list.push(f);
    out.set(f.sequence.file, list);
  }
  return out;
}

/**
 * The sequences' frames matched to the items' frames, given where each sequence goes and the
 * items' frames in order. `firstFrame`: a video item's first frame in its file (absent: 0).
 */
export function placeSequences(
  sequences: ReadonlyMap<string, readonly SourceFrame[]>,
  targetOf: (folder: string) => SequenceMatch,
  framesOf: ReadonlyMap<number, readonly ProjectFrame[]>,
  firstFrameOf: (subjectId: number) => number = () => 0,
): FileMatches {
  const out: FileMatches = { matched: new Map(), unmatched: new Listed(), ambiguous: new Listed() };
  for (const [file, frames] of sequences) {
    const target = targetOf(frames[0]!.sequence!.folder);
    if (target.kind === 'unmatched') out.unmatched.add(file);
    if (target.kind === 'ambiguous') out.ambiguous.add({ fileName: file, frames: target.items });
    if (target.kind !== 'matched') continue;
    const { item } = target;
    const itemFrames = framesOf.get(item.subjectId) ?? [];
    const first = firstFrameOf(item.subjectId);
    const at = new Map<number, SourceFrame[]>();
    for (const f of frames) {
      const { frame, line } = f.sequence!;
      const index = frame - 1 - first;
      if (index < 0 || index >= itemFrames.length) {
        throw new AppError('import.frameOutOfRange', { file, line, frame, frames: itemFrames.length, firstFrame: first + 1, item: item.name });
      }
      at.set(index, [...(at.get(index) ?? []), f]);
    }
    for (const pf of itemFrames) {
      const known = out.matched.get(pf.frameId);
      const sources = at.get(pf.index) ?? [];
      if (known) known.sources.push(...sources);
      else out.matched.set(pf.frameId, { frame: pf, sources });
    }
  }
  return out;
}

/** The project's items, a page at a time (keyset), shown to a matcher of the folders. */
async function namesOf(db: Kysely<Database>, projectId: number, folders: Iterable<string>): Promise<SequenceNames> {
  const names = new SequenceNames(folders);
  for (let after = 0; ; ) {
    const rows = await db.selectFrom('subjects').select(['id', 'name', 'record_type']).where('project_id', '=', projectId).where('id', '>', after).orderBy('id').limit(PAGE).execute();
    for (const r of rows) names.see({ subjectId: r.id, name: r.name, recordType: r.record_type });
    if (rows.length < PAGE) return names;
    after = rows[rows.length - 1]!.id;
  }
}

/** Video items' first frames in their files (a sequence's frame N is the file's frame N - 1). */
async function firstFramesOf(db: Kysely<Database>, subjectIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < subjectIds.length; i += 1000) {
    const rows = await db.selectFrom('subject_videos').select(['subject_id', 'first_frame']).where('subject_id', 'in', subjectIds.slice(i, i + 1000)).execute();
    for (const r of rows) out.set(r.subject_id, r.first_frame);
  }
  return out;
}

/** The task's only item of frames, or null when it has none or several. */
async function onlySequenceItem(db: Kysely<Database>, taskId: number): Promise<ProjectItem | null> {
  const rows = await db
    .selectFrom('task_subjects as ts')
    .innerJoin('subjects as s', 's.id', 'ts.subject_id')
    .select(['s.id', 's.name', 's.record_type'])
    .where('ts.task_id', '=', taskId)
    .where('s.record_type', '<>', 'image')
    .limit(2)
    .execute();
  return rows.length === 1 ? { subjectId: rows[0]!.id, name: rows[0]!.name, recordType: rows[0]!.record_type } : null;
}

export async function matchSequences(db: Kysely<Database>, projectId: number, taskId: number, frames: readonly SourceFrame[]): Promise<{ files: FileMatches; framesOf: Map<number, ProjectFrame[]> }> {
  const sequences = bySequence(frames);
  const folders = [...sequences.values()].map((list) => list[0]!.sequence!.folder);
  const matches = (await namesOf(db, projectId, folders)).matchAll();
  const alone = folders.length === 1 && matches.get(folders[0]!)!.kind === 'unmatched' ? await onlySequenceItem(db, taskId) : null;
  const targetOf = (folder: string): SequenceMatch => (alone ? { kind: 'matched', item: alone } : matches.get(folder)!);
  const subjectIds = folders.flatMap((folder) => {
    const m = targetOf(folder);
    return m.kind === 'matched' ? [m.item.subjectId] : [];
  });
  const framesOf = await subjectFrames(db, subjectIds);
  const firstFrames = await firstFramesOf(db, subjectIds);
  return { files: placeSequences(sequences, targetOf, framesOf, (id) => firstFrames.get(id) ?? 0), framesOf };
}
