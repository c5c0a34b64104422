import type { NotifyBody } from '../../src-shared/ai/protocol';
import { AppError } from '../errors';
import { trustedHead, type EvaluatedPrediction } from './serviceText';
import { room } from '../../src-shared/api/realtime';
import type { TrainOutcome } from '../../src-shared/api/ai';
import { migrateFrameData } from '../../src-shared/model/annotation';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { evaluateDetections, primeSimilarities, type EvalItem, type ModelStatistics } from '../../src-shared/ai/metrics';
import type { AiDeps } from './aiDeps';
import { AiJobsRepository, type JobRow } from '../repositories/aiJobs';
import { AiModelsRepository, classesOf, headOf, type ModelRow } from '../repositories/aiModels';
import { labelKey } from './projectFeatures';
import { classMapping, mappedHead } from './classMapping';
import { DEFAULT_MIN_SCORE } from './jobRequests';
import { modelScore } from './modelScore';

export interface HoldoutItem {
  key: string;
  taskSubjectId: number;
  subjectId: number;
  frameId: number;
}

/**
 * A model's figures the way it is used: AP and the PR curve over every prediction (they are
 * threshold-free by definition), precision, recall, F1 and the item figures at its operating
 * point: the base model's default score, or a trained version's own threshold per label.
 */
export function operatingFigures(items: readonly EvalItem[], model: ModelRow): ModelStatistics {
  const head = headOf(model);
  const threshold = (label: string) => (head ? (head.thresholds[label] ?? head.defaultThreshold) : DEFAULT_MIN_SCORE);
  const raw = evaluateDetections(items);
  const used = evaluateDetections(items.map((i) => ({ ...i, predictions: i.predictions.filter((p) => p.score >= threshold(p.label)) })));
  const withAp = (f: ModelStatistics['overall'], r: ModelStatistics['overall'] | undefined) => ({ ...f, ap50: r?.ap50 ?? null, ap5095: r?.ap5095 ?? null });
  return {
    ...used,
    scoreThreshold: head ? head.defaultThreshold : DEFAULT_MIN_SCORE,
    overall: withAp(used.overall, raw.overall),
    perLabel: Object.fromEntries(Object.keys({ ...raw.perLabel, ...used.perLabel }).map((l) => [l, withAp(used.perLabel[l] ?? { ...raw.perLabel[l]!, tp: 0, fp: 0, fn: raw.perLabel[l]!.gtCount, predCount: 0, precision: null, recall: raw.perLabel[l]!.gtCount ? 0 : null, f1: null }, raw.perLabel[l])])),
    prCurve: raw.prCurve,
  };
}

export async function modelChanged(ctx: AiDeps, projectId: number, modelId: number) {
  await ctx.realtime.publish(room('project', projectId), 'ai.model.changed', { projectId, modelId, change: 'state' });
}

/**
 * Reviewed objects an evaluation measures a frame's predictions against, by label key: boxes,
 * and outlines (polygons and masks, measured by mask IoU: evalGeometry.ts). Only a detector is
 * evaluated; its boxes may go into outline labels (classMapping.ts), and a service that answers
 * outlines is measured by them.
 */
async function truthOf(ctx: AiDeps, taskSubjectId: number, frameId: number): Promise<EvalItem['groundTruth']> {
  const r = await ctx.db.selectFrom('annotation_frames').select('data').where('task_subject_id', '=', taskSubjectId).where('frame_id', '=', frameId).executeTakeFirst();
  if (!r) return [];
  return migrateFrameData(JSON.parse(r.data)).objects.flatMap((o): EvalItem['groundTruth'] => {
    const label = labelKey(o.featureId, o.labelId);
    if (o.tool === 'box') return [{ label, geometry: { x: o.geometry.x, y: o.geometry.y, width: o.geometry.width, height: o.geometry.height } }];
    if (o.tool === 'polygon') return [{ label, geometry: { points: o.geometry.points } }];
    if (o.tool === 'mask') return [{ label, geometry: o.geometry }];
    return [];
  });
}

/** A stored prediction as evaluation compares it (serviceText.ts storedEvaluation). */
function predictionOf(p: EvaluatedPrediction): EvalItem['predictions'] {
  if (!p.label) return [];
  if (p.box) return [{ label: p.label, score: p.score, geometry: { x: p.box.x, y: p.box.y, width: p.box.width, height: p.box.height } }];
  if (p.mask) return [{ label: p.label, score: p.score, geometry: p.mask }];
  if (p.points) return [{ label: p.label, score: p.score, geometry: { points: p.points } }];
  return [];
}

/** Measures an evaluation's predictions against the reviewed annotations of its items and keeps the figures. */
async function recordEvaluation(ctx: AiDeps, job: JobRow): Promise<ModelStatistics | null> {
  const model = await new AiModelsRepository(ctx.db).model(job.model_id);
  if (!model) return null;
  const done = (await new AiJobsRepository(ctx.db).items(job.id)).filter((it) => it.state === 'done' && it.task_subject_id !== null);
  // Outlines are compared on their picture: pixels off it are nobody's, and a shape costs at most the frame.
  const sizes = done.length ? await ctx.db.selectFrom('subject_frames').select(['id', 'width', 'height']).where('id', 'in', [...new Set(done.map((it) => it.frame_id))]).execute() : [];
  const frameOf = new Map(sizes.flatMap((f) => (f.width && f.height ? [[f.id, { width: f.width, height: f.height }] as const] : [])));
  const items: EvalItem[] = [];
  for (const it of done) {
    const predictions = (JSON.parse(it.result ?? '[]') as EvaluatedPrediction[]).flatMap(predictionOf);
    const frame = frameOf.get(it.frame_id);
    const item: EvalItem = { id: it.item_key, groundTruth: await truthOf(ctx, it.task_subject_id!, it.frame_id), predictions, ...(frame ? { frame } : {}) };
    // Outlines are compared as pixels item by item, other requests served in between: the figures
    // below then compare none (1,000 masks of 2,000 px: docs/ai.md, Measuring).
    primeSimilarities(item);
    await nextTurn();
    items.push(item);
  }
  const stats = operatingFigures(items, model);
  const now = ctx.now();
  await ctx.db
    .insertInto('ai_statistics')
    .values({ model_id: model.id, project_id: job.project_id, job_id: job.id, items: items.length, stats: JSON.stringify(stats), evaluated_at: now })
    .onConflict((oc) => oc.columns(['model_id', 'project_id']).doUpdateSet({ job_id: job.id, items: items.length, stats: JSON.stringify(stats), evaluated_at: now }))
    .execute();
  await modelChanged(ctx, job.project_id, model.id);
  return stats;
}

/**
 * Once both evaluations of a training run are in, says whether the new version is better (F1
 * first, then AP@0.5), over every label measured as its statistics are: outline labels by mask IoU.
 */
async function settleTraining(ctx: AiDeps, trainJobId: number): Promise<void> {
  const jobs = new AiJobsRepository(ctx.db);
  const train = await jobs.get(trainJobId);
  if (!train?.train) return;
  const outcome = JSON.parse(train.train) as TrainOutcome;
  const evals = await ctx.db.selectFrom('ai_jobs').selectAll().where('parent_job_id', '=', trainJobId).where('type', '=', 'evaluate').execute();
  const stat = async (modelId: number | null) => {
    const e = evals.find((x) => x.model_id === modelId && x.state === 'succeeded');
    if (!e) return null;
    const s = await ctx.db.selectFrom('ai_statistics').select(['stats', 'items', 'evaluated_at']).where('model_id', '=', e.model_id).where('project_id', '=', train.project_id).executeTakeFirst();
    return s ? modelScore(JSON.parse(s.stats) as ModelStatistics, s.items, Number(s.evaluated_at)) : null;
  };
  const before = await stat(train.model_id);
  const after = await stat(outcome.newModelId);
  // Null until both are measured, and when the held-out split has nothing to find (no figure to compare).
  const measurable = before && after && [before.f1, before.ap50, after.f1, after.ap50].some((v) => v !== null);
  const improved = measurable ? (after.f1 ?? 0) > (before.f1 ?? 0) + 1e-9 || ((after.f1 ?? 0) >= (before.f1 ?? 0) - 1e-9 && (after.ap50 ?? 0) > (before.ap50 ?? 0) + 1e-9) : null;
  await jobs.setTrain(trainJobId, { ...outcome, before, after, improved });
  const row = (await jobs.get(trainJobId))!;
  await ctx.realtime.publish(room('project', row.project_id), 'ai.job.changed', { projectId: row.project_id, jobId: row.id, type: 'train', state: row.state as 'succeeded', done: row.done, total: row.total });
}

/** A training run's new version: the base model's weights with the learned head, in the project. */
async function makeVersion(ctx: AiDeps, job: JobRow, body: NotifyBody): Promise<number | null> {
  const models = new AiModelsRepository(ctx.db);
  const parent = await models.model(job.model_id);
  if (!parent || !body.head) return null;
  const project = await ctx.db.selectFrom('projects').select('team_id').where('id', '=', job.project_id).executeTakeFirstOrThrow();
  const version = await models.nextVersion(parent);
  // What a run saw no evidence about keeps the project's mapping of the base model (matched or a
  // person's choice): a class seen once is no reason to forget it. Labels it learned no threshold
  // for keep the base model's operating point.
  const prior = mappedHead(await classMapping(ctx.db, job.project_id, parent), DEFAULT_MIN_SCORE).mapping;
  const head = { ...body.head, mapping: { ...prior, ...body.head.mapping }, defaultThreshold: DEFAULT_MIN_SCORE };
  // insertModel keeps only the trusted part of the head; a parent stored before the text rule held
  // for model services may be refused now, and then the run makes no version.
  return models.insertModel({
    team_id: project.team_id,
    project_id: job.project_id,
    service_id: parent.service_id,
    parent_id: parent.id,
    name: parent.name,
    description: parent.description,
    tool: parent.tool,
    kind: parent.kind,
    runtime: parent.runtime,
    service_model: parent.service_model,
    version,
    classes: parent.classes,
    head: JSON.stringify(head),
    artifact_key: parent.artifact_key,
    trainable: 1,
    state: 'ready',
    error: null,
    created_by: job.created_by,
    created_at: ctx.now(),
  }).catch((err: unknown) => {
    if (err instanceof AppError && err.key === 'ai.modelTextRefused') return null;
    throw err;
  });
}

/** What follows the end of a job (`wakeDispatch` sends the evaluations it queues): a loaded model's state, an evaluation's figures, a training run's new version and its measurement. */
export async function afterJobEnded(ctx: AiDeps, wakeDispatch: () => void, job: JobRow, body: NotifyBody | null): Promise<void> {
  const models = new AiModelsRepository(ctx.db);
  if (job.type === 'serve') {
    if (job.state === 'succeeded') await models.setState(job.model_id, 'ready', null);
    else await models.setState(job.model_id, 'failed', (job.error_message ?? job.error_code ?? 'failed').slice(0, 2000));
    await modelChanged(ctx, job.project_id, job.model_id);
    return;
  }
  // A model its service stopped as invalid (too costly to run, or broken) is failed for every later use.
  if (job.state === 'failed' && job.error_code === 'ai.modelInvalid') {
    const model = await models.model(job.model_id);
    if (model && model.runtime !== 'builtin') {
      await models.setState(model.id, 'failed', job.error_message ?? 'ai.modelInvalid');
      await modelChanged(ctx, job.project_id, model.id);
    }
  }
  if (job.type === 'evaluate') {
    if (job.state === 'succeeded') await recordEvaluation(ctx, job);
    if (job.parent_job_id) await settleTraining(ctx, job.parent_job_id);
    return;
  }
  if (job.type === 'train' && job.state === 'succeeded' && body) {
    const newModelId = await makeVersion(ctx, job, body);
    const params = JSON.parse(job.params) as { holdout?: HoldoutItem[]; trainItems?: number };
    const holdout = params.holdout ?? [];
    // The mapping shown is the service's answer: only the model's own classes to label keys of the server's shape.
    const parent = await models.model(job.model_id);
    const mapping = body.head && parent ? trustedHead(body.head, classesOf(parent)).mapping : {};
    const outcome: TrainOutcome = { trainItems: params.trainItems ?? 0, holdoutItems: holdout.length, newModelId, mapping, before: null, after: null, improved: null };
    const jobs = new AiJobsRepository(ctx.db);
    await jobs.setTrain(job.id, outcome);
    if (newModelId) {
      await ctx.realtime.publish(room('project', job.project_id), 'ai.model.changed', { projectId: job.project_id, modelId: newModelId, change: 'added' });
      const items = holdout.map((h) => ({ key: h.key, taskSubjectId: h.taskSubjectId, subjectId: h.subjectId, frameId: h.frameId }));
      for (const modelId of [job.model_id, newModelId]) {
        await jobs.create({ projectId: job.project_id, modelId, type: 'evaluate', tool: job.tool as 'box', params: {}, parentJobId: job.id, createdBy: job.created_by, now: ctx.now(), items });
      }
      wakeDispatch();
    }
  }
}
