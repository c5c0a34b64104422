import type { JobRequest, ModelHead, ModelRef, OutlineSpec, TrainExample } from '../../src-shared/ai/protocol';
import { migrateFrameData } from '../../src-shared/model/annotation';
import type { AiDeps } from './aiDeps';
import { AiJobsRepository, dispatchKey, type JobRow } from '../repositories/aiJobs';
import { classesOf, type ModelRow } from '../repositories/aiModels';
import { labelKey, projectFeatures, type TargetFeature } from './projectFeatures';
import { DETECTOR_TARGET_TOOLS, detectorHead } from './classMapping';
import { outlinedClasses, outlineSegmenter } from './outlineSpec';
import { AI_OUTLINES_PER_PICTURE } from '../../src-shared/api/ai';
import type { ServiceUrls } from './serviceUrls';
import { samDecoderKey } from './samPair';

export interface JobParams {
  minScore?: number;
  targetPrecision?: number;
}
export const DEFAULT_MIN_SCORE = 0.3;

/**
 * How the server names a team to a model service (`tenant`): the party whose calls are kept
 * apart, named with the installation too, since a service may serve several (docs/ai-protocol.md).
 */
export const tenantOf = (ctx: Pick<AiDeps, 'installation'>, teamId: number): string => `team:${teamId}@${ctx.installation}`;

/** The name a picture is cached under by a model service: its object key, in this installation (another has its own `dataset/1/...`). */
export const imageCacheKey = (ctx: Pick<AiDeps, 'installation'>, objectKey: string): string => `${ctx.installation}/${objectKey}`;
/** Evaluations keep low-scored predictions too: the PR curve and AP need them. */
export const EVALUATION_MIN_SCORE = 0.05;

/**
 * What to tell the service about a model: which weights, and (`headAt: 'service'`) the head that
 * maps its classes to the project's labels. With `'server'` the caller applies the head to the raw
 * answer itself (a Detect, a pre-annotation's results) or needs none (training), so none is made.
 */
export async function modelRef(ctx: AiDeps, urls: ServiceUrls, model: ModelRow, projectId: number, minScore: number, headAt: 'service' | 'server' = 'service'): Promise<ModelRef> {
  const classes = classesOf(model);
  const head = model.kind === 'detector' && headAt === 'service' ? await detectorHead(ctx.db, projectId, model, minScore) : undefined;
  return {
    kind: model.kind as ModelRef['kind'],
    runtime: model.runtime as ModelRef['runtime'],
    name: model.service_model,
    // The weights' identity for the service's cache: an uploaded file's key is unique (a random
    // name), where a model id is not across servers sharing one service.
    version: model.artifact_key ?? String(model.id),
    ...(model.artifact_key ? { artifactUrl: await urls.readUrl(model.artifact_key) } : {}),
    // a team's SAM: its decoder lies beside its encoder
    ...(model.runtime === 'onnx-sam' && model.artifact_key ? { decoderUrl: await urls.readUrl(samDecoderKey(model.artifact_key)) } : {}),
    ...(model.runtime === 'onnx-yolo' ? { classes } : {}),
    ...(head ? { head } : {}),
  };
}

/**
 * A detector's boxes outlined by the segmenter for the labels that take outlines (polygon and
 * mask features, outlineSpec.ts), or undefined when no class goes there or no segmenter can.
 * `everyClass`: every box goes to one outline label the person chose (Detect into it).
 */
export async function outlineOf(
  ctx: AiDeps,
  urls: ServiceUrls,
  p: { project: { projectId: number; teamId: number }; detector: ModelRow; head: ModelHead; features: readonly TargetFeature[]; minScore: number; everyClass?: boolean },
): Promise<OutlineSpec | undefined> {
  const classes = { ...(p.everyClass ? Object.fromEntries(classesOf(p.detector).map((c) => [c, p.minScore])) : {}), ...outlinedClasses(p.head, p.features) };
  if (!Object.keys(classes).length) return undefined;
  const segmenter = await outlineSegmenter(ctx, p.project, p.detector);
  // The cap bounds a picture's cost: SAM's decoder takes 40 to 80 ms a box on top of the picture's one embedding.
  return segmenter && { model: await modelRef(ctx, urls, segmenter, p.project.projectId, p.minScore), classes, maxPerImage: AI_OUTLINES_PER_PICTURE };
}

/** Frames of these items with where the service reads them. */
async function imagesOf(ctx: AiDeps, urls: ServiceUrls, frameIds: readonly number[]) {
  if (!frameIds.length) return new Map<number, { url: string; cacheKey: string; width?: number; height?: number }>();
  const rows = await ctx.db.selectFrom('subject_frames').select(['id', 'object_key', 'width', 'height']).where('id', 'in', [...frameIds]).execute();
  const out = new Map<number, { url: string; cacheKey: string; width?: number; height?: number }>();
  for (const r of rows) out.set(r.id, { url: await urls.readUrl(r.object_key), cacheKey: imageCacheKey(ctx, r.object_key), ...(r.width ? { width: r.width } : {}), ...(r.height ? { height: r.height } : {}) });
  return out;
}

/** The reviewed boxes of a training item's frame, labelled by label key. */
async function groundTruth(ctx: AiDeps, taskSubjectId: number, frameId: number, tool: string): Promise<TrainExample['objects']> {
  const r = await ctx.db.selectFrom('annotation_frames').select('data').where('task_subject_id', '=', taskSubjectId).where('frame_id', '=', frameId).executeTakeFirst();
  if (!r) return [];
  return migrateFrameData(JSON.parse(r.data)).objects.flatMap((o) => (o.tool === 'box' && tool === 'box' ? [{ label: labelKey(o.featureId, o.labelId), box: { x: o.geometry.x, y: o.geometry.y, width: o.geometry.width, height: o.geometry.height } }] : []));
}

/** The outline of a pre-annotation: through the head its results will be read with (notify.ts). */
async function predictOutline(ctx: AiDeps, urls: ServiceUrls, project: { projectId: number; teamId: number }, detector: ModelRow, minScore: number) {
  const features = await projectFeatures(ctx.db, project.projectId, DETECTOR_TARGET_TOOLS);
  const head = await detectorHead(ctx.db, project.projectId, detector, minScore, features);
  return outlineOf(ctx, urls, { project, detector, head, features, minScore });
}

/** The request of one dispatch of a job: its pending items only, so a resumed job does not start over. */
export async function jobRequest(ctx: AiDeps, urls: ServiceUrls, job: JobRow, model: ModelRow, token: string): Promise<JobRequest> {
  const params = JSON.parse(job.params) as JobParams;
  const minScore = job.type === 'evaluate' || job.type === 'train' ? EVALUATION_MIN_SCORE : (params.minScore ?? DEFAULT_MIN_SCORE);
  // A training run learns from the base model's raw classes, never through an older head.
  // A pre-annotation's head is applied by the server when the results come back (notify.ts), so
  // what the model found that no label takes is counted and said, not dropped unseen.
  const ref = await modelRef(ctx, urls, model, job.project_id, minScore, job.type === 'train' || job.type === 'predict' ? 'server' : 'service');
  // An evaluation wants every prediction the mapping keeps (AP and the PR curve need the low ones);
  // the head's own thresholds are applied when the figures are made (jobOutcomes.ts).
  if (job.type === 'evaluate' && ref.head) ref.head = { mapping: ref.head.mapping, thresholds: {}, defaultThreshold: EVALUATION_MIN_SCORE };
  const team = await ctx.db.selectFrom('projects').select('team_id').where('id', '=', job.project_id).executeTakeFirst();
  const base = { jobId: dispatchKey(job), type: job.type as JobRequest['type'], callback: { url: urls.callbackUrl(), token }, model: ref, ...(team ? { tenant: tenantOf(ctx, team.team_id) } : {}) };
  if (job.type === 'serve') return base;
  const pending = await new AiJobsRepository(ctx.db).pendingItems(job.id);
  const images = await imagesOf(ctx, urls, pending.map((i) => i.frame_id));
  const present = pending.filter((i) => images.has(i.frame_id));
  // A frame deleted since the job began has nothing to read: that item fails, the rest go on.
  const jobs = new AiJobsRepository(ctx.db);
  for (const gone of pending.filter((i) => !images.has(i.frame_id))) await jobs.markItem(job.id, gone.item_key, 'failed');
  if (job.type === 'train') {
    const features = await projectFeatures(ctx.db, job.project_id, [job.tool]);
    const labels = features.flatMap((f) => f.labels.map((l) => labelKey(f.featureId, l.id)));
    const examples: TrainExample[] = [];
    for (const i of present) examples.push({ key: i.item_key, image: images.get(i.frame_id)!, objects: await groundTruth(ctx, i.task_subject_id!, i.frame_id, job.tool) });
    return { ...base, train: { examples, labels, targetPrecision: params.targetPrecision ?? 0.8 } };
  }
  // A pre-annotation's boxes whose labels take outlines are outlined by the segmenter in the same job.
  const outline = job.type === 'predict' && model.kind === 'detector' && team ? await predictOutline(ctx, urls, { projectId: job.project_id, teamId: team.team_id }, model, minScore) : undefined;
  return { ...base, items: present.map((i) => ({ key: i.item_key, image: images.get(i.frame_id)! })), params: { minScore }, ...(outline ? { outline } : {}) };
}
