import type { FastifyRequest } from 'fastify';
import { AI_TOOLS, type AiTool } from '../../../src-shared/api/ai';
import type { ServerContext } from '../../context';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import { AiModelsRepository, toApiModel, type ModelRow } from '../../repositories/aiModels';
import type { ModelStatistics } from '../../../src-shared/ai/metrics';
import { toolDefault } from '../../ai/toolDefault';
import { modelScore } from '../../ai/modelScore';
import { AuthThrottleRepository } from '../../repositories/authThrottle';
import { retryAfterSeconds } from '../../auth/limits';
import { MAX_TEAM_MODELS, MODEL_REGISTRATIONS_PER_TEAM } from '../../ai/limits';

export interface ProjectRef {
  projectId: number;
  teamId: number;
}

/** The project a route acts on, with its owning team (whose models it may use). */
export async function projectOf(_ctx: ServerContext, req: FastifyRequest): Promise<ProjectRef> {
  const { projectId, teamId } = accessOf(req).project!;
  return { projectId, teamId };
}

/** The project's setting: AI is on unless its config says `aiEnabled: false`. */
export async function aiEnabled(ctx: ServerContext, projectId: number): Promise<boolean> {
  const config = await ctx.repos.projects.config(projectId);
  return config.aiEnabled !== false;
}

export async function requireEnabled(ctx: ServerContext, projectId: number): Promise<void> {
  if (!(await aiEnabled(ctx, projectId))) throw new AppError('ai.disabled');
}

/** A model the project may use, ready, and (when asked) of the tool; the project's default for the tool when no id is given. */
export async function usableModel(ctx: ServerContext, project: ProjectRef, tool: AiTool, modelId?: number): Promise<ModelRow> {
  const models = new AiModelsRepository(ctx.db);
  let id = modelId;
  if (id === undefined) id = toolDefault(tool, await models.modelsForProject(project, tool), await models.defaults(project.projectId));
  if (id === undefined) throw new AppError('ai.noModel', { tool });
  const model = await models.modelForProject(id, project);
  if (!model) throw new AppError('ai.modelNotFound', { modelId: id });
  if (model.tool !== tool) throw new AppError('ai.modelWrongTool', { modelId: id, tool });
  if (model.state !== 'ready') throw new AppError('ai.modelNotReady', { modelId: id, state: model.state });
  const service = await models.service(model.service_id);
  if (!service?.online) throw new AppError('ai.modelNotReady', { modelId: id, state: 'unreachable' });
  return model;
}

/** Each tool's default in the project: chosen there, or the one used when none is (toolDefault). */
export async function toolDefaults(ctx: ServerContext, project: ProjectRef, rows?: readonly ModelRow[]): Promise<Map<string, number>> {
  const models = new AiModelsRepository(ctx.db);
  const [chosen, all] = await Promise.all([models.defaults(project.projectId), rows ?? models.modelsForProject(project)]);
  return new Map(AI_TOOLS.flatMap((tool) => {
    const id = toolDefault(tool, all, chosen);
    return id === undefined ? [] : [[tool, id] as const];
  }));
}

/** Model rows as the API answers them, with each tool's default marked and the last scores. */
export async function apiModels(ctx: ServerContext, project: ProjectRef, rows: readonly ModelRow[]) {
  const models = new AiModelsRepository(ctx.db);
  const { projectId } = project;
  const [defaults, scores, names] = await Promise.all([toolDefaults(ctx, project), models.scores(projectId), models.creatorNames(rows.flatMap((r) => (r.created_by ? [r.created_by] : [])))]);
  const online = new Map<number, boolean>();
  for (const id of new Set(rows.map((r) => r.service_id))) online.set(id, (await models.service(id))?.online === 1);
  return rows.map((r) => {
    const s = scores.get(r.id);
    const stats = s ? (JSON.parse(s.stats) as ModelStatistics) : null;
    return toApiModel(r, {
      defaults,
      serviceOnline: online.get(r.service_id) ?? false,
      names,
      score: stats && s ? modelScore(stats, s.items, Number(s.evaluated_at)) : null,
    });
  });
}

/**
 * Every model brought in makes the server call an address of the team's choosing or load a file
 * of its making: counted per team before anything is fetched or called (whether it then loads
 * or not), and capped in number. Only what is refused from the request alone (a malformed or
 * internal literal address, a missing file, a SAM pair whose files do not fit the contract) is
 * not counted: it costs no call.
 */
export async function mayBringIn(ctx: ServerContext, teamId: number): Promise<void> {
  if ((await new AiModelsRepository(ctx.db).teamModelCount(teamId)) >= MAX_TEAM_MODELS) throw new AppError('ai.tooManyModels', { max: MAX_TEAM_MODELS });
  const taken = await new AuthThrottleRepository(ctx.db).take([{ rule: MODEL_REGISTRATIONS_PER_TEAM, key: String(teamId) }], ctx.now());
  if (!taken.ok) throw new AppError('ai.serveLimited', { retryAfterSeconds: retryAfterSeconds(taken.retryAfterMs) });
}
