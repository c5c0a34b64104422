import type { FastifyInstance } from 'fastify';
import { annotateRoutes, type BeforehandBody } from '../../../src-shared/api/annotate';
import { room } from '../../../src-shared/api/realtime';
import type { FrameData } from '../../../src-shared/model/annotation';
import type { ServerContext } from '../../context';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { AnnotationsRepository } from '../../repositories/annotations';
import { TaskStepsRepository } from '../../repositories/taskSteps';
import { bumpVersion, lockTaskSubject, type TaskSubjectRow } from '../../repositories/taskSubjectFlow';
import { assertSound, frameWrite } from './applySave';
import { projectFeatures, withFeatureDefaults, type TargetFeature } from '../../ai/projectFeatures';

/**
 * Pre-annotations are the model's work, whatever the caller marked them as, and start with
 * their features' attribute defaults where the caller gave no answer, as drawn objects do.
 */
const asAi = (data: FrameData, features: readonly TargetFeature[]): FrameData => ({
  ...data,
  objects: withFeatureDefaults(data.objects.map((o) => ({ ...o, source: 'ai' as const })), features),
  classifications: withFeatureDefaults(data.classifications.map((c) => ({ ...c, source: 'ai' as const })), features),
});

/** Nobody has worked on it: waiting at the first step, never saved by a worker (pre-annotation's rule, also of AI jobs). */
export const untouched = (row: TaskSubjectRow, saved: Set<number>) => row.state === 'pending' && row.step_index === 0 && !saved.has(row.id);

/** Checks every item against the task and the subjects' frames; answers the rows by id. */
async function checkItems(ctx: ServerContext, body: BeforehandBody): Promise<Map<number, TaskSubjectRow>> {
  const ids = body.items.map((i) => i.taskSubjectId);
  const dup = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (dup >= 0) throw new AppError('annotate.invalidData', { issues: [{ reason: 'duplicateId', path: `/items/${dup}/taskSubjectId` }] });
  const rows = new Map((await ctx.db.selectFrom('task_subjects').selectAll().where('task_id', '=', body.taskId).where('id', 'in', ids).execute()).map((r) => [r.id, r]));
  const missing = ids.filter((id) => !rows.has(id));
  if (missing.length > 0) throw new AppError('annotate.subjectNotFound', { taskSubjectIds: missing });
  const subjectIds = [...new Set([...rows.values()].map((r) => r.subject_id))];
  const frames = await ctx.db.selectFrom('subject_frames').select(['id', 'subject_id']).where('subject_id', 'in', subjectIds).execute();
  const frameSubject = new Map(frames.map((f) => [f.id, f.subject_id]));
  const foreign = body.items.flatMap((item) => item.frames.filter((f) => frameSubject.get(f.frameId) !== rows.get(item.taskSubjectId)!.subject_id).map((f) => f.frameId));
  if (foreign.length > 0) throw new AppError('annotate.frameNotFound', { frameIds: foreign });
  assertSound(body.items.flatMap((item, i) => item.frames.map((f, j) => ({ at: `/items/${i}/frames/${j}/data`, data: f.data }))));
  return rows;
}

/** Pre-annotation: storing a model's output before work starts, and announcing a finished run. */
export function registerBeforehand(app: FastifyInstance, ctx: ServerContext): void {
  const steps = new TaskStepsRepository(ctx.db);

  addRoute(app, annotateRoutes.beforehand, async (req) => {
    const userId = requireUser(req);
    const { projectId } = accessOf(req).project!;
    const body = req.body;
    if (!(await steps.taskInProject(body.taskId, projectId))) throw new AppError('task.notFound');
    const rows = await checkItems(ctx, body);
    const features = await projectFeatures(ctx.db, projectId);
    const now = ctx.now();
    const updated = await ctx.db.transaction().execute(async (trx) => {
      const annotations = new AnnotationsRepository(trx);
      const saved = await annotations.withSaves([...rows.keys()]);
      const out: { taskSubjectId: number; version: number }[] = [];
      const started: number[] = [];
      // Rows are locked in id order, so two overlapping calls queue up instead of deadlocking.
      for (const item of [...body.items].sort((a, b) => a.taskSubjectId - b.taskSubjectId)) {
        const row = await lockTaskSubject(trx, ctx.dialect, item.taskSubjectId);
        if (!row || !untouched(row, saved)) {
          started.push(item.taskSubjectId);
          continue;
        }
        const next = await bumpVersion(trx, row, now, 'annotate.stale');
        await annotations.writeFrames(row.id, item.frames.map((f) => frameWrite(f.frameId, asAi(f.data, features))), { version: next.version, userId, now });
        out.push({ taskSubjectId: row.id, version: next.version });
      }
      // All or nothing: one task subject already worked on writes none.
      if (started.length > 0) throw new AppError('annotate.workStarted', { taskSubjectIds: started });
      return out;
    });
    await ctx.realtime.publish(room('task', body.taskId), 'taskSubject.changed', { taskId: body.taskId, taskSubjectIds: updated.map((u) => u.taskSubjectId), action: 'preAnnotated' });
    return { taskId: body.taskId, updated };
  });

  addRoute(app, annotateRoutes.preAnnotateNotice, async (req) => {
    const { projectId } = accessOf(req).project!;
    const body = req.body;
    if (!(await steps.taskInProject(body.taskId, projectId))) throw new AppError('task.notFound');
    // The event log is the record: workstations that were offline get it when they resume.
    await ctx.realtime.publish(room('task', body.taskId), 'taskSubject.changed', {
      taskId: body.taskId,
      taskSubjectIds: [],
      action: 'preAnnotated',
      notice: { status: body.status, ...(body.count !== undefined ? { count: body.count } : {}), ...(body.message !== undefined ? { message: body.message } : {}) },
    });
    return null;
  });
}
