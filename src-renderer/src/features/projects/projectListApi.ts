import { projectRoutes } from '../../../../src-shared/api/project';
import { projectArchiveRoutes } from '../../../../src-shared/api/projectArchive';
import { api, routeRequest, type BodyOf, type DataOf, type QueryOf } from '../../app/apiSlice';

type R = typeof projectRoutes;

/** The project list with its filters, creating a project, and the caller's recently opened ones. */
export const projectListApi = api.injectEndpoints({
  endpoints: (build) => ({
    listProjectsFiltered: build.query<DataOf<R['list']>, QueryOf<R['list']>>({
      query: (query) => routeRequest(projectRoutes.list, { query }),
      providesTags: (result) => [
        { type: 'Project', id: 'LIST' },
        ...(result?.list.map((p) => ({ type: 'Project' as const, id: p.projectId })) ?? []),
      ],
    }),
    recentProjects: build.query<DataOf<R['recently']>, void>({
      query: () => routeRequest(projectRoutes.recently),
      providesTags: [{ type: 'Project', id: 'RECENT' }],
    }),
    createProject: build.mutation<DataOf<R['create']>, BodyOf<R['create']>>({
      query: (body) => routeRequest(projectRoutes.create, { body }),
      invalidatesTags: [{ type: 'Project', id: 'LIST' }],
    }),
    importProjectArchive: build.mutation<DataOf<typeof projectArchiveRoutes.importArchive>, BodyOf<typeof projectArchiveRoutes.importArchive>>({
      query: (body) => routeRequest(projectArchiveRoutes.importArchive, { body }),
      invalidatesTags: [{ type: 'Project', id: 'LIST' }],
    }),
  }),
});

export const { useListProjectsFilteredQuery, useRecentProjectsQuery, useCreateProjectMutation, useImportProjectArchiveMutation } = projectListApi;
