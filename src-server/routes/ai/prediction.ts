import type { FastifyInstance } from 'fastify';
import { aiRoutes, type AiPredictionBody, type AiPredictionResult } from '../../../src-shared/api/ai';
import type { InferRequest, Prediction } from '../../../src-shared/ai/protocol';
import type { AnnotationObject } from '../../../src-shared/model/annotation';
import type { ServerContext } from '../../context';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import { modelRef, DEFAULT_MIN_SCORE, tenantOf, imageCacheKey, outlineOf } from '../../ai/jobRequests';
import { projectFeatures, withFeatureDefaults, type TargetFeature } from '../../ai/projectFeatures';
import { applyHead, predictionsToObjects } from '../../ai/suggestions';
import { DETECTOR_TARGET_TOOLS, detectorHead } from '../../ai/classMapping';
import { OUTLINE_TOOLS } from '../../ai/outlineSpec';
import { requireEnabled, usableModel } from './deps';
import { fitPrompt } from '../../ai/promptFit';
import { cleanTextOf } from '../../../src-shared/model/text';
import { WARMUPS_PER_USER } from '../../ai/limits';
import { AuthThrottleRepository } from '../../repositories/authThrottle';
import { retryAfterSeconds } from '../../auth/limits';
import { requireUser } from '../../plugins/auth';
import { SubjectsRepository } from '../../repositories/subjects';
import { videoFramePictures } from '../../media/videoFramePictures';

/** The features a tool's suggestions go into (a segmenter's answer: its outline, or its mask when it sends one). */
const TARGET_TOOLS: Record<AiPredictionBody['tool'], readonly string[]> = { box: DETECTOR_TARGET_TOOLS, polygon: ['polygon', 'mask'], keypoints: ['keypoints'], tracking: ['box', 'polygon'] };

/** The feature and label a suggestion goes into when the model cannot tell: the caller's, else the first of the tool. */
function chosenTarget(features: readonly TargetFeature[], body: AiPredictionBody, required: boolean): { featureId: number; labelId: string } | undefined {
  if (body.featureId !== undefined) {
    const f = features.find((x) => x.featureId === body.featureId);
    const labelId = body.labelId ?? f?.labels[0]?.id;
    if (!f || !labelId || !f.labels.some((l) => l.id === labelId)) throw new AppError('ai.noFeature', { tool: body.tool, featureId: body.featureId });
    return { featureId: f.featureId, labelId };
  }
  if (!required) return undefined;
  // unnamed, an outline goes where it went before masks existed: a polygon feature first
  const f = features.find((x) => x.labels.length > 0 && x.tool !== 'mask') ?? features.find((x) => x.labels.length > 0);
  if (!f) throw new AppError('ai.noFeature', { tool: body.tool });
  return { featureId: f.featureId, labelId: f.labels[0]!.id };
}

/** Followed shapes as objects of the frames they were found on, with their original's feature and label. */
function trackedObjects(body: AiPredictionBody, predictions: readonly Prediction[], frames: readonly { id: number }[]): AiPredictionResult['frames'] {
  const sources = new Map((body.objects ?? []).map((o) => [o.id, o]));
  const out = frames.map((f) => ({ frameId: f.id, objects: [] as AnnotationObject[] }));
  let z = 0;
  for (const p of predictions) {
    const src = p.trackOf ? sources.get(p.trackOf) : undefined;
    const frame = p.frameIndex !== undefined ? out[p.frameIndex] : undefined;
    if (!src || !frame) continue;
    // The copy keeps its original's id: ids are unique per frame, so the same id on the next frames is one track.
    const common = { id: src.id, featureId: src.featureId, labelId: src.labelId, attributes: {}, zIndex: z++, source: 'ai' as const, score: Math.round(p.score * 100) / 100 };
    // Followed without being sure (the tracker's own bar): a keyframe for a person to look at (docs/video.md, "Automatic tracking").
    const marks = p.unsure ? { keyframe: true as const, unsure: true as const } : {};
    if (src.tool === 'box' && p.box && p.box.width > 0 && p.box.height > 0) frame.objects.push({ ...common, ...marks, tool: 'box', geometry: { ...p.box } });
    else if (src.tool === 'polygon' && p.points && p.points.length >= 3) frame.objects.push({ ...common, ...marks, tool: 'polygon', geometry: { points: p.points.map((q) => ({ x: q.x, y: q.y })) } });
  }
  return out;
}

/** POST /ai/annotate/prediction: help on the frame in hand, answered as suggestions; nothing is saved. */
export function registerAiPrediction(app: FastifyInstance, ctx: ServerContext): void {
  addRoute(app, aiRoutes.prediction, async (req) => {
    const access = accessOf(req);
    const row = access.taskSubject!;
    const project = { projectId: access.project!.projectId, teamId: access.project!.teamId };
    await requireEnabled(ctx, project.projectId);
    const body = req.body;
    const frame = await ctx.db
      .selectFrom('subject_frames as f')
      .innerJoin('subjects as s', 's.id', 'f.subject_id')
      .select(['f.id', 'f.object_key', 'f.frame_index', 'f.width', 'f.height', 's.record_type'])
      .where('f.id', '=', body.frameId)
      .where('f.subject_id', '=', row.subject_id)
      .executeTakeFirst();
    if (!frame) throw new AppError('ai.itemNotFound', { taskSubjectId: row.id, frameId: body.frameId });
    // The service may hold the picture in its cache: a frame whose file is gone (deleted, lost) is said so here, not answered from memory.
    if (!(await ctx.storage.head(frame.object_key))) throw new AppError('ai.imageUnreadable', { frameId: frame.id });
    // A video frame's object is the whole file: the service reads the frame as a picture the server decodes (docs/video.md, "Video frames on the server").
    const video = frame.record_type === 'video' ? await new SubjectsRepository(ctx.db).video(row.subject_id) : undefined;
    type FrameFile = { object_key: string; frame_index: number; width: number | null; height: number | null };
    const picturesOf = async (frames: readonly FrameFile[]): Promise<(f: FrameFile) => string> => {
      if (!video) return (f) => f.object_key;
      const keys = await videoFramePictures({ storage: ctx.storage, ffmpeg: ctx.config.media.ffmpegPath }, video, frames.map((f) => video.firstFrame + f.frame_index));
      return (f) => keys.get(video.firstFrame + f.frame_index)!;
    };
    const imageOf = (keyOf: (f: FrameFile) => string) => async (f: FrameFile) => {
      const key = keyOf(f);
      return { url: await ctx.ai.urls.readUrl(key), cacheKey: imageCacheKey(ctx, key), ...(f.width ? { width: f.width } : {}), ...(f.height ? { height: f.height } : {}) };
    };
    if (body.warm) {
      // Each warm-up makes the service fetch and decode a whole frame: a person's are counted.
      const taken = await new AuthThrottleRepository(ctx.db).take([{ rule: WARMUPS_PER_USER, key: String(requireUser(req)) }], ctx.now());
      if (!taken.ok) throw new AppError('ai.warmLimited', { retryAfterSeconds: retryAfterSeconds(taken.retryAfterMs) });
      const model = await usableModel(ctx, project, body.tool, body.modelId);
      // The model named too: the built-in segmenter computes the picture's embedding now, so the first click pays only its decoder.
      // A team's own SAM is named with its files, which the service fetches to compute the embedding by them.
      const forModel =
        model.runtime === 'onnx-sam'
          ? await modelRef(ctx, ctx.ai.urls, model, project.projectId, DEFAULT_MIN_SCORE)
          : { kind: model.kind as InferRequest['model']['kind'], runtime: model.runtime as InferRequest['model']['runtime'], name: model.service_model };
      const image = imageOf(await picturesOf([frame]));
      await (await ctx.ai.client(model.service_id)).warm({ images: [await image(frame)], tenant: tenantOf(ctx, project.teamId), model: forModel });
      return { modelId: model.id, ms: 0, frames: [], unmapped: [] };
    }
    if (body.tool === 'tracking' && !body.objects?.length) throw new AppError('validation', { issues: [{ path: '/objects', message: 'tracking needs the objects to follow' }] });
    if (body.tool === 'polygon' && !body.box && !body.points?.some((p) => p.positive)) throw new AppError('validation', { issues: [{ path: '/box', message: 'a box or a positive click is needed' }] });
    const prompt = fitPrompt(body, frame);
    const model = await usableModel(ctx, project, body.tool, body.modelId);
    const features = await projectFeatures(ctx.db, project.projectId, TARGET_TOOLS[body.tool]);
    if (!features.length) throw new AppError('ai.noFeature', { tool: body.tool });
    const minScore = body.minScore ?? (model.head ? 0 : DEFAULT_MIN_SCORE);
    const next =
      body.tool === 'tracking'
        ? await ctx.db
            .selectFrom('subject_frames')
            .select(['id', 'object_key', 'frame_index', 'width', 'height'])
            .where('subject_id', '=', row.subject_id)
            // backward: the frames before, nearest first, so the tracker goes on from each to the next
            .where('frame_index', body.backward ? '<' : '>', frame.frame_index)
            .orderBy('frame_index', body.backward ? 'desc' : 'asc')
            .limit(body.frames ?? 1)
            .execute()
        : [];
    if (body.tool === 'tracking' && !next.length) return { modelId: model.id, ms: 0, frames: [], unmapped: [] };
    const image = imageOf(await picturesOf([frame, ...next]));
    // A detector's head is applied here, not in the service: classes no label takes are counted
    // for the user, a chosen label can take what nothing maps to, and polygon labels count too.
    const ref = await modelRef(ctx, ctx.ai.urls, model, project.projectId, minScore, body.tool === 'box' ? 'server' : 'service');
    const head = body.tool === 'box' ? await detectorHead(ctx.db, project.projectId, model, minScore, features) : undefined;
    const chosen = body.tool === 'tracking' ? undefined : chosenTarget(features, body, body.tool !== 'box');
    // Detect as a pre-annotation does it: boxes of outline labels come back outlined (outlineSpec.ts),
    // every box when the person chose an outline label for them.
    const everyClass = chosen !== undefined && OUTLINE_TOOLS.includes(features.find((f) => f.featureId === chosen.featureId)?.tool ?? '');
    const outline = head && model.kind === 'detector' ? await outlineOf(ctx, ctx.ai.urls, { project, detector: model, head, features, minScore, everyClass }) : undefined;
    const request: InferRequest = {
      ...(outline ? { outline } : {}),
      tenant: tenantOf(ctx, project.teamId),
      model: ref,
      image: await image(frame),
      // the tracker's own lost bar (docs/ai-models.md, "Tracker") unless the caller names one: the detectors' default is not a tracker's
      params: body.tool === 'tracking' && body.minScore === undefined ? {} : { minScore },
      ...(next.length ? { frames: await Promise.all(next.map(image)) } : {}),
      prompt: {
        ...(prompt.box ? { box: prompt.box } : {}),
        ...(prompt.points ? { points: prompt.points } : {}),
        ...(prompt.objects ? { objects: prompt.objects.map((o) => ({ id: o.id, tool: o.tool, ...(o.box ? { box: o.box } : {}), ...(o.points ? { points: o.points } : {}) })) } : {}),
      },
    };
    const client = await ctx.ai.client(model.service_id);
    const answer = await client.infer(request, frame.id).catch(async (err: unknown) => {
      // A team's model the service stopped (too costly, or broken) is failed here too, for everyone.
      if (err instanceof AppError && err.key === 'ai.modelInvalid' && model.runtime !== 'builtin') await ctx.ai.modelFailed(model, project.projectId, err);
      throw err;
    });
    // Every suggestion starts with its feature's attribute defaults, as a drawn object does (issue 31).
    if (body.tool === 'tracking') {
      const frames = trackedObjects(body, answer.predictions, next).map((f) => ({ ...f, objects: withFeatureDefaults(f.objects, features) }));
      return { modelId: model.id, ms: answer.ms, frames, unmapped: [] };
    }
    const picture = frame.width && frame.height ? { picture: { width: frame.width, height: frame.height } } : {};
    const made = predictionsToObjects(head ? applyHead(answer.predictions, head, minScore) : answer.predictions, { features, ...(chosen ? { chosen } : {}), ...picture });
    const unmatched = features.find((f) => made.pointsUnmatched.has(f.featureId));
    return {
      modelId: model.id,
      ms: answer.ms,
      frames: [{ frameId: frame.id, objects: withFeatureDefaults(made.objects, features) }],
      // A pose found, and no point of the skeleton named like the model's: said with both lists, not as "nothing found".
      ...(unmatched && !made.objects.length
        ? {
            pointsUnmatched: {
              feature: unmatched.name,
              skeleton: (unmatched.skeleton?.points ?? []).map((q) => q.name).slice(0, 30),
              model: [...new Set(answer.predictions.flatMap((q) => q.keypoints?.map((k) => cleanTextOf('line', k.name, 64)) ?? []))].slice(0, 30),
            },
          }
        : {}),
      // Class names are the service's words (a team's service may send anything): said cleaned, the 50 most found.
      unmapped: [...made.unmapped]
        .map(([className, count]) => ({ className: cleanTextOf('line', className, 128), count }))
        .sort((a, b) => b.count - a.count)
        .slice(0, 50),
    };
  });
}
