import { annotateRoutes } from '../../../../../src-shared/api/annotate';
import { noteRoutes } from '../../../../../src-shared/api/note';
import { taskRoutes } from '../../../../../src-shared/api/task';
import { taskSubjectRoutes } from '../../../../../src-shared/api/taskSubject';
import { useMemo } from 'react';
import { api, routeRequest, uncachedRead, type BodyOf, type DataOf } from '../../../app/apiSlice';
import { useAppDispatch } from '../../../app/hooks';

type T = typeof taskRoutes;
type TS = typeof taskSubjectRoutes;
type A = typeof annotateRoutes;

/** Whatever moves a task subject changes the caller's queues and the task's figures. */
export const moved = (taskId: number) => [{ type: 'TaskSubject' as const, id: 'MINE' }, { type: 'TaskSubject' as const, id: `task-${taskId}` }];

/**
 * The item's subject (every frame) and its annotations, read past the cache (uncachedRead): each
 * is read once per opening, the engine holds the live copy, and a long video's answers are tens
 * of MB. Rejects as a query's `unwrap()` does.
 */
export function useItemReads() {
  const dispatch = useAppDispatch();
  return useMemo(
    () => ({
      workItem: ({ projectId, taskId, taskSubjectId }: { projectId: number; taskId: number; taskSubjectId: number }) =>
        uncachedRead<DataOf<T['annotateSubject']>>(routeRequest(taskRoutes.annotateSubject, { params: { id: taskId }, query: { projectId, taskSubjectId } }), dispatch),
      // only the frames saved on: the others are empty (the open item's map has no entry for them)
      annotations: (taskSubjectId: number) => uncachedRead<DataOf<A['get']>>(routeRequest(annotateRoutes.get, { query: { taskSubjectId, saved: true } }), dispatch),
    }),
    [dispatch],
  );
}

/** The calls of the annotation workspace: claim, step menu, notes, give back (the step's transitions go through the journal). */
export const workspaceApi = api.injectEndpoints({
  endpoints: (build) => ({
    claimNext: build.mutation<DataOf<TS['claim']>, NonNullable<BodyOf<TS['claim']>>>({
      query: (body) => routeRequest(taskSubjectRoutes.claim, { body }),
      invalidatesTags: (_r, _e, { taskId }) => moved(taskId),
    }),
    stepMenu: build.query<DataOf<T['menu']>, { projectId: number; taskId: number }>({
      query: ({ projectId, taskId }) => routeRequest(taskRoutes.menu, { params: { id: taskId }, query: { projectId } }),
      providesTags: [{ type: 'TaskSubject', id: 'MINE' }],
    }),
    /** The notes pinned to the item's subject in this task subject (the reviewer's, the annotator's). */
    itemNotes: build.query<DataOf<(typeof noteRoutes)['bySubject']>, { projectId: number; dataId: number; taskSubjectId: number }>({
      query: (q) => routeRequest(noteRoutes.bySubject, { query: q }),
      providesTags: [{ type: 'Note', id: 'LIST' }],
    }),
    addNote: build.mutation<DataOf<(typeof noteRoutes)['create']>, NonNullable<BodyOf<(typeof noteRoutes)['create']>>>({
      query: (body) => routeRequest(noteRoutes.create, { body }),
      invalidatesTags: [{ type: 'Note', id: 'LIST' }],
    }),
    itemLog: build.query<DataOf<TS['log']>, number>({
      query: (taskSubjectId) => routeRequest(taskSubjectRoutes.log, { query: { taskSubjectId, page: 1, pageSize: 10 } }),
    }),
    /** Gives back an item claimed ahead and not started, when the annotator leaves the workspace. */
    releaseItem: build.mutation<DataOf<TS['release']>, NonNullable<BodyOf<TS['release']>> & { taskId: number }>({
      query: ({ taskId: _t, ...body }) => routeRequest(taskSubjectRoutes.release, { body }),
      invalidatesTags: (_r, _e, { taskId }) => moved(taskId),
    }),
  }),
});

export const {
  useClaimNextMutation,
  useStepMenuQuery,
  useItemLogQuery,
  useItemNotesQuery,
  useAddNoteMutation,
  useReleaseItemMutation,
} = workspaceApi;

/**
 * For a mutation or lazy query whose answer is only read from its `unwrap()`: selects nothing
 * from its state, so the component calling it does not render again as the call goes.
 */
export const UNWRAPPED = { selectFromResult: () => ({}) } as const;
