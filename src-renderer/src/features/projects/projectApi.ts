import { projectRoutes } from '../../../../src-shared/api/project';
import { api, routeRequest, type DataOf } from '../../app/apiSlice';

type R = typeof projectRoutes;

/** One project, as the project area's frame shows it. */
export const projectApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProject: build.query<DataOf<R['get']>, number>({
      query: (projectId) => routeRequest(projectRoutes.get, { params: { projectId } }),
      providesTags: (_r, _e, projectId) => [{ type: 'Project', id: projectId }],
    }),
  }),
});

export const { useGetProjectQuery } = projectApi;
