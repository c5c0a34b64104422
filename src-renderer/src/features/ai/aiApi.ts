import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { aiRoutes, type AiJob, type AiJobType } from '../../../../src-shared/api/ai';
import { obsRoutes } from '../../../../src-shared/api/obs';
import { api, routeRequest, type BodyOf, type DataOf } from '../../app/apiSlice';

type R = typeof aiRoutes;
type InProject = { projectId: number };
export type StatisticsLevel = 'object' | 'label' | 'item';

/** The AI tab's own tags: models (list, types, status), jobs, the allow answer, statistics. */
const withAiTags = api.enhanceEndpoints({ addTagTypes: ['AiModel', 'AiJob', 'AiAllow', 'AiStats', 'AiClassMap'] });

/**
 * The AI group's calls as the AI tab uses them. Stopping a job writes the answer into every
 * cached page of the job list at once, so "cancelled" shows as soon as the server says so.
 */
export const aiApi = withAiTags.injectEndpoints({
  endpoints: (build) => ({
    aiAllow: build.query<DataOf<R['allow']>, number>({
      query: (projectId) => routeRequest(aiRoutes.allow, { query: { projectId } }),
      providesTags: ['AiAllow'],
    }),
    aiModelTypes: build.query<DataOf<R['types']>, number>({
      query: (projectId) => routeRequest(aiRoutes.types, { query: { projectId } }),
      providesTags: [{ type: 'AiModel', id: 'TYPES' }],
    }),
    aiModels: build.query<DataOf<R['models']>, number>({
      query: (projectId) => routeRequest(aiRoutes.models, { query: { projectId } }),
      providesTags: [{ type: 'AiModel', id: 'LIST' }],
    }),
    aiStatus: build.query<DataOf<R['status']>, number>({
      query: (projectId) => routeRequest(aiRoutes.status, { query: { projectId } }),
      providesTags: [{ type: 'AiModel', id: 'STATUS' }],
    }),
    aiJobs: build.query<DataOf<R['applyList']>, InProject & { page: number; pageSize: number }>({
      query: (query) => routeRequest(aiRoutes.applyList, { query }),
      providesTags: [{ type: 'AiJob', id: 'LIST' }],
    }),
    modelStatistics: build.query<DataOf<R['statistics']>, InProject & { modelId: number; level: StatisticsLevel }>({
      query: ({ projectId, modelId, level }) => routeRequest(aiRoutes.statistics, { params: { modelId, level }, query: { projectId } }),
      providesTags: (_r, _e, { modelId }) => [{ type: 'AiStats', id: modelId }],
    }),
    aiClassMapping: build.query<DataOf<R['classMapping']>, InProject & { modelId: number }>({
      query: (query) => routeRequest(aiRoutes.classMapping, { query }),
      providesTags: (_r, _e, { modelId }) => [{ type: 'AiClassMap', id: modelId }],
    }),
    setAiClassMapping: build.mutation<DataOf<R['setClassMapping']>, NonNullable<BodyOf<R['setClassMapping']>>>({
      query: (body) => routeRequest(aiRoutes.setClassMapping, { body }),
      // The answer is the mapping as it now is: written into the cache, nothing to ask again.
      async onQueryStarted({ projectId, modelId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(aiApi.util.upsertQueryData('aiClassMapping', { projectId, modelId }, data));
      },
    }),
    setDefaultModel: build.mutation<DataOf<R['setDefault']>, NonNullable<BodyOf<R['setDefault']>>>({
      query: (body) => routeRequest(aiRoutes.setDefault, { body }),
      invalidatesTags: [{ type: 'AiModel', id: 'LIST' }, { type: 'AiModel', id: 'TYPES' }, { type: 'AiJob', id: 'LIST' }],
    }),
    preAnnotateTask: build.mutation<DataOf<R['predictTask']>, NonNullable<BodyOf<R['predictTask']>>>({
      query: (body) => routeRequest(aiRoutes.predictTask, { body }),
      invalidatesTags: [{ type: 'AiJob', id: 'LIST' }],
    }),
    trainModel: build.mutation<DataOf<R['train']>, NonNullable<BodyOf<R['train']>>>({
      query: (body) => routeRequest(aiRoutes.train, { body }),
      invalidatesTags: [{ type: 'AiJob', id: 'LIST' }],
    }),
    /** Where a model file goes first: the project's dataset folder (the server moves it into its own store when it is brought in). */
    modelUploadTarget: build.mutation<DataOf<typeof obsRoutes.projectUpload>, InProject & { path: string }>({
      query: ({ projectId, path }) => routeRequest(obsRoutes.projectUpload, { params: { projectId }, query: { path, contentType: 'application/octet-stream' } }),
    }),
    /** Brings a model in for the team (POST /ai/serve): it shows as loading, then ready or failed by event. */
    serveModel: build.mutation<DataOf<R['serve']>, NonNullable<BodyOf<R['serve']>>>({
      query: (body) => routeRequest(aiRoutes.serve, { body }),
      invalidatesTags: [{ type: 'AiModel', id: 'LIST' }, { type: 'AiModel', id: 'TYPES' }, { type: 'AiModel', id: 'STATUS' }],
    }),
    stopJob: build.mutation<AiJob, InProject & { jobId: number; type: AiJobType }>({
      query: ({ projectId, jobId, type }) => routeRequest(type === 'train' ? aiRoutes.terminate : aiRoutes.cancelPredict, { body: { projectId, jobId } }),
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        const { data: job } = await queryFulfilled.catch(() => ({ data: null }));
        if (job) patchCachedJobs(dispatch, getState, job.jobId, (j) => Object.assign(j, job));
      },
    }),
  }),
});

type CacheState = Parameters<typeof aiApi.util.selectCachedArgsForQuery>[0];
type Dispatch = ThunkDispatch<CacheState, unknown, UnknownAction>;

/** Changes one job in every cached page of the job list that shows it; answers whether any did. */
export function patchCachedJobs(dispatch: Dispatch, getState: () => unknown, jobId: number, change: (job: AiJob) => void): boolean {
  let found = false;
  const state = getState() as CacheState;
  for (const args of aiApi.util.selectCachedArgsForQuery(state, 'aiJobs')) {
    dispatch(
      aiApi.util.updateQueryData('aiJobs', args, (draft) => {
        const job = draft.list.find((j) => j.jobId === jobId);
        if (!job) return;
        found = true;
        change(job);
      }),
    );
  }
  return found;
}

export const {
  useAiAllowQuery,
  useAiModelTypesQuery,
  useAiModelsQuery,
  useAiStatusQuery,
  useAiClassMappingQuery,
  useLazyAiClassMappingQuery,
  useSetAiClassMappingMutation,
  useAiJobsQuery,
  useModelStatisticsQuery,
  useSetDefaultModelMutation,
  usePreAnnotateTaskMutation,
  useTrainModelMutation,
  useStopJobMutation,
  useModelUploadTargetMutation,
  useServeModelMutation,
} = aiApi;
