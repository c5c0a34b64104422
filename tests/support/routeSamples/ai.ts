import { inject } from 'vitest';
import type { ServerContext } from '../../../src-server/context';
import { aiRoutes } from '../../../src-shared/api/ai';
import { evaluateDetections } from '../../../src-shared/ai/metrics';
import { ANNOTATION_VERSION } from '../../../src-shared/model/annotation';
import { AiJobsRepository } from '../../../src-server/repositories/aiJobs';
import type { World } from '../world';
import { aiTask } from '../aiFixture';
import { projectPlayers } from './taskSubject';
import type { SampleGroup } from './types';

/** The built-in model of a kind, as the server recorded it from the service's /health. */
export async function builtinModel(ctx: ServerContext, kind: 'detector' | 'segmenter' | 'pose' | 'tracker'): Promise<{ id: number; service_model: string }> {
  return ctx.db.selectFrom('ai_models').select(['id', 'service_model']).where('kind', '=', kind).where('team_id', 'is', null).where('project_id', 'is', null).executeTakeFirstOrThrow();
}

const sampleAiTask = (w: World, ctx: ServerContext, subjects = 2) => aiTask(ctx, { projectId: w.projectP, createdBy: w.users.owner.id, members: projectPlayers(w), subjects });

/** A task whose subjects are all done, each with a reviewed `person` box: something to train on and measure against. */
export async function reviewedTask(w: World, ctx: ServerContext, subjects = 5) {
  const a = await sampleAiTask(w, ctx, subjects);
  const now = ctx.now();
  for (const [i, id] of a.t.taskSubjectIds.entries()) {
    const frameId = a.t.frames.get(a.t.subjectIds[i]!)![0]!;
    const data = { version: ANNOTATION_VERSION, classifications: [], objects: [{ id: `gt${i}`, featureId: a.boxFeatureId, labelId: 'person', tool: 'box', geometry: { x: 150, y: 20, width: 250, height: 490 }, attributes: {}, zIndex: 0, source: 'manual' }] };
    await ctx.db.insertInto('annotation_frames').values({ task_subject_id: id, frame_id: frameId, data: JSON.stringify(data), object_count: 1, version: 2, updated_by: w.users.annotator.id, updated_at: now }).execute();
    await ctx.db.updateTable('task_subjects').set({ state: 'done', step_index: 1, workflow_id: a.t.steps[1]!.workflowId, version: 2 }).where('id', '=', id).execute();
  }
  return a;
}

async function queuedJob(w: World, ctx: ServerContext, type: 'predict' | 'train') {
  const a = await sampleAiTask(w, ctx);
  const model = await builtinModel(ctx, 'detector');
  const frameId = a.t.frames.get(a.t.subjectIds[0]!)![0]!;
  // Queued in the far future's eyes: the runner may take it meanwhile, and a running job stops as well.
  return new AiJobsRepository(ctx.db).create({
    projectId: w.projectP, modelId: model.id, type, tool: 'box', params: {}, createdBy: w.users.owner.id, now: ctx.now(),
    items: [{ key: `t${a.t.taskSubjectIds[0]}-f${frameId}`, taskSubjectId: a.t.taskSubjectIds[0]!, subjectId: a.t.subjectIds[0]!, frameId }],
  });
}

export const aiSamples: SampleGroup = {
  routes: aiRoutes,
  samples: {
    allow: (w) => ({ method: 'GET', url: `/core/ai/allow?projectId=${w.projectP}` }),
    prediction: async (w, ctx) => {
      const a = await sampleAiTask(w, ctx);
      const frameId = a.t.frames.get(a.t.subjectIds[0]!)![0]!;
      return { method: 'POST', url: '/core/ai/annotate/prediction', payload: { taskSubjectId: a.t.taskSubjectIds[0], frameId, tool: 'box' } };
    },
    applyList: (w) => ({ method: 'GET', url: `/core/ai/apply/list?projectId=${w.projectP}` }),
    setDefault: async (w, ctx) => ({ method: 'POST', url: '/core/ai/model/default', payload: { projectId: w.projectP, tool: 'box', modelId: (await builtinModel(ctx, 'detector')).id } }),
    models: (w) => ({ method: 'GET', url: `/core/ai/model/list?projectId=${w.projectP}&tool=box` }),
    classMapping: async (w, ctx) => ({ method: 'GET', url: `/core/ai/model/mapping?projectId=${w.projectP}&modelId=${(await builtinModel(ctx, 'detector')).id}` }),
    setClassMapping: async (w, ctx) => ({ method: 'POST', url: '/core/ai/model/mapping', payload: { projectId: w.projectP, modelId: (await builtinModel(ctx, 'detector')).id, classes: [{ className: 'toothbrush', target: null }] } }),
    status: (w) => ({ method: 'GET', url: `/core/ai/model/queryModelStatus?projectId=${w.projectP}` }),
    predictTask: async (w, ctx) => {
      const a = await sampleAiTask(w, ctx);
      return { method: 'POST', url: '/core/ai/model/task', payload: { projectId: w.projectP, taskId: a.t.taskId } };
    },
    types: (w) => ({ method: 'GET', url: `/core/ai/model/type?projectId=${w.projectP}` }),
    predict: async (w, ctx) => {
      const a = await sampleAiTask(w, ctx);
      return { method: 'POST', url: '/core/ai/predict', payload: { projectId: w.projectP, taskSubjectIds: a.t.taskSubjectIds } };
    },
    cancelPredict: async (w, ctx) => ({ method: 'POST', url: '/core/ai/predict/cancel', payload: { projectId: w.projectP, jobId: await queuedJob(w, ctx, 'predict') } }),
    serve: async (w, ctx) => ({
      method: 'POST',
      url: '/core/ai/serve',
      // The built-in service, registered as if it were the team's own GPU box.
      payload: { projectId: w.projectP, runtime: 'external', name: 'Our detector', serviceUrl: inject('aiServiceUrl'), serviceKey: inject('aiServiceKey'), modelName: (await builtinModel(ctx, 'detector')).service_model },
    }),
    train: async (w, ctx) => {
      await reviewedTask(w, ctx);
      return { method: 'POST', url: '/core/ai/train', payload: { projectId: w.projectP, modelId: (await builtinModel(ctx, 'detector')).id } };
    },
    terminate: async (w, ctx) => ({ method: 'POST', url: '/core/ai/train/terminate', payload: { projectId: w.projectP, jobId: await queuedJob(w, ctx, 'train') } }),
    trainTool: async (w, ctx) => {
      await reviewedTask(w, ctx);
      return { method: 'POST', url: '/core/ai/train/box', payload: { projectId: w.projectP } };
    },
    statistics: async (w, ctx) => {
      const model = await builtinModel(ctx, 'detector');
      const stats = evaluateDetections([{ id: 'a', groundTruth: [{ label: '1:person', geometry: { x: 0, y: 0, width: 10, height: 10 } }], predictions: [{ label: '1:person', score: 0.9, geometry: { x: 0, y: 0, width: 10, height: 10 } }] }]);
      await ctx.db.insertInto('ai_statistics').values({ model_id: model.id, project_id: w.projectP, job_id: 0, items: 1, stats: JSON.stringify(stats), evaluated_at: ctx.now() }).execute();
      return { method: 'GET', url: `/core/modelPredictStatistics/${model.id}/object?projectId=${w.projectP}` };
    },
  },
};
