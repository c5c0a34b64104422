import { aiRoutes } from '../../../../../../src-shared/api/ai';
import { api, routeRequest, type BodyOf, type DataOf } from '../../../../app/apiSlice';

type R = typeof aiRoutes;

/**
 * The AI calls the workspace makes: may the caller use AI here, which models there are, and
 * help on the frame in hand. Named apart from the AI tab's endpoints (features/ai), which the
 * workspace does not load.
 */
export const aiWorkspaceApi = api.injectEndpoints({
  endpoints: (build) => ({
    workspaceAiAllow: build.query<DataOf<R['allow']>, number>({
      query: (projectId) => routeRequest(aiRoutes.allow, { query: { projectId } }),
      keepUnusedDataFor: 60,
    }),
    workspaceAiModels: build.query<DataOf<R['models']>, number>({
      query: (projectId) => routeRequest(aiRoutes.models, { query: { projectId } }),
      keepUnusedDataFor: 60,
    }),
    /** Suggestions for one frame; nothing is saved, so nothing in the cache changes. */
    workspaceAiPrediction: build.mutation<DataOf<R['prediction']>, NonNullable<BodyOf<R['prediction']>>>({
      query: (body) => routeRequest(aiRoutes.prediction, { body }),
    }),
  }),
});

export const { useWorkspaceAiAllowQuery, useWorkspaceAiModelsQuery, useWorkspaceAiPredictionMutation } = aiWorkspaceApi;
