import type { NotifyBody, NotifyKind } from '../../src-shared/ai/protocol';
import type { AiJobState } from '../../src-shared/api/ai';
import { FINISHED_JOB_STATES } from '../../src-shared/api/ai';
import type { AiDeps } from './aiDeps';
import { AppError } from '../errors';
import { AiJobsRepository, dispatchKey, NO_APPLIED, type Applied, type JobRow } from '../repositories/aiJobs';

import { AiModelsRepository } from '../repositories/aiModels';
import { cleanTextOf } from '../../src-shared/model/text';
import { proposeLabels } from '../../src-shared/ai/classMatch';
import { applyPredictions } from './applyPredictions';
import { DETECTOR_TARGET_TOOLS, detectorHead } from './classMapping';
import { DEFAULT_MIN_SCORE, type JobParams } from './jobRequests';
import { projectFeatures } from './projectFeatures';
import { applyHead } from './suggestions';
import { hashToken } from '../auth/tokens';
import { storedEvaluation } from './serviceText';
import type { AiRuntime } from './runtime';

/** Callback tokens are 64 hex characters here; the protocol allows 16..256. */
const BEARER = /^Bearer ([\x21-\x7e]{16,256})$/;

/**
 * The job a callback is about, from its headers alone (it runs before the body is read): the
 * bearer token is looked up by its sha256, so a made-up token costs one indexed read and never
 * the parse of a large body. A token no dispatch was given answers 401, whatever job the caller
 * names; the holder of the token of a job that has ended learns it ended (409) and stops.
 */
export async function callerJob(ctx: AiDeps, authorization: string | undefined): Promise<JobRow> {
  const bearer = authorization ? BEARER.exec(authorization)?.[1] : undefined;
  if (!bearer) throw new AppError('ai.badCallbackToken');
  const job = await new AiJobsRepository(ctx.db).byTokenHash(hashToken(bearer));
  if (!job) throw new AppError('ai.badCallbackToken');
  if (FINISHED_JOB_STATES.includes(job.state as AiJobState)) throw new AppError('ai.jobFinished', { state: job.state });
  return job;
}

/** A service's error code as the server's translated key. */
const serviceErrorKey = (code: string) => (code === 'modelInvalid' ? 'ai.modelInvalid' : code === 'imageUnreadable' ? 'ai.imageUnreadable' : 'ai.serviceRefused');

/** Items a finished dispatch never answered for: failed, so done + failed adds up to the total. */
async function failLeftovers(jobs: AiJobsRepository, jobId: number): Promise<void> {
  for (const i of await jobs.pendingItems(jobId)) await jobs.markItem(jobId, i.item_key, 'failed');
}

/** What a job found that no label takes, added to what earlier callbacks found: by class (the service's words, cleaned), the 20 most found. */
function countUnmapped(before: readonly { className: string; count: number }[], predictions: readonly { className: string; label?: string }[]) {
  const counts = new Map(before.map((u) => [u.className, u.count]));
  for (const p of predictions) {
    if (p.label !== undefined) continue;
    const name = cleanTextOf('line', p.className, 128);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([className, count]) => ({ className, count })).sort((a, b) => b.count - a.count).slice(0, 20);
}

const kindFits = (kind: NotifyKind, type: string) => kind === type || (kind === 'data' && type === 'train');

/**
 * One callback of a model service, of the job its bearer token named (callerJob): applied once
 * (items move from pending only once, so a repeated callback writes nothing twice), and never
 * moving a job backwards: an older seq changes no state. A replaced dispatch's token is no
 * longer known (401), so that dispatch stops too.
 */
export async function handleNotify(ctx: AiDeps, runtime: AiRuntime, kind: NotifyKind, body: NotifyBody, job: JobRow): Promise<{ accepted: boolean; state: AiJobState }> {
  // The token is this dispatch's: a body naming another job or dispatch is not its to report on.
  if (body.jobId !== dispatchKey(job)) throw new AppError('ai.badCallbackToken');
  if (!kindFits(kind, job.type)) throw new AppError('ai.wrongCallbackKind', { kind, type: job.type });
  const jobs = new AiJobsRepository(ctx.db);
  const fresh = await jobs.acceptSeq(job, body.seq, ctx.now());
  const applied: Applied = { ...NO_APPLIED, ...(JSON.parse(job.applied) as Applied) };

  if (body.results?.length) {
    const items = new Map((await jobs.itemsByKey(job.id, body.results.map((r) => r.key))).map((i) => [i.item_key, i]));
    if (job.type === 'predict') {
      const ok = body.results.filter((r) => !r.error && items.get(r.key)?.state === 'pending');
      const features = await projectFeatures(ctx.db, job.project_id, job.tool === 'box' ? DETECTOR_TARGET_TOOLS : [job.tool]);
      const chosen = job.tool === 'keypoints' ? keypointTarget(features) : undefined;
      // A detector's head is applied here (jobRequests.ts), with the project's mapping as it is now.
      const model = job.tool === 'box' ? await new AiModelsRepository(ctx.db).model(job.model_id) : undefined;
      const minScore = (JSON.parse(job.params) as JobParams).minScore ?? DEFAULT_MIN_SCORE;
      const head = model?.kind === 'detector' ? await detectorHead(ctx.db, job.project_id, model, minScore, features) : undefined;
      const mapped = new Map(ok.map((r) => [r.key, head ? applyHead(r.predictions, head, minScore) : r.predictions]));
      if (head) applied.unmapped = countUnmapped(applied.unmapped ?? [], [...mapped.values()].flat());
      // Outlines and masks are kept on their frame (suggestions.ts): its size, where it is known.
      const frameIds = [...new Set(ok.map((r) => items.get(r.key)!.frame_id))];
      const sizes = frameIds.length ? await ctx.db.selectFrom('subject_frames').select(['id', 'width', 'height']).where('id', 'in', frameIds).execute() : [];
      const pictures = new Map(sizes.flatMap((f) => (f.width && f.height ? [[f.id, { width: f.width, height: f.height }] as const] : [])));
      const out = await applyPredictions(ctx, {
        jobId: job.id,
        modelId: job.model_id,
        projectId: job.project_id,
        createdBy: job.created_by,
        features,
        ...(chosen ? { chosen } : {}),
        frames: ok.map((r) => {
          const frameId = items.get(r.key)!.frame_id;
          const picture = pictures.get(frameId);
          return { taskSubjectId: items.get(r.key)!.task_subject_id!, frameId, predictions: mapped.get(r.key)!, ...(picture ? { picture } : {}) };
        }),
      });
      for (const r of ok) {
        const item = items.get(r.key)!;
        await jobs.markItem(job.id, r.key, out.skipped.has(item.task_subject_id!) ? 'skipped' : 'done');
      }
      // Counted from the items, not added per callback: a sequence whose frames come in two callbacks is one item.
      const counted = await jobs.taskSubjectsApplied(job.id);
      applied.items = counted.done;
      applied.skippedTouched = counted.skipped;
      applied.objects += out.objects;
      if (out.notOutlined) applied.notOutlined = (applied.notOutlined ?? 0) + out.notOutlined;
    } else if (job.type === 'evaluate') {
      // Only what the evaluation measures is kept: the service's class names and other text are not stored.
      for (const r of body.results) if (!r.error && items.get(r.key)?.state === 'pending') await jobs.markItem(job.id, r.key, 'done', JSON.stringify(storedEvaluation(r.predictions)));
    }
    for (const r of body.results.filter((x) => x.error)) if (await jobs.markItem(job.id, r.key, 'failed')) applied.failed++;
  }
  // Training reads its examples in `data` callbacks and learns in `train` ones: done/total are the service's.
  let row = await jobs.progress(job.id, applied);
  if (job.type === 'train' && fresh) {
    await ctx.db.updateTable('ai_jobs').set({ done: body.done, total: Math.max(body.total, 1) }).where('id', '=', job.id).execute();
    row = (await jobs.get(job.id))!;
  }

  const final = body.state !== 'running';
  if (final && fresh) {
    if (body.state === 'failed' && body.error?.code === 'busy') {
      // The service gave up for want of room (its time backstop on a loaded machine), not because
      // of the job: it goes back to the queue for another dispatch (at most three in all).
      await ctx.db.updateTable('ai_jobs').set({ state: 'queued' }).where('id', '=', job.id).where('state', '=', 'running').execute();
      await runtime.publish((await jobs.get(job.id))!);
      runtime.wake();
    } else if (body.state === 'succeeded' && job.type === 'serve' && !body.served) {
      await runtime.end(job.id, 'failed', { code: 'ai.modelInvalid', message: 'the service loaded nothing' });
    } else {
      const state: AiJobState = body.state === 'cancelled' ? 'cancelled' : body.state === 'failed' ? 'failed' : 'succeeded';
      const error = body.error ? { code: serviceErrorKey(body.error.code), message: body.error.message } : undefined;
      if (state === 'succeeded' && (job.type === 'predict' || job.type === 'evaluate')) await failLeftovers(jobs, job.id);
      await runtime.end(job.id, state, error, body);
    }
    row = (await jobs.get(job.id))!;
  } else if (fresh) await runtime.publish(row);
  return { accepted: fresh, state: row.state as AiJobState };
}

/** Pose predictions of a pre-annotation go to the project's first keypoints feature, under its "person" label if it has one. */
function keypointTarget(features: Awaited<ReturnType<typeof projectFeatures>>): { featureId: number; labelId: string } | undefined {
  const f = features.find((x) => x.tool === 'keypoints' && x.labels.length > 0);
  if (!f) return undefined;
  const person = proposeLabels(['person'], f.labels.map((l) => ({ featureId: f.featureId, labelId: l.id, name: l.name, ...(l.aliases ? { aliases: l.aliases } : {}) })))[0]?.target;
  return person ?? { featureId: f.featureId, labelId: f.labels[0]!.id };
}

