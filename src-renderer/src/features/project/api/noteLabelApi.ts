import { noteRoutes } from '../../../../../src-shared/api/note';
import { api, routeRequest, type DataOf } from '../../../app/apiSlice';
import { projectTags } from '../../../app/projectTags';

type R = typeof noteRoutes;
const labelsTag = projectTags.noteLabels;

/** The project's note labels (the notes centre's filter reads them here too). Deletion is left to the caller's optimistic update (with undo). */
export const noteLabelApi = api.injectEndpoints({
  endpoints: (build) => ({
    noteLabels: build.query<DataOf<R['labels']>, number>({
      query: (projectId) => routeRequest(noteRoutes.labels, { query: { projectId } }),
      providesTags: (_r, _e, projectId) => [labelsTag(projectId)],
    }),
    addNoteLabel: build.mutation<DataOf<R['addLabel']>, { projectId: number; name: string; color: string }>({
      query: (body) => routeRequest(noteRoutes.addLabel, { body }),
      invalidatesTags: (_r, _e, { projectId }) => [labelsTag(projectId)],
    }),
    updateNoteLabel: build.mutation<DataOf<R['updateLabel']>, { projectId: number; id: number; name?: string; color?: string }>({
      query: ({ id, ...body }) => routeRequest(noteRoutes.updateLabel, { params: { id }, body }),
      invalidatesTags: (_r, _e, { projectId }) => [labelsTag(projectId)],
    }),
    removeNoteLabel: build.mutation<null, { projectId: number; id: number }>({
      query: ({ projectId, id }) => routeRequest(noteRoutes.removeLabel, { params: { id }, query: { projectId } }),
      // Sent after the undo window, while the list already hides the label (app/pendingRemovals).
      invalidatesTags: (_r, _e, { projectId }) => [labelsTag(projectId)],
    }),
  }),
});

export const { useNoteLabelsQuery, useAddNoteLabelMutation, useUpdateNoteLabelMutation, useRemoveNoteLabelMutation } = noteLabelApi;
