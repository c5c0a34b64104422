import { noteRoutes, type Note, type NoteCreateBody, type NoteListBody } from '../../../../src-shared/api/note';
import { api, routeRequest, type DataOf } from '../../app/apiSlice';

type R = typeof noteRoutes;

/**
 * The notes centre's calls. Resolving and reopening patch every cached list at once (the user
 * sees the change on click) and roll back if the server refuses.
 */
export const notesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listNotes: build.query<DataOf<R['list']>, NoteListBody>({
      query: (body) => routeRequest(noteRoutes.list, { body }),
      providesTags: (result) => [{ type: 'Note', id: 'LIST' }, ...(result?.list.map((n) => ({ type: 'Note' as const, id: n.id })) ?? [])],
    }),
    setNotesStatus: build.mutation<DataOf<R['resolve']>, { projectId: number; ids: number[]; status: Note['status'] }>({
      query: ({ projectId, ids, status }) => routeRequest(status === 'resolved' ? noteRoutes.resolve : noteRoutes.open, { body: { projectId, ids } }),
      async onQueryStarted({ ids, status }, { dispatch, getState, queryFulfilled }) {
        const chosen = new Set(ids);
        const patches = notesApi.util
          .selectInvalidatedBy(getState(), [{ type: 'Note', id: 'LIST' }])
          .filter((q) => q.endpointName === 'listNotes')
          .map(({ originalArgs }) =>
          dispatch(
            notesApi.util.updateQueryData('listNotes', originalArgs as NoteListBody, (draft) => {
              for (const n of draft.list) {
                if (chosen.has(n.id)) n.status = status;
                for (const r of n.replies ?? []) if (chosen.has(r.id)) r.status = status;
              }
            }),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          for (const p of patches) p.undo();
        }
      },
      invalidatesTags: [{ type: 'Note', id: 'LIST' }],
    }),
    /** A reply: a note on the same anchor as the one answered, so it joins that thread. */
    replyToNote: build.mutation<DataOf<R['create']>, NoteCreateBody>({
      query: (body) => routeRequest(noteRoutes.create, { body }),
      invalidatesTags: [{ type: 'Note', id: 'LIST' }],
    }),
    deleteNotes: build.mutation<null, { ids: number[] }>({
      query: ({ ids }) => routeRequest(noteRoutes.remove, { query: { ids } }),
      invalidatesTags: [{ type: 'Note', id: 'LIST' }],
    }),
  }),
});

export const { useListNotesQuery, useSetNotesStatusMutation, useReplyToNoteMutation, useDeleteNotesMutation } = notesApi;
