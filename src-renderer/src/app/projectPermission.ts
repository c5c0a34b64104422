import { projectRoutes } from '../../../src-shared/api/project';
import type { ProjectAction } from '../../../src-shared/model/permissions';
import { api, routeRequest, type DataOf } from './apiSlice';

type R = typeof projectRoutes;

/** The caller's effective role on a project and what it allows, so screens hide what the role cannot do. */
export const projectPermissionApi = api.injectEndpoints({
  endpoints: (build) => ({
    projectPermission: build.query<DataOf<R['checkPermission']>, number>({
      query: (projectId) => routeRequest(projectRoutes.checkPermission, { params: { projectId } }),
      providesTags: (_r, _e, projectId) => [{ type: 'Project', id: projectId }],
    }),
  }),
});

/** Whether the caller may do `action` on the project (false while unknown: actions appear once allowed). */
export function useProjectMay(projectId: number, action: ProjectAction): boolean {
  const { data } = projectPermissionApi.useProjectPermissionQuery(projectId);
  return data?.actions.includes(action) ?? false;
}
