import { groupRoutes } from '../../../../../src-shared/api/group';
import { teamRoutes } from '../../../../../src-shared/api/team';
import { api, routeRequest, type BodyOf, type DataOf, type QueryOf } from '../../../app/apiSlice';

type G = typeof groupRoutes;

/** Groups change what member rows show (their group tags), so both lists are refreshed. */
const GROUP_CHANGED = [{ type: 'Group' as const, id: 'LIST' }, { type: 'TeamMember' as const, id: 'LIST' }];

/** Groups of members in the current team. */
export const groupApi = api.injectEndpoints({
  endpoints: (build) => ({
    groupMembers: build.query<DataOf<G['members']>, { groupId: number } & NonNullable<QueryOf<G['members']>>>({
      query: ({ groupId, ...query }) => routeRequest(groupRoutes.members, { params: { groupId }, query }),
      providesTags: [{ type: 'Group', id: 'LIST' }],
    }),
    createGroup: build.mutation<DataOf<typeof teamRoutes.createGroup>, { teamId: number } & BodyOf<typeof teamRoutes.createGroup>>({
      query: ({ teamId, ...body }) => routeRequest(teamRoutes.createGroup, { params: { teamId }, body }),
      invalidatesTags: GROUP_CHANGED,
    }),
    updateGroup: build.mutation<DataOf<G['update']>, { groupId: number } & BodyOf<G['update']>>({
      query: ({ groupId, ...body }) => routeRequest(groupRoutes.update, { params: { groupId }, body }),
      invalidatesTags: GROUP_CHANGED,
    }),
    deleteGroup: build.mutation<DataOf<G['remove']>, number>({
      query: (groupId) => routeRequest(groupRoutes.remove, { params: { groupId } }),
      invalidatesTags: GROUP_CHANGED,
    }),
    removeGroupMembers: build.mutation<DataOf<G['removeMembers']>, QueryOf<G['removeMembers']>>({
      query: (query) => routeRequest(groupRoutes.removeMembers, { query: { ...query } }),
      invalidatesTags: GROUP_CHANGED,
    }),
  }),
});

export const { useGroupMembersQuery, useCreateGroupMutation, useUpdateGroupMutation, useDeleteGroupMutation, useRemoveGroupMembersMutation } = groupApi;
