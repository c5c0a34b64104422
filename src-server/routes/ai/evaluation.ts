import type { ServerContext } from '../../context';
import type { AiTool } from '../../../src-shared/api/ai';
import { AiJobsRepository } from '../../repositories/aiJobs';
import type { ModelRow } from '../../repositories/aiModels';
import { reviewedFrames } from '../../ai/reviewedItems';
import type { ProjectRef } from './deps';

/**
 * Measures a detector on the project's held-out reviewed items when it has no figures there yet
 * and none is being made. Answers the job id, or null when there is nothing to measure.
 */
export async function queueEvaluation(ctx: ServerContext, project: ProjectRef, model: ModelRow, userId: number): Promise<number | null> {
  if (model.kind !== 'detector') return null;
  const jobs = new AiJobsRepository(ctx.db);
  if (await jobs.running(project.projectId, model.id, 'evaluate')) return null;
  const has = await ctx.db.selectFrom('ai_statistics').select('job_id').where('model_id', '=', model.id).where('project_id', '=', project.projectId).executeTakeFirst();
  if (has) return null;
  const { holdout } = await reviewedFrames(ctx, project.projectId);
  if (!holdout.length) return null;
  const id = await jobs.create({
    projectId: project.projectId,
    modelId: model.id,
    type: 'evaluate',
    tool: model.tool as AiTool,
    params: {},
    createdBy: userId,
    now: ctx.now(),
    items: holdout.map((h) => ({ key: h.key, taskSubjectId: h.taskSubjectId, subjectId: h.subjectId, frameId: h.frameId })),
  });
  ctx.ai.wake();
  return id;
}
