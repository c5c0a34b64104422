import type { FastifyInstance } from 'fastify';
import { aiRoutes } from '../../../src-shared/api/ai';
import { feedbackOf, statisticsAtLevel, type ModelStatistics } from '../../../src-shared/ai/metrics';
import { migrateFrameData } from '../../../src-shared/model/annotation';
import type { ServerContext } from '../../context';
import { addRoute } from '../../plugins/defineHandler';
import { AppError } from '../../errors';
import { AiModelsRepository } from '../../repositories/aiModels';
import { projectOf } from './deps';

/**
 * What annotators did with the model's pre-annotations in the project: kept, edited, deleted.
 * Only items a person has submitted count (issue 31): on an item nobody has handed on yet, a
 * suggestion still there is not one anybody kept, only one nobody has looked at.
 */
async function feedback(ctx: ServerContext, projectId: number, modelId: number) {
  const suggested = await ctx.db
    .selectFrom('ai_suggestions as s')
    .select(['s.task_subject_id', 's.frame_id', 's.object_id', 's.label_id', 's.geometry'])
    .where('s.model_id', '=', modelId)
    .where('s.project_id', '=', projectId)
    .where((eb) => eb.exists(eb.selectFrom('task_subject_logs as l').select('l.id').whereRef('l.task_subject_id', '=', 's.task_subject_id').where('l.action', '=', 'submit')))
    .limit(200_000)
    .execute();
  if (!suggested.length) return { kept: 0, edited: 0, deleted: 0 };
  const total = { kept: 0, edited: 0, deleted: 0 };
  const byFrame = new Map<string, typeof suggested>();
  for (const s of suggested) byFrame.set(`${s.task_subject_id}:${s.frame_id}`, [...(byFrame.get(`${s.task_subject_id}:${s.frame_id}`) ?? []), s]);
  for (const [key, list] of byFrame) {
    const [ts, frame] = key.split(':').map(Number) as [number, number];
    const r = await ctx.db.selectFrom('annotation_frames').select('data').where('task_subject_id', '=', ts).where('frame_id', '=', frame).executeTakeFirst();
    const current = r ? migrateFrameData(JSON.parse(r.data)).objects.map((o) => ({ id: o.id, label: o.labelId, geometry: o.geometry, source: o.source })) : [];
    const f = feedbackOf(list.map((s) => ({ id: s.object_id, label: s.label_id, geometry: JSON.parse(s.geometry) as unknown })), current);
    total.kept += f.kept;
    total.edited += f.edited;
    total.deleted += f.deleted;
  }
  return total;
}

/** GET /modelPredictStatistics/{modelId}/{level}: the model's last evaluation in the project, at a level. */
export function registerAiStatistics(app: FastifyInstance, ctx: ServerContext): void {
  addRoute(app, aiRoutes.statistics, async (req) => {
    const project = await projectOf(ctx, req);
    const models = new AiModelsRepository(ctx.db);
    const model = await models.modelForProject(req.params.modelId, project);
    if (!model) throw new AppError('ai.modelNotFound', { modelId: req.params.modelId });
    const row = await ctx.db.selectFrom('ai_statistics').selectAll().where('model_id', '=', model.id).where('project_id', '=', project.projectId).executeTakeFirst();
    const fb = await feedback(ctx, project.projectId, model.id);
    if (!row) throw new AppError('ai.noStatistics', { modelId: model.id, feedback: fb });
    const stats = JSON.parse(row.stats) as ModelStatistics;
    const parentRow = model.parent_id
      ? await ctx.db.selectFrom('ai_statistics').select('stats').where('model_id', '=', model.parent_id).where('project_id', '=', project.projectId).executeTakeFirst()
      : undefined;
    return {
      modelId: model.id,
      level: req.params.level,
      evaluatedAt: Number(row.evaluated_at),
      items: row.items,
      figures: statisticsAtLevel(stats, req.params.level),
      curve: stats.prCurve.overall,
      feedback: fb,
      parent: parentRow && model.parent_id ? { modelId: model.parent_id, figures: statisticsAtLevel(JSON.parse(parentRow.stats) as ModelStatistics, req.params.level) } : null,
    };
  });
}
