import { annotateRoutes } from '../../../../../src-shared/api/annotate';
import { projectRoutes, type ProjectOverviewType } from '../../../../../src-shared/api/project';
import { api, routeRequest, type DataOf } from '../../../app/apiSlice';

/** The project home's figures: the overview kinds the server has, and how much is annotated. */
export const projectOverviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    projectOverview: build.query<DataOf<typeof projectRoutes.overview>, { projectId: number; queryType: ProjectOverviewType }>({
      query: ({ projectId, queryType }) => routeRequest(projectRoutes.overview, { params: { projectId, queryType } }),
      providesTags: (_r, _e, { projectId }) => [{ type: 'Project', id: `overview-${projectId}` }, { type: 'Project', id: projectId }],
    }),
    projectAnnotateTotal: build.query<DataOf<typeof annotateRoutes.projectTotal>, number>({
      query: (projectId) => routeRequest(annotateRoutes.projectTotal, { params: { projectId } }),
      providesTags: (_r, _e, projectId) => [{ type: 'TaskSubject', id: `total-${projectId}` }],
    }),
  }),
});

export const { useProjectOverviewQuery, useProjectAnnotateTotalQuery } = projectOverviewApi;
