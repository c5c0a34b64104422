import { projectRoutes } from '../../../../src-shared/api/project';
import { api, routeRequest, type DataOf, type QueryOf } from '../../app/apiSlice';

type R = typeof projectRoutes;

/** The project calls, typed by the shared route schemas. */
export const projectsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listProjects: build.query<DataOf<R['list']>, QueryOf<R['list']>>({
      query: (query) => routeRequest(projectRoutes.list, { query }),
      providesTags: (result) => [
        { type: 'Project', id: 'LIST' },
        ...(result?.list.map((p) => ({ type: 'Project' as const, id: p.projectId })) ?? []),
      ],
    }),
  }),
});

export const { useListProjectsQuery } = projectsApi;
