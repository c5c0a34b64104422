import type { FastifyInstance } from 'fastify';
import { aiRoutes, type AiServeBody } from '../../../src-shared/api/ai';
import { room } from '../../../src-shared/api/realtime';
import type { ServerContext } from '../../context';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { AiModelsRepository } from '../../repositories/aiModels';
import { MAX_TEAM_SERVICES } from '../../ai/limits';
import { isIP } from 'node:net';
import { cleanTextOf } from '../../../src-shared/model/text';
import { apiModels, mayBringIn, projectOf, requireEnabled, type ProjectRef } from './deps';
import { serveOnnx, serveSam } from './serveUploaded';

type ExternalBody = Extract<AiServeBody, { runtime: 'external' }>;

/**
 * The address of a team's service as the server will call it: http(s), no credentials, no
 * fragment (`http://127.0.0.1:PORT/any/path#` made every call land on /any/path), and not an
 * internal address unless the operator allowed it. A name is judged by what it resolves to when
 * the server connects (src-server/outbound/guardedAgent.ts), every time.
 */
function serviceBase(ctx: ServerContext, given: string): string {
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new AppError('ai.badServiceUrl', { url: given });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('ai.badServiceUrl', { url: given });
  if (url.username || url.password || url.hash || given.includes('#') || url.search) throw new AppError('ai.badServiceUrl', { url: given });
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  if (isIP(host) && !ctx.config.ai.allowedHosts.permits(url.hostname, host, port)) throw new AppError('ai.serviceAddressRefused', { service: url.host });
  return url.toString().replace(/\/+$/, '');
}

/** A model of the team's own service (its GPU box): the service must answer and list it. */
async function serveExternal(ctx: ServerContext, project: ProjectRef, userId: number, body: ExternalBody) {
  const base = serviceBase(ctx, body.serviceUrl);
  await mayBringIn(ctx, project.teamId);
  const models = new AiModelsRepository(ctx.db);
  const known = await models.teamServices(project.teamId);
  if (!known.some((s) => s.url === base) && known.length >= MAX_TEAM_SERVICES) throw new AppError('ai.tooManyServices', { max: MAX_TEAM_SERVICES });
  const health = await ctx.ai.clientFor({ url: base, service_key: body.serviceKey, name: body.name, builtin: 0 }).health();
  const offered = health.models.find((m) => m.name === body.modelName);
  // The names a service offers are its words: shown cleaned to the text rule, and a handful only.
  if (!offered) throw new AppError('ai.modelNotFound', { modelName: body.modelName, offered: health.models.slice(0, 50).map((m) => cleanTextOf('line', m.name, 128)) });
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
    const body = req.body;
    const modelId =
      body.runtime === 'onnx-yolo' ? await serveOnnx(ctx, project, userId, body) : body.runtime === 'onnx-sam' ? await serveSam(ctx, project, userId, body) : await serveExternal(ctx, project, userId, body);
    await ctx.realtime.publish(room('project', project.projectId), 'ai.model.changed', { projectId: project.projectId, modelId, change: 'added' });
    const row = (await new AiModelsRepository(ctx.db).model(modelId))!;
    return (await apiModels(ctx, project, [row]))[0]!;
  });
}
