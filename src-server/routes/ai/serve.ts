import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AI_MODEL_FILE_MAX_BYTES, aiRoutes, type AiServeBody } from '../../../src-shared/api/ai';
import { room } from '../../../src-shared/api/realtime';
import type { ServerContext } from '../../context';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { AiModelsRepository } from '../../repositories/aiModels';
import { AiJobsRepository } from '../../repositories/aiJobs';
import { ModelServiceClient } from '../../ai/serviceClient';
import { parseClientKey } from '../../storage/keyAccess';
import { apiModels, projectOf, requireEnabled, type ProjectRef } from './deps';

type OnnxBody = Extract<AiServeBody, { runtime: 'onnx-yolo' }>;
type ExternalBody = Extract<AiServeBody, { runtime: 'external' }>;

/** An uploaded ONNX file of the project, moved into the server's own model store, then loaded by the built-in service. */
async function serveOnnx(ctx: ServerContext, project: ProjectRef, userId: number, body: OnnxBody) {
  const models = new AiModelsRepository(ctx.db);
  const service = await models.builtinService();
  if (!service) throw new AppError('ai.serviceUnreachable', { service: 'built-in' });
  let parsed;
  try {
    parsed = parseClientKey(body.fileKey, ctx.config.s3?.rootPrefix ?? '');
  } catch {
    throw new AppError('ai.modelFileMissing', { key: body.fileKey });
  }
  if (parsed.area !== 'dataset' || parsed.ownerId !== project.projectId) throw new AppError('ai.modelFileMissing', { key: body.fileKey });
  const info = await ctx.storage.head(parsed.key);
  if (!info) throw new AppError('ai.modelFileMissing', { key: body.fileKey });
  if (info.size > AI_MODEL_FILE_MAX_BYTES) throw new AppError('ai.modelFileMissing', { key: body.fileKey, max: AI_MODEL_FILE_MAX_BYTES });
  const artifact = `model/${project.teamId}/${crypto.randomUUID()}.onnx`;
  await ctx.storage.put(artifact, await ctx.storage.get(parsed.key), 'application/octet-stream');
  const modelId = await models.insertModel({
    team_id: project.teamId,
    project_id: null,
    service_id: service.id,
    parent_id: null,
    name: body.name,
    description: `ONNX detector (YOLO-style output), ${body.classes.length} classes`,
    tool: 'box',
    kind: 'detector',
    runtime: 'onnx-yolo',
    service_model: 'onnx-yolo',
    version: 1,
    classes: JSON.stringify(body.classes),
    head: null,
    artifact_key: artifact,
    trainable: 1,
    state: 'loading',
    error: null,
    created_by: userId,
    created_at: ctx.now(),
  });
  const jobs = new AiJobsRepository(ctx.db);
  const jobId = await jobs.create({ projectId: project.projectId, modelId, type: 'serve', tool: 'box', params: {}, createdBy: userId, now: ctx.now(), items: [] });
  await ctx.ai.publish((await jobs.get(jobId))!);
  ctx.ai.wake();
  return modelId;
}

/** A model of the team's own service (its GPU box): the service must answer and list it. */
async function serveExternal(ctx: ServerContext, project: ProjectRef, userId: number, body: ExternalBody) {
  let url: URL;
  try {
    url = new URL(body.serviceUrl);
  } catch {
    throw new AppError('ai.badServiceUrl', { url: body.serviceUrl });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('ai.badServiceUrl', { url: body.serviceUrl });
  if (url.username || url.password) throw new AppError('ai.badServiceUrl', { url: body.serviceUrl });
  const base = url.toString().replace(/\/+$/, '');
  const health = await new ModelServiceClient(base, body.serviceKey, body.name).health();
  const offered = health.models.find((m) => m.name === body.modelName);
  if (!offered) throw new AppError('ai.modelNotFound', { modelName: body.modelName, offered: health.models.map((m) => m.name).slice(0, 50) });
  const models = new AiModelsRepository(ctx.db);
  const serviceId = await models.addService({ teamId: project.teamId, name: body.name, url: base, key: body.serviceKey, now: ctx.now() });
  await models.markService(serviceId, true, null, ctx.now());
  const tool = ({ detector: 'box', segmenter: 'polygon', pose: 'keypoints', tracker: 'tracking' } as const)[offered.kind];
  return models.insertModel({
    team_id: project.teamId,
    project_id: null,
    service_id: serviceId,
    parent_id: null,
    name: body.name,
    description: offered.description,
    tool,
    kind: offered.kind,
    runtime: 'external',
    service_model: offered.name,
    version: 1,
    classes: JSON.stringify(offered.classes),
    head: null,
    artifact_key: null,
    trainable: offered.kind === 'detector' ? 1 : 0,
    state: 'ready',
    error: null,
    created_by: userId,
    created_at: ctx.now(),
  });
}

/** POST /ai/serve: a team admin brings a model in. */
export function registerAiServe(app: FastifyInstance, ctx: ServerContext): void {
  addRoute(app, aiRoutes.serve, async (req) => {
    const project = await projectOf(ctx, req);
    await requireEnabled(ctx, project.projectId);
    const userId = requireUser(req);
    const modelId = req.body.runtime === 'onnx-yolo' ? await serveOnnx(ctx, project, userId, req.body) : await serveExternal(ctx, project, userId, req.body);
    await ctx.realtime.publish(room('project', project.projectId), 'ai.model.changed', { projectId: project.projectId, modelId, change: 'added' });
    const row = (await new AiModelsRepository(ctx.db).model(modelId))!;
    return (await apiModels(ctx, project.projectId, [row]))[0]!;
  });
}
