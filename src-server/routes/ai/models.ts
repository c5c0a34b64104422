import type { FastifyInstance } from 'fastify';
import { AI_TOOLS, aiRoutes, KIND_OF_TOOL } from '../../../src-shared/api/ai';
import { projectRoleMay } from '../../../src-shared/model/permissions';
import { room } from '../../../src-shared/api/realtime';
import type { ServerContext } from '../../context';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { AiModelsRepository } from '../../repositories/aiModels';
import { AiJobsRepository, toApiJobs } from '../../repositories/aiJobs';
import { projectFeatures } from '../../ai/projectFeatures';
import { DETECTOR_TARGET_TOOLS } from '../../ai/classMapping';
import { aiEnabled, apiModels, projectOf, requireEnabled, toolDefaults } from './deps';
import { queueEvaluation } from './evaluation';

/** Which features each tool's suggestions can go into. */
const FEATURE_TOOLS: Record<string, readonly string[]> = { box: DETECTOR_TARGET_TOOLS, polygon: ['polygon', 'mask'], keypoints: ['keypoints'], tracking: ['box', 'polygon'] };

/** Seeing and choosing models: allow, types, list, default, status. */
export function registerAiModels(app: FastifyInstance, ctx: ServerContext): void {
  const models = new AiModelsRepository(ctx.db);

  addRoute(app, aiRoutes.allow, async (req) => {
    const { project } = accessOf(req);
    const { projectId, teamId } = await projectOf(ctx, req);
    const enabled = await aiEnabled(ctx, projectId);
    const services = await models.servicesOfTeam(teamId);
    const role = project!.role;
    return {
      enabled,
      mayUse: enabled && projectRoleMay(role, 'project.ai.use'),
      mayManage: enabled && projectRoleMay(role, 'project.ai.manage'),
      mayRegister: enabled && projectRoleMay(role, 'project.ai.models'),
      serviceOnline: services.some((s) => s.online === 1),
    };
  });

  addRoute(app, aiRoutes.types, async (req) => {
    const project = await projectOf(ctx, req);
    const [features, rows] = await Promise.all([projectFeatures(ctx.db, project.projectId), models.modelsForProject(project)]);
    const defaults = await toolDefaults(ctx, project, rows);
    return AI_TOOLS.map((tool) => ({
      tool,
      kind: KIND_OF_TOOL[tool],
      features: features.filter((f) => FEATURE_TOOLS[tool]!.includes(f.tool)).map((f) => ({ featureId: f.featureId, name: f.name })),
      models: rows.filter((r) => r.tool === tool).length,
      defaultModelId: defaults.get(tool) ?? null,
    }));
  });

  addRoute(app, aiRoutes.models, async (req) => {
    const project = await projectOf(ctx, req);
    return apiModels(ctx, project, await models.modelsForProject(project, req.query.tool));
  });

  addRoute(app, aiRoutes.setDefault, async (req) => {
    const project = await projectOf(ctx, req);
    await requireEnabled(ctx, project.projectId);
    const model = await models.modelForProject(req.body.modelId, project);
    if (!model) throw new AppError('ai.modelNotFound', { modelId: req.body.modelId });
    if (model.tool !== req.body.tool) throw new AppError('ai.modelWrongTool', { modelId: model.id, tool: req.body.tool });
    await models.setDefault(project.projectId, req.body.tool, model.id);
    await ctx.realtime.publish(room('project', project.projectId), 'ai.model.changed', { projectId: project.projectId, modelId: model.id, change: 'default' });
    // A model that becomes the default is measured on the project's reviewed items, once.
    await queueEvaluation(ctx, project, model, requireUser(req)).catch(() => null);
    return (await apiModels(ctx, project, [model]))[0]!;
  });

  addRoute(app, aiRoutes.status, async (req) => {
    const project = await projectOf(ctx, req);
    const [services, rows, jobs] = await Promise.all([models.servicesOfTeam(project.teamId), models.modelsForProject(project), new AiJobsRepository(ctx.db).activeInProject(project.projectId)]);
    const api = await apiModels(ctx, project, rows);
    return {
      services: services.map((s) => ({ serviceId: s.id, name: s.name, builtIn: s.builtin === 1, online: s.online === 1, checkedAt: s.checked_at === null ? null : Number(s.checked_at), error: s.error })),
      models: api.map((m) => ({ modelId: m.modelId, name: m.name, tool: m.tool, state: m.state, error: m.error })),
      jobs: await toApiJobs(ctx.db, jobs),
    };
  });
}
