import { projectRoutes } from '../../../../../src-shared/api/project';
import { api, routeRequest, type BodyOf, type DataOf } from '../../../app/apiSlice';
import { projectTags } from '../../../app/projectTags';

type R = typeof projectRoutes;
const reasonsTag = projectTags.rejectReasons;
const configTag = projectTags.config;

/** A project's own settings: name and description, instruction, config, reject reasons, deletion. */
export const projectSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateProject: build.mutation<DataOf<R['update']>, { projectId: number; body: BodyOf<R['update']> }>({
      query: ({ projectId, body }) => routeRequest(projectRoutes.update, { params: { projectId }, body }),
      invalidatesTags: (_r, _e, { projectId }) => [{ type: 'Project', id: projectId }, { type: 'Project', id: 'LIST' }],
    }),
    deleteProject: build.mutation<null, number>({
      query: (projectId) => routeRequest(projectRoutes.remove, { params: { projectId } }),
      invalidatesTags: [{ type: 'Project', id: 'LIST' }, { type: 'Project', id: 'RECENT' }],
    }),
    saveInstruction: build.mutation<DataOf<R['putInstruction']>, { projectId: number; instruction: string }>({
      query: ({ projectId, instruction }) => routeRequest(projectRoutes.putInstruction, { params: { projectId }, body: { instruction } }),
      invalidatesTags: (_r, _e, { projectId }) => [{ type: 'Project', id: projectId }],
    }),
    projectConfig: build.query<DataOf<R['getConfig']>, number>({
      query: (projectId) => routeRequest(projectRoutes.getConfig, { params: { projectId } }),
      providesTags: (_r, _e, projectId) => [configTag(projectId)],
    }),
    saveProjectConfig: build.mutation<DataOf<R['putConfig']>, { projectId: number; config: Record<string, unknown> }>({
      query: ({ projectId, config }) => routeRequest(projectRoutes.putConfig, { params: { projectId }, body: config }),
      invalidatesTags: (_r, _e, { projectId }) => [configTag(projectId)],
    }),
    rejectReasons: build.query<DataOf<R['listRejectReasons']>, number>({
      query: (projectId) => routeRequest(projectRoutes.listRejectReasons, { params: { projectId } }),
      providesTags: (_r, _e, projectId) => [reasonsTag(projectId)],
    }),
    addRejectReason: build.mutation<DataOf<R['addRejectReason']>, { projectId: number; reason: string }>({
      query: ({ projectId, reason }) => routeRequest(projectRoutes.addRejectReason, { params: { projectId }, body: { reason } }),
      invalidatesTags: (_r, _e, { projectId }) => [reasonsTag(projectId)],
    }),
    // Sent after the undo window, while the list already hides the reason (app/pendingRemovals).
    removeRejectReason: build.mutation<null, { projectId: number; id: number }>({
      query: ({ projectId, id }) => routeRequest(projectRoutes.removeRejectReason, { params: { projectId, id } }),
      invalidatesTags: (_r, _e, { projectId }) => [reasonsTag(projectId)],
    }),
  }),
});

export const {
  useUpdateProjectMutation,
  useDeleteProjectMutation,
  useSaveInstructionMutation,
  useProjectConfigQuery,
  useSaveProjectConfigMutation,
  useRejectReasonsQuery,
  useAddRejectReasonMutation,
  useRemoveRejectReasonMutation,
} = projectSettingsApi;
