import type { SaveResult } from '../../../src-shared/api/annotate';
import { transition } from '../../../src-shared/model/taskSubjectFlow';
import { frameDataIssues, type AnnotationIssue, type FrameData } from '../../../src-shared/model/annotation';
import type { ServerContext } from '../../context';
import { AppError } from '../../errors';
import { AnnotationsRepository, type FrameWrite } from '../../repositories/annotations';
import { ROWS_PER_STATEMENT } from '../../repositories/subjects';
import { applyTransition, bumpVersion, lockTaskSubject, positionOf, type TaskSubjectRow } from '../../repositories/taskSubjectFlow';
import { refuseLapsedLease } from '../../repositories/workPackages';
import { publishMoved } from '../taskSubject/deps';
import { requireStepMember, type WorkScope } from '../taskSubject/workAccess';

/** A frame's data as it will be stored: serialized once, counted once. */
export const frameWrite = (frameId: number, data: FrameData): FrameWrite => ({ frameId, json: JSON.stringify(data), objectCount: data.objects.length });

/** Refuses frames that break the model's rules (the schema was checked by the route), with their paths. */
export function assertSound(frames: readonly { at: string; data: FrameData }[]): void {
  const issues: AnnotationIssue[] = frames.flatMap((f) => frameDataIssues(f.data, f.at));
  if (issues.length > 0) throw new AppError('annotate.invalidData', { issues: issues.slice(0, 20) });
}

/**
 * The frames of the task subject's subject, so a save never writes a frame that is not its own.
 * Only the frames saved are looked up: a video item has 200,000 and a save names one.
 */
export async function assertOwnFrames(ctx: ServerContext, row: TaskSubjectRow, frameIds: readonly number[]): Promise<void> {
  const wanted = [...new Set(frameIds)];
  const own = new Set<number>();
  for (let i = 0; i < wanted.length; i += ROWS_PER_STATEMENT) {
    const part = wanted.slice(i, i + ROWS_PER_STATEMENT);
    for (const f of await ctx.db.selectFrom('subject_frames').select('id').where('subject_id', '=', row.subject_id).where('id', 'in', part).execute()) own.add(f.id);
  }
  const foreign = wanted.filter((id) => !own.has(id));
  if (foreign.length > 0) throw new AppError('annotate.frameNotFound', { frameIds: foreign });
}

export interface SaveInput {
  scope: WorkScope;
  saveId: string;
  baseVersion: number;
  /** the frames to write, built inside the transaction once the version is checked (object edits read the frame first) */
  build: (annotations: AnnotationsRepository) => Promise<FrameWrite[]>;
}

/** A save already recorded under this id answers what it answered then; someone else's id is a conflict. */
function replay(scope: WorkScope, saveId: string, prior: { userId: number; version: number; createdAt: number } | undefined): SaveResult | undefined {
  if (!prior) return undefined;
  if (prior.userId !== scope.userId) throw new AppError('annotate.saveIdTaken');
  return { taskSubjectId: scope.row.id, saveId, version: prior.version, savedAt: prior.createdAt };
}

/**
 * One save of a task subject's annotations, the same for whole frames and object edits:
 * idempotent by save id (a retry answers the first result, even after the holder moved on),
 * then only by the holder (the flow's `save`, which also moves claimed to inProgress and logs
 * that), only against the current version (409 annotate.stale, nothing written), and all of
 * it in one transaction: the version, the frames and the save record commit together.
 */
export async function applySave(ctx: ServerContext, s: SaveInput): Promise<SaveResult> {
  const { scope } = s;
  const first = replay(scope, s.saveId, await new AnnotationsRepository(ctx.db).findSave(scope.row.id, s.saveId));
  if (first) return first;
  requireStepMember(scope);
  const now = ctx.now();
  try {
    const { result, moved } = await ctx.db.transaction().execute(async (trx) => {
      const annotations = new AnnotationsRepository(trx);
      const again = replay(scope, s.saveId, await annotations.findSave(scope.row.id, s.saveId));
      if (again) return { result: again, moved: undefined };
      const row = await lockTaskSubject(trx, ctx.dialect, scope.row.id);
      if (!row) throw new AppError('annotate.notFound');
      await refuseLapsedLease(trx, row, scope.userId);
      if (row.version !== s.baseVersion) throw new AppError('annotate.stale', { version: row.version });
      const flow = { actorId: scope.userId, actorManages: scope.manages };
      const out = transition(positionOf(row), 'save', { ...flow, steps: scope.steps.map((x) => x.type) });
      if (!out.ok) throw new AppError(`taskSubject.${out.reason}`, { state: row.state });
      // Only the first save changes the state (claimed → inProgress) and earns a log row.
      const moved = out.next.state !== row.state;
      const next = moved ? await applyTransition(trx, { row, steps: scope.steps, action: 'save', flow, now }) : await bumpVersion(trx, row, now, 'annotate.stale');
      await annotations.writeFrames(row.id, await s.build(annotations), { version: next.version, userId: scope.userId, now });
      await annotations.recordSave(row.id, { saveId: s.saveId, version: next.version, userId: scope.userId, createdAt: now });
      return { result: { taskSubjectId: row.id, saveId: s.saveId, version: next.version, savedAt: now }, moved: moved ? next : undefined };
    });
    if (moved) await publishMoved(ctx, moved, 'save');
    return result;
  } catch (err) {
    // The same save sent twice at once: the twin that lost the race answers what the winner saved.
    const twin = replay(scope, s.saveId, await new AnnotationsRepository(ctx.db).findSave(scope.row.id, s.saveId));
    if (twin) return twin;
    throw err;
  }
}
