import { projectRoutes, type ProjectMemberInput } from '../../../../../src-shared/api/project';
import { userRoutes } from '../../../../../src-shared/api/user';
import { api, routeRequest, type DataOf, type QueryOf } from '../../../app/apiSlice';
import { tagsOfPart, projectTags } from '../../../app/projectTags';

type R = typeof projectRoutes;
const membersTag = projectTags.members;

/** Members of one project, and the current team's members who could join it. */
export const projectMembersApi = api.injectEndpoints({
  endpoints: (build) => ({
    projectMembers: build.query<DataOf<R['listMembers']>, { projectId: number } & NonNullable<QueryOf<R['listMembers']>>>({
      query: ({ projectId, ...query }) => routeRequest(projectRoutes.listMembers, { params: { projectId }, query }),
      providesTags: (_r, _e, { projectId }) => [membersTag(projectId)],
    }),
    addProjectMembers: build.mutation<DataOf<R['addMembers']>, { projectId: number; members: ProjectMemberInput[] }>({
      query: ({ projectId, members }) => routeRequest(projectRoutes.addMembers, { params: { projectId }, body: { members } }),
      invalidatesTags: (_r, _e, { projectId }) => tagsOfPart(projectId, 'members'),
    }),
    removeProjectMembers: build.mutation<null, { projectId: number; userIds: number[] }>({
      query: ({ projectId, userIds }) => routeRequest(projectRoutes.removeMembers, { params: { projectId }, query: { userIds } }),
      invalidatesTags: (_r, _e, { projectId }) => tagsOfPart(projectId, 'members'),
    }),
    /** The current team's members (the people a project can take in), one page of at most 500. */
    teamMembersForProject: build.query<DataOf<typeof userRoutes.members>, void>({
      query: () => routeRequest(userRoutes.members, { query: { pageSize: 500 } }),
      providesTags: [{ type: 'TeamMember', id: 'LIST' }],
    }),
  }),
});

export const { useProjectMembersQuery, useAddProjectMembersMutation, useRemoveProjectMembersMutation, useTeamMembersForProjectQuery } = projectMembersApi;
