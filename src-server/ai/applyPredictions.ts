import type { Prediction } from '../../src-shared/ai/protocol';
import { room } from '../../src-shared/api/realtime';
import { emptyFrameData, frameDataIssues, type FrameData } from '../../src-shared/model/annotation';
import type { AiDeps } from './aiDeps';
import { AnnotationsRepository } from '../repositories/annotations';
import { bumpVersion, lockTaskSubject } from '../repositories/taskSubjectFlow';
import { untouched } from '../routes/annotate/beforehand';
import { frameWrite } from '../routes/annotate/applySave';
import { predictionsToObjects, type Picture } from './suggestions';
import { withFeatureDefaults, type TargetFeature } from './projectFeatures';


export interface FramePredictions {
  taskSubjectId: number;
  frameId: number;
  predictions: Prediction[];
  /** the frame's size when known: outlines and masks are kept on it */
  picture?: Picture;
}

/**
 * Puts a pre-annotation job's predictions on their frames, one task subject at a time under its
 * row lock: only on task subjects nobody has started (a person's work is never overwritten), the
 * model's earlier suggestions on the frame replaced and everything else kept. Answers what was
 * written and what was left alone; each write bumps the task subject's version, so a workspace
 * that opened it meanwhile sees a conflict rather than losing either side.
 */
export async function applyPredictions(
  ctx: AiDeps,
  p: { jobId: number; modelId: number; projectId: number; createdBy: number; features: readonly TargetFeature[]; chosen?: { featureId: number; labelId: string }; frames: readonly FramePredictions[] },
): Promise<{ written: Set<number>; skipped: Set<number>; objects: number; notOutlined: number }> {
  const written = new Set<number>();
  const skipped = new Set<number>();
  let objects = 0;
  /** boxes of outline labels without a usable outline (suggestions.ts), on the task subjects written */
  let notOutlined = 0;
  const now = ctx.now();
  const byTaskSubject = new Map<number, FramePredictions[]>();
  for (const f of p.frames) byTaskSubject.set(f.taskSubjectId, [...(byTaskSubject.get(f.taskSubjectId) ?? []), f]);
  const taskIds = new Set<number>();
  for (const [taskSubjectId, frames] of [...byTaskSubject].sort((a, b) => a[0] - b[0])) {
    await ctx.db.transaction().execute(async (trx) => {
      const annotations = new AnnotationsRepository(trx);
      const row = await lockTaskSubject(trx, ctx.dialect, taskSubjectId);
      if (!row || row.project_id !== p.projectId || !untouched(row, await annotations.withSaves([taskSubjectId]))) {
        skipped.add(taskSubjectId);
        return;
      }
      const stored = new Map((await annotations.frames(taskSubjectId, frames.map((f) => f.frameId))).map((s) => [s.frameId, s.data]));
      const writes = [];
      const suggestions = [];
      let subjectNotOutlined = 0;
      for (const f of frames) {
        const before: FrameData = stored.get(f.frameId) ?? emptyFrameData();
        const kept = before.objects.filter((o) => o.source !== 'ai');
        const zFrom = kept.reduce((m, o) => Math.max(m, o.zIndex + 1), 0);
        const made = predictionsToObjects(f.predictions, { features: p.features, ...(p.chosen ? { chosen: p.chosen } : {}), zIndexFrom: zFrom, ...(f.picture ? { picture: f.picture } : {}) });
        // Suggestions start with their features' attribute defaults, as drawn objects do (issue 31).
        const suggested = withFeatureDefaults(made.objects, p.features);
        const data: FrameData = { ...before, objects: [...kept, ...suggested] };
        subjectNotOutlined += made.notOutlined;
        // A prediction the model rule refuses (a box of no area, a mask whose runs do not cover
        // its box) is dropped rather than stored broken; a dropped outline is counted as not made.
        if (frameDataIssues(data).length > 0) {
          const sound = suggested.filter((o) => frameDataIssues({ ...data, objects: [o] }).length === 0);
          const soundSet = new Set(sound);
          subjectNotOutlined += suggested.filter((o) => !soundSet.has(o) && (o.tool === 'mask' || o.tool === 'polygon')).length;
          data.objects = [...kept, ...sound];
        }
        writes.push(frameWrite(f.frameId, data));
        for (const o of data.objects.slice(kept.length)) {
          suggestions.push({ job_id: p.jobId, model_id: p.modelId, project_id: p.projectId, task_subject_id: taskSubjectId, frame_id: f.frameId, object_id: o.id, label_id: o.labelId, geometry: JSON.stringify(o.geometry) });
        }
      }
      const next = await bumpVersion(trx, row, now, 'annotate.stale');
      await annotations.writeFrames(row.id, writes, { version: next.version, userId: p.createdBy, now });
      for (let i = 0; i < suggestions.length; i += 500) await trx.insertInto('ai_suggestions').values(suggestions.slice(i, i + 500)).execute();
      objects += suggestions.length;
      notOutlined += subjectNotOutlined;
      written.add(taskSubjectId);
      taskIds.add(row.task_id);
    });
  }
  for (const taskId of taskIds) {
    const ids = [...written].filter((id) => byTaskSubject.has(id));
    await ctx.realtime.publish(room('task', taskId), 'taskSubject.changed', { taskId, taskSubjectIds: ids, action: 'preAnnotated' });
  }
  return { written, skipped, objects, notOutlined };
}
