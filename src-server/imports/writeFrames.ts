/**
 * Writes the imported frames onto task subjects, one transaction per chunk of task subjects:
 * each task subject is locked (in id order, so overlapping imports and saves queue up instead of
 * deadlocking), left alone if a worker took it since the import looked, else its frames are
 * built on what they hold now, its version is bumped with the same compare-and-set a save uses
 * (a client holding the old version gets `annotate.stale` on its next save rather than
 * overwriting the import), and the frames are stored stamped with that version. After each
 * chunk commits, the task's room hears `taskSubject.changed` for the task subjects written.
 */
import type { ImportMode } from '../../src-shared/api/projectImport';
import type { FrameData } from '../../src-shared/model/annotation';
import { room } from '../../src-shared/api/realtime';
import type { ServerContext } from '../context';
import { AnnotationsRepository } from '../repositories/annotations';
import { bumpVersion, lockTaskSubject } from '../repositories/taskSubjectFlow';
import { frameWrite } from '../routes/annotate/applySave';
import { buildFrame, type ImportedFrameContent } from './buildFrame';
import { isHeld } from './taskSubjectsOf';

/** Task subjects per transaction: short enough that saves waiting on a lock are not kept long. */
export const WRITE_CHUNK = 100;

export interface TaskSubjectWrite {
  taskSubjectId: number;
  frames: Map<number, ImportedFrameContent>;
}

export interface WriteOutcome {
  written: TaskSubjectWrite[];
  /** taken by a worker between the import's look and its write */
  held: number[];
  objects: number;
  classifications: number;
}

/**
 * Imported tracks whose id an object the task subject keeps already has (an append of a lossless
 * file onto the frames it came from) get a fresh id, the same on every frame, so the track
 * stays one and does not merge into the kept object.
 */
function trackRenames(w: TaskSubjectWrite, current: ReadonlyMap<number, FrameData>, mode: ImportMode, newId: () => string): Map<string, string> {
  const kept = new Set<string>();
  for (const [frameId, content] of w.frames) if (mode === 'append' || content.addOnly) for (const o of current.get(frameId)?.objects ?? []) kept.add(o.id);
  const renamed = new Map<string, string>();
  for (const content of w.frames.values()) for (const o of content.objects) if (o.keyframe && kept.has(o.id) && !renamed.has(o.id)) renamed.set(o.id, newId());
  return renamed;
}

export async function writeImportedFrames(
  ctx: ServerContext,
  p: { taskId: number; userId: number; mode: ImportMode; writes: readonly TaskSubjectWrite[]; newId: () => string; skipped: Record<string, number> },
): Promise<WriteOutcome> {
  const out: WriteOutcome = { written: [], held: [], objects: 0, classifications: 0 };
  const ordered = [...p.writes].sort((a, b) => a.taskSubjectId - b.taskSubjectId);
  for (let i = 0; i < ordered.length; i += WRITE_CHUNK) {
    const now = ctx.now();
    const chunk = await ctx.db.transaction().execute(async (trx) => {
      const annotations = new AnnotationsRepository(trx);
      const done: WriteOutcome = { written: [], held: [], objects: 0, classifications: 0 };
      for (const w of ordered.slice(i, i + WRITE_CHUNK)) {
        const row = await lockTaskSubject(trx, ctx.dialect, w.taskSubjectId);
        if (!row || isHeld(row)) {
          done.held.push(w.taskSubjectId);
          continue;
        }
        const current = new Map((await annotations.frames(row.id, [...w.frames.keys()])).map((f) => [f.frameId, f.data]));
        const renamed = trackRenames(w, current, p.mode, p.newId);
        const frames = [...w.frames].flatMap(([frameId, content]) => {
          const before = current.get(frameId) ?? null;
          // nothing there and nothing to put there (a sequence's frame without a line): no row to write
          if (!before && content.objects.length === 0 && content.classifications.length === 0) return [];
          const built = buildFrame(before, content, p.mode, p.newId, p.skipped, renamed);
          done.objects += built.added.objects;
          done.classifications += built.added.classifications;
          return [frameWrite(frameId, built.data)];
        });
        const next = await bumpVersion(trx, row, now, 'annotate.stale');
        await annotations.writeFrames(row.id, frames, { version: next.version, userId: p.userId, now });
        done.written.push(w);
      }
      return done;
    });
    out.written.push(...chunk.written);
    out.held.push(...chunk.held);
    out.objects += chunk.objects;
    out.classifications += chunk.classifications;
    if (chunk.written.length > 0) {
      await ctx.realtime.publish(room('task', p.taskId), 'taskSubject.changed', { taskId: p.taskId, taskSubjectIds: chunk.written.map((w) => w.taskSubjectId), action: 'imported' });
    }
  }
  return out;
}
