import { projectRoutes } from '../../../../../src-shared/api/project';
import { teamRoutes } from '../../../../../src-shared/api/team';
import { TEAM_PERMISSIONS, type ProjectAction, type TeamAction } from '../../../../../src-shared/model/permissions';
import { api, routeRequest, type DataOf } from '../../../app/apiSlice';

/** What the caller may do, so screens show only what the server would allow. */
export const permissionApi = api.injectEndpoints({
  endpoints: (build) => ({
    insightProjectPermission: build.query<DataOf<typeof projectRoutes.checkPermission>, number>({
      query: (projectId) => routeRequest(projectRoutes.checkPermission, { params: { projectId } }),
      providesTags: (_r, _e, projectId) => [{ type: 'ProjectMember', id: projectId }],
    }),
    insightTeams: build.query<DataOf<typeof teamRoutes.list>, void>({
      query: () => routeRequest(teamRoutes.list),
      providesTags: [{ type: 'Team', id: 'LIST' }],
    }),
  }),
});

/** Whether the caller may do `action` on the project; undefined while it is being asked. */
export function useProjectMay(projectId: number, action: ProjectAction): { may: boolean | undefined; error: unknown } {
  const { data, error } = permissionApi.useInsightProjectPermissionQuery(projectId, { skip: !Number.isInteger(projectId) });
  return { may: data ? data.actions.includes(action) : undefined, error };
}

/** Whether the caller's role in the current team allows `action`; undefined while loading. */
export function useTeamMay(action: TeamAction): { may: boolean | undefined; error: unknown } {
  const { data, error } = permissionApi.useInsightTeamsQuery();
  const current = data?.find((t) => t.isCurrent);
  const roles: readonly string[] = TEAM_PERMISSIONS[action];
  return { may: data ? current !== undefined && roles.includes(current.myRole) : undefined, error };
}
