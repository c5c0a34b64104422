import type { FastifyInstance } from 'fastify';
import { AI_TRAIN_MIN_ITEMS, aiRoutes, type AiTool } from '../../../src-shared/api/ai';
import type { ServerContext } from '../../context';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { AiJobsRepository, pageOfJobs, toApiJobs, type JobItemInput } from '../../repositories/aiJobs';
import { AiModelsRepository, type ModelRow } from '../../repositories/aiModels';
import { reviewedFrames } from '../../ai/reviewedItems';
import { projectFeatures } from '../../ai/projectFeatures';
import { projectOf, requireEnabled, usableModel, type ProjectRef } from './deps';

/** Tools a pre-annotation job can fill on its own (polygons and tracks need a person's prompt). */
const BATCH_TOOLS: readonly AiTool[] = ['box', 'keypoints'];

/**
 * The frames of these task subjects, as job items; only those of the project, and not a video
 * item's (the models read pictures; a task's video items are left as they are: docs/video.md).
 */
async function itemsOf(ctx: ServerContext, projectId: number, filter: { taskSubjectIds?: readonly number[]; taskId?: number; batchId?: number }): Promise<JobItemInput[]> {
  let q = ctx.db
    .selectFrom('task_subjects as ts')
    .innerJoin('subject_frames as sf', 'sf.subject_id', 'ts.subject_id')
    .innerJoin('subjects as s', 's.id', 'ts.subject_id')
    .select(['ts.id', 'ts.subject_id', 'sf.id as frame_id'])
    .where('ts.project_id', '=', projectId)
    .where('s.record_type', '!=', 'video')
    // Only what nobody started: the job checks again as it writes, this keeps the count honest.
    .where('ts.state', '=', 'pending')
    .where('ts.step_index', '=', 0);
  if (filter.taskSubjectIds) q = q.where('ts.id', 'in', [...filter.taskSubjectIds]);
  if (filter.taskId !== undefined) q = q.where('ts.task_id', '=', filter.taskId);
  if (filter.batchId !== undefined) q = q.where('s.batch_id', '=', filter.batchId);
  const rows = await q.orderBy('ts.id').orderBy('sf.frame_index').limit(500_000).execute();
  return rows.map((r) => ({ key: `t${r.id}-f${r.frame_id}`, taskSubjectId: r.id, subjectId: r.subject_id, frameId: r.frame_id }));
}

/** The tool whose default model pre-annotates: boxes when the project has box features, else keypoints. */
async function batchTool(ctx: ServerContext, project: ProjectRef, modelId?: number): Promise<AiTool> {
  if (modelId !== undefined) {
    const m = await new AiModelsRepository(ctx.db).modelForProject(modelId, project);
    if (!m) throw new AppError('ai.modelNotFound', { modelId });
    if (!BATCH_TOOLS.includes(m.tool as AiTool)) throw new AppError('ai.modelWrongTool', { modelId, tool: m.tool });
    return m.tool as AiTool;
  }
  const tools = new Set((await projectFeatures(ctx.db, project.projectId, ['box', 'keypoints'])).map((f) => f.tool));
  if (tools.has('box')) return 'box';
  if (tools.has('keypoints')) return 'keypoints';
  throw new AppError('ai.noFeature', { tool: 'box' });
}

async function startPrediction(ctx: ServerContext, p: { project: ProjectRef; userId: number; modelId?: number; minScore?: number; taskId?: number; batchId?: number; items: JobItemInput[] }) {
  await requireEnabled(ctx, p.project.projectId);
  const tool = await batchTool(ctx, p.project, p.modelId);
  if ((await projectFeatures(ctx.db, p.project.projectId, [tool])).length === 0) throw new AppError('ai.noFeature', { tool });
  const model = await usableModel(ctx, p.project, tool, p.modelId);
  if (!p.items.length) throw new AppError('ai.nothingToDo', { reason: 'noUntouchedItems' });
  const jobs = new AiJobsRepository(ctx.db);
  const id = await jobs.create({
    projectId: p.project.projectId,
    modelId: model.id,
    type: 'predict',
    tool,
    taskId: p.taskId ?? null,
    batchId: p.batchId ?? null,
    params: p.minScore !== undefined ? { minScore: p.minScore } : {},
    createdBy: p.userId,
    now: ctx.now(),
    items: p.items,
  });
  const row = (await jobs.get(id))!;
  await ctx.ai.publish(row);
  ctx.ai.wake();
  return (await toApiJobs(ctx.db, [row]))[0]!;
}

async function startTraining(ctx: ServerContext, project: ProjectRef, userId: number, model: ModelRow, targetPrecision?: number) {
  await requireEnabled(ctx, project.projectId);
  if (model.trainable !== 1 || model.kind !== 'detector') throw new AppError('ai.notTrainable', { modelId: model.id });
  const jobs = new AiJobsRepository(ctx.db);
  const running = await jobs.running(project.projectId, model.id, 'train');
  if (running) throw new AppError('ai.jobRunning', { jobId: running.id });
  const { train, holdout } = await reviewedFrames(ctx, project.projectId);
  if (train.length + holdout.length < AI_TRAIN_MIN_ITEMS || !holdout.length || !train.length) {
    throw new AppError('ai.tooFewExamples', { items: train.length + holdout.length, min: AI_TRAIN_MIN_ITEMS });
  }
  const id = await jobs.create({
    projectId: project.projectId,
    modelId: model.id,
    type: 'train',
    tool: model.tool as AiTool,
    params: { ...(targetPrecision !== undefined ? { targetPrecision } : {}), holdout, trainItems: train.length },
    createdBy: userId,
    now: ctx.now(),
    items: train,
  });
  const row = (await jobs.get(id))!;
  await ctx.ai.publish(row);
  ctx.ai.wake();
  return (await toApiJobs(ctx.db, [row]))[0]!;
}

/** Pre-annotation, training and their lists and stops. */
export function registerAiJobs(app: FastifyInstance, ctx: ServerContext): void {
  const jobs = new AiJobsRepository(ctx.db);

  addRoute(app, aiRoutes.predict, async (req) => {
    const project = await projectOf(ctx, req);
    const ids = [...new Set(req.body.taskSubjectIds)];
    const found = await ctx.db
      .selectFrom('task_subjects as ts')
      .innerJoin('subjects as s', 's.id', 'ts.subject_id')
      .select(['ts.id', 's.record_type'])
      .where('ts.project_id', '=', project.projectId)
      .where('ts.id', 'in', ids)
      .execute();
    if (found.length !== ids.length) {
      const have = new Set(found.map((f) => f.id));
      throw new AppError('taskSubject.notFound', { taskSubjectIds: ids.filter((i) => !have.has(i)).slice(0, 50) });
    }
    // Named items are refused when they are videos, rather than left out without a word.
    const videos = found.filter((f) => f.record_type === 'video').map((f) => f.id);
    if (videos.length > 0) throw new AppError('ai.videoNotSupported', { taskSubjectIds: videos.slice(0, 50) });
    const items = await itemsOf(ctx, project.projectId, { taskSubjectIds: ids });
    return startPrediction(ctx, { project, userId: requireUser(req), ...(req.body.modelId ? { modelId: req.body.modelId } : {}), ...(req.body.minScore !== undefined ? { minScore: req.body.minScore } : {}), items });
  });

  addRoute(app, aiRoutes.predictTask, async (req) => {
    const project = await projectOf(ctx, req);
    const task = await ctx.db.selectFrom('tasks').select('id').where('id', '=', req.body.taskId).where('project_id', '=', project.projectId).executeTakeFirst();
    if (!task) throw new AppError('task.notFound');
    if (req.body.batchId !== undefined) {
      const batch = await ctx.db.selectFrom('batches').select('id').where('id', '=', req.body.batchId).where('project_id', '=', project.projectId).executeTakeFirst();
      if (!batch) throw new AppError('batch.notFound');
    }
    const items = await itemsOf(ctx, project.projectId, { taskId: task.id, ...(req.body.batchId !== undefined ? { batchId: req.body.batchId } : {}) });
    return startPrediction(ctx, {
      project,
      userId: requireUser(req),
      taskId: task.id,
      ...(req.body.batchId !== undefined ? { batchId: req.body.batchId } : {}),
      ...(req.body.modelId ? { modelId: req.body.modelId } : {}),
      ...(req.body.minScore !== undefined ? { minScore: req.body.minScore } : {}),
      items,
    });
  });

  const stop = (types: readonly string[]) => async (req: { body: { projectId: number; jobId: number } }) => {
    const row = await jobs.inProject(req.body.projectId, req.body.jobId);
    if (!row || !types.includes(row.type)) throw new AppError('ai.jobNotFound', { jobId: req.body.jobId });
    await ctx.ai.stop(row);
    return (await toApiJobs(ctx.db, [(await jobs.get(row.id))!]))[0]!;
  };
  addRoute(app, aiRoutes.cancelPredict, stop(['predict', 'evaluate', 'serve']));
  addRoute(app, aiRoutes.terminate, stop(['train']));

  addRoute(app, aiRoutes.applyList, async (req) => {
    const project = await projectOf(ctx, req);
    const page = req.query.page ?? 1;
    const pageSize = req.query.pageSize ?? 20;
    const { rows, total } = await jobs.page(project.projectId, { page, pageSize, ...(req.query.type ? { type: req.query.type } : {}) });
    return pageOfJobs(await toApiJobs(ctx.db, rows), total, page, pageSize);
  });

  addRoute(app, aiRoutes.train, async (req) => {
    const project = await projectOf(ctx, req);
    const model = await new AiModelsRepository(ctx.db).modelForProject(req.body.modelId, project);
    if (!model) throw new AppError('ai.modelNotFound', { modelId: req.body.modelId });
    return startTraining(ctx, project, requireUser(req), model, req.body.targetPrecision);
  });

  addRoute(app, aiRoutes.trainTool, async (req) => {
    const project = await projectOf(ctx, req);
    if (req.params.tool !== 'box') throw new AppError('ai.notTrainable', { tool: req.params.tool });
    const model = await usableModel(ctx, project, req.params.tool);
    return startTraining(ctx, project, requireUser(req), model, req.body.targetPrecision);
  });
}
