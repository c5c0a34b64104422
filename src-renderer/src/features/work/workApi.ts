import { taskRoutes } from '../../../../src-shared/api/task';
import { taskSubjectRoutes } from '../../../../src-shared/api/taskSubject';
import { api, routeRequest, type DataOf } from '../../app/apiSlice';

type T = typeof taskRoutes;
type TS = typeof taskSubjectRoutes;

/** Every open task the caller works in; pages hold at most this many tasks at once. */
export const MY_WORK_PAGE_SIZE = 50;
/** Rework items shown per task before the list says there are more. */
export const REWORK_PAGE_SIZE = 20;

/** The caller's queues: tasks with per-step counts, and the items that came back from review. */
export const workApi = api.injectEndpoints({
  endpoints: (build) => ({
    myWork: build.query<DataOf<T['workList']>, { page: number }>({
      query: ({ page }) => routeRequest(taskRoutes.workList, { body: { page, pageSize: MY_WORK_PAGE_SIZE } }),
      providesTags: [{ type: 'TaskSubject', id: 'MINE' }, { type: 'Task', id: 'LIST' }],
    }),
    reworkOf: build.query<DataOf<TS['listDetail']>, { projectId: number; taskId: number; holderId: number }>({
      query: ({ projectId, taskId, holderId }) =>
        routeRequest(taskSubjectRoutes.listDetail, { query: { projectId, taskId, holderId, rework: true, page: 1, pageSize: REWORK_PAGE_SIZE } }),
      providesTags: (_r, _e, { taskId }) => [{ type: 'TaskSubject', id: 'MINE' }, { type: 'TaskSubject', id: `task-${taskId}` }],
    }),
  }),
});

export const { useMyWorkQuery, useReworkOfQuery } = workApi;
