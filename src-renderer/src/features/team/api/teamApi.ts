import { teamRoutes } from '../../../../../src-shared/api/team';
import { api, routeRequest, type BodyOf, type DataOf } from '../../../app/apiSlice';
import { CURRENT_TEAM_TAGS } from './currentTeamTags';

type R = typeof teamRoutes;

/** The teams of the caller and the team-level calls (create, switch, settings, transfer). */
export const teamApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTeams: build.query<DataOf<R['list']>, void>({
      query: () => routeRequest(teamRoutes.list),
      providesTags: (result) => [{ type: 'Team', id: 'LIST' }, ...(result?.map((t) => ({ type: 'Team' as const, id: t.teamId })) ?? [])],
    }),
    createTeam: build.mutation<DataOf<R['create']>, BodyOf<R['create']>>({
      query: (body) => routeRequest(teamRoutes.create, { body }),
      // The new team becomes the current one, so everything scoped to the current team changes.
      invalidatesTags: CURRENT_TEAM_TAGS,
    }),
    switchTeam: build.mutation<DataOf<R['switch']>, number>({
      query: (teamId) => routeRequest(teamRoutes.switch, { params: { teamId } }),
      invalidatesTags: CURRENT_TEAM_TAGS,
    }),
    updateTeam: build.mutation<DataOf<R['update']>, { teamId: number; body: BodyOf<R['update']> }>({
      query: ({ teamId, body }) => routeRequest(teamRoutes.update, { params: { teamId }, body }),
      invalidatesTags: (_r, _e, { teamId }) => [{ type: 'Team', id: teamId }, { type: 'Team', id: 'LIST' }],
    }),
    deleteTeam: build.mutation<DataOf<R['remove']>, number>({
      query: (teamId) => routeRequest(teamRoutes.remove, { params: { teamId } }),
      invalidatesTags: CURRENT_TEAM_TAGS,
    }),
    transferTeam: build.mutation<DataOf<R['transfer']>, { teamId: number; userId: number }>({
      query: ({ teamId, userId }) => routeRequest(teamRoutes.transfer, { params: { teamId }, body: { userId } }),
      // The caller's own role drops to admin: every permission-aware screen must re-read it.
      invalidatesTags: ['Team', 'TeamMember'],
    }),
  }),
});

export const {
  useListTeamsQuery,
  useCreateTeamMutation,
  useSwitchTeamMutation,
  useUpdateTeamMutation,
  useDeleteTeamMutation,
  useTransferTeamMutation,
} = teamApi;
