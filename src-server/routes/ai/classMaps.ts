import type { FastifyInstance } from 'fastify';
import { aiRoutes } from '../../../src-shared/api/ai';
import { room } from '../../../src-shared/api/realtime';
import type { ServerContext } from '../../context';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { AiModelsRepository, classesOf, type ModelRow } from '../../repositories/aiModels';
import { classMapping, decideClasses, DETECTOR_TARGET_TOOLS, unsureEntries } from '../../ai/classMapping';
import { projectFeatures } from '../../ai/projectFeatures';
import { projectOf, requireEnabled } from './deps';

/** A detector's classes and the project's labels: seen by every role that uses AI, chosen by managers (docs/ai-models.md). */
export function registerAiClassMaps(app: FastifyInstance, ctx: ServerContext): void {
  const models = new AiModelsRepository(ctx.db);

  /** The model, when it is one whose classes are mapped here: an untrained detector of the project. */
  const mappable = async (project: { projectId: number; teamId: number }, modelId: number): Promise<ModelRow> => {
    const model = await models.modelForProject(modelId, project);
    if (!model) throw new AppError('ai.modelNotFound', { modelId });
    if (model.kind !== 'detector' || model.head !== null) throw new AppError('ai.noClassMapping', { modelId });
    return model;
  };
  const answer = async (projectId: number, model: ModelRow) => {
    const classes = await classMapping(ctx.db, projectId, model);
    return { modelId: model.id, classes, unsure: unsureEntries(classes).length };
  };

  addRoute(app, aiRoutes.classMapping, async (req) => {
    const project = await projectOf(ctx, req);
    return answer(project.projectId, await mappable(project, req.query.modelId));
  });

  addRoute(app, aiRoutes.setClassMapping, async (req) => {
    const project = await projectOf(ctx, req);
    await requireEnabled(ctx, project.projectId);
    const model = await mappable(project, req.body.modelId);
    const known = new Set(classesOf(model));
    const features = await projectFeatures(ctx.db, project.projectId, DETECTOR_TARGET_TOOLS);
    const latest = new Map<string, (typeof req.body.classes)[number]['target']>();
    for (const c of req.body.classes) {
      if (!known.has(c.className)) throw new AppError('ai.classMapInvalid', { className: c.className });
      const t = c.target;
      if (t && !features.some((f) => f.featureId === t.featureId && f.labels.some((l) => l.id === t.labelId))) throw new AppError('ai.classMapInvalid', { featureId: t.featureId, labelId: t.labelId });
      latest.set(c.className, t);
    }
    await decideClasses(ctx.db, { projectId: project.projectId, modelId: model.id, userId: requireUser(req), now: ctx.now() }, [...latest].map(([className, target]) => ({ className, target })));
    await ctx.realtime.publish(room('project', project.projectId), 'ai.model.changed', { projectId: project.projectId, modelId: model.id, change: 'mapping' });
    return answer(project.projectId, model);
  });
}
