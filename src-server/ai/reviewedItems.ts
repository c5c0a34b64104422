import crypto from 'node:crypto';
import type { AiDeps } from './aiDeps';

/** A frame of a reviewed task subject: the ground truth training learns from and evaluation measures against. */
export interface ReviewedFrame {
  key: string;
  taskSubjectId: number;
  subjectId: number;
  frameId: number;
}

/** One in five subjects is held out, always the same ones: a split training never sees. */
const HOLDOUT_SHARE = 5;
const holdoutRank = (subjectId: number) => crypto.createHash('sha256').update(`holdout:${subjectId}`).digest().readUInt32BE(0);

/**
 * The project's reviewed items: task subjects done at the last step of their workflow (a
 * review step passed them when the workflow has one), the newest per subject, every frame. Split by subject into training and held-out frames; at least one of
 * each when there are two subjects or more.
 */
export async function reviewedFrames(ctx: AiDeps, projectId: number): Promise<{ train: ReviewedFrame[]; holdout: ReviewedFrame[] }> {
  // Every frame counts, annotated or not: a reviewed frame with nothing on it says the model should find nothing there.
  const rows = await ctx.db
    .selectFrom('task_subjects as ts')
    .innerJoin('subject_frames as sf', 'sf.subject_id', 'ts.subject_id')
    .innerJoin('subjects as s', 's.id', 'ts.subject_id')
    .leftJoin('annotation_frames as af', (j) => j.onRef('af.task_subject_id', '=', 'ts.id').onRef('af.frame_id', '=', 'sf.id'))
    .select(['ts.id', 'ts.subject_id', 'ts.updated_at', 'sf.id as frame_id', 'af.object_count'])
    .where('ts.project_id', '=', projectId)
    .where('ts.state', '=', 'done')
    // A video item's frames are not pictures the models can read (docs/video.md).
    .where('s.record_type', '!=', 'video')
    .orderBy('ts.updated_at', 'desc')
    .orderBy('sf.frame_index')
    .limit(200_000)
    .execute();
  const newest = new Map<number, number>();
  for (const r of rows) if (!newest.has(r.subject_id)) newest.set(r.subject_id, r.id);
  const frames = rows.filter((r) => newest.get(r.subject_id) === r.id).map((r) => ({ key: `t${r.id}-f${r.frame_id}`, taskSubjectId: r.id, subjectId: r.subject_id, frameId: r.frame_id }));
  // Stratified: subjects with objects and those without are held out one in five each, so the
  // held-out split is never all empty pictures (or all busy ones) by the luck of the hash.
  const annotated = new Set(rows.filter((r) => newest.get(r.subject_id) === r.id && (r.object_count ?? 0) > 0).map((r) => r.subject_id));
  const held = new Set<number>();
  for (const stratum of [[...newest.keys()].filter((s) => annotated.has(s)), [...newest.keys()].filter((s) => !annotated.has(s))]) {
    const picked = stratum.filter((s) => holdoutRank(s) % HOLDOUT_SHARE === 0);
    if (stratum.length >= 2 && picked.length === 0) picked.push(stratum.reduce((a, b) => (holdoutRank(a) <= holdoutRank(b) ? a : b)));
    if (stratum.length >= 2 && picked.length === stratum.length) picked.splice(picked.indexOf(stratum.reduce((a, b) => (holdoutRank(a) >= holdoutRank(b) ? a : b))), 1);
    for (const s of picked) held.add(s);
  }
  return { train: frames.filter((f) => !held.has(f.subjectId)), holdout: frames.filter((f) => held.has(f.subjectId)) };
}
