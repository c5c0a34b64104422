import { teamRoutes } from '../../../../../src-shared/api/team';
import { userRoutes } from '../../../../../src-shared/api/user';
import type { PageOf } from '../../../../../src-shared/api/envelope';
import type { TeamMember } from '../../../../../src-shared/api/user';
import { api, routeRequest, type BodyOf, type DataOf, type QueryError } from '../../../app/apiSlice';

type R = typeof teamRoutes;

export interface MemberPageArgs {
  page: number;
  pageSize: number;
}

/** The largest page GET /user serves (src-shared/api/envelope.ts PageQuery). */
const MAX_PAGE_SIZE = 500;

/** Members of the current team and their management (role, removal, adding by mobile). */
export const memberApi = api.injectEndpoints({
  endpoints: (build) => ({
    listMembers: build.query<DataOf<typeof userRoutes.members>, MemberPageArgs>({
      query: (query) => routeRequest(userRoutes.members, { query: { ...query } }),
      providesTags: [{ type: 'TeamMember', id: 'LIST' }],
    }),
    /** Every member, page by page: pickers and the group list need the whole team. */
    listAllMembers: build.query<TeamMember[], void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const all: TeamMember[] = [];
        for (let page = 1; ; page++) {
          const res = await baseQuery(routeRequest(userRoutes.members, { query: { page, pageSize: MAX_PAGE_SIZE } }));
          if (res.error) return { error: res.error as QueryError };
          const data = res.data as PageOf<TeamMember>;
          all.push(...data.list);
          if (data.list.length === 0 || all.length >= data.total) return { data: all };
        }
      },
      providesTags: [{ type: 'TeamMember', id: 'LIST' }, { type: 'Group', id: 'LIST' }],
    }),
    setMemberRole: build.mutation<DataOf<R['setRole']>, { teamId: number } & BodyOf<R['setRole']>>({
      query: ({ teamId, ...body }) => routeRequest(teamRoutes.setRole, { params: { teamId }, body }),
      invalidatesTags: [{ type: 'TeamMember', id: 'LIST' }],
    }),
    removeMember: build.mutation<DataOf<R['removeMember']>, { teamId: number; userId: number }>({
      query: ({ teamId, userId }) => routeRequest(teamRoutes.removeMember, { params: { teamId }, query: { userId } }),
      invalidatesTags: [{ type: 'TeamMember', id: 'LIST' }, { type: 'Team', id: 'LIST' }],
    }),
    addMembers: build.mutation<DataOf<R['addMembers']>, { teamId: number } & BodyOf<R['addMembers']>>({
      query: ({ teamId, ...body }) => routeRequest(teamRoutes.addMembers, { params: { teamId }, body }),
      invalidatesTags: [{ type: 'TeamMember', id: 'LIST' }, { type: 'Team', id: 'LIST' }],
    }),
  }),
});

export const { useListMembersQuery, useListAllMembersQuery, useSetMemberRoleMutation, useRemoveMemberMutation, useAddMembersMutation } = memberApi;
