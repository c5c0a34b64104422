import { teamRoutes } from '../../../../../src-shared/api/team';
import { api, routeRequest, type BodyOf, type DataOf } from '../../../app/apiSlice';

type R = typeof teamRoutes;

/**
 * Role changes and removals of several members in one call each; the server applies all or
 * none. (Kept beside the members page until memberApi.ts takes them in.)
 */
export const bulkMemberApi = api.injectEndpoints({
  endpoints: (build) => ({
    setMemberRoles: build.mutation<DataOf<R['setRoles']>, { teamId: number } & BodyOf<R['setRoles']>>({
      query: ({ teamId, ...body }) => routeRequest(teamRoutes.setRoles, { params: { teamId }, body }),
      invalidatesTags: [{ type: 'TeamMember', id: 'LIST' }],
    }),
    removeMembers: build.mutation<DataOf<R['removeMembers']>, { teamId: number; userIds: number[] }>({
      query: ({ teamId, userIds }) => routeRequest(teamRoutes.removeMembers, { params: { teamId }, query: { userIds } }),
      invalidatesTags: [{ type: 'TeamMember', id: 'LIST' }, { type: 'Team', id: 'LIST' }],
    }),
  }),
});

export const { useSetMemberRolesMutation, useRemoveMembersMutation } = bulkMemberApi;
