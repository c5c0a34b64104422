import { ontologyRoutes } from '../../../../src-shared/api/ontology';
import type { FeatureInput } from '../../../../src-shared/model/ontology';
import { api, routeRequest, type DataOf } from '../../app/apiSlice';

type O = typeof ontologyRoutes;

/** The project's ontology and its features, as the editor reads and saves them. */
export const ontologyApi = api.injectEndpoints({
  endpoints: (build) => ({
    projectOntology: build.query<DataOf<O['projectGet']>, number>({
      query: (projectId) => routeRequest(ontologyRoutes.projectGet, { params: { projectId } }),
      providesTags: (_r, _e, projectId) => [{ type: 'Ontology', id: projectId }],
    }),
    saveFeature: build.mutation<DataOf<O['manageFeatures']>, { projectId: number; feature: FeatureInput }>({
      query: ({ projectId, feature }) => routeRequest(ontologyRoutes.manageFeatures, { body: { projectId, features: [feature] } }),
      invalidatesTags: (_r, _e, { projectId }) => [{ type: 'Ontology', id: projectId }],
    }),
    deleteFeature: build.mutation<null, { projectId: number; featureId: number }>({
      query: ({ projectId, featureId }) => routeRequest(ontologyRoutes.deleteFeatures, { query: { projectId, featureIds: [featureId] } }),
      invalidatesTags: (_r, _e, { projectId }) => [{ type: 'Ontology', id: projectId }],
    }),
    reusableOntologies: build.query<DataOf<O['list']>, { name?: string; page: number }>({
      query: (body) => routeRequest(ontologyRoutes.list, { body: { ...body, pageSize: 10 } }),
    }),
    reuseOntology: build.mutation<DataOf<O['select']>, { projectId: number; ontologyId: number }>({
      query: (body) => routeRequest(ontologyRoutes.select, { body }),
      invalidatesTags: (_r, _e, { projectId }) => [{ type: 'Ontology', id: projectId }],
    }),
  }),
});

export const { useProjectOntologyQuery, useSaveFeatureMutation, useDeleteFeatureMutation, useReusableOntologiesQuery, useReuseOntologyMutation } = ontologyApi;
