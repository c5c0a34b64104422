import { taskSubjectRoutes } from '../../../../../src-shared/api/taskSubject';
import { api, routeRequest, type DataOf } from '../../../app/apiSlice';

type TS = typeof taskSubjectRoutes;

/** The snapshots kept each time a step handed an item on (submit, pass), to compare the current work with. */
export const snapshotApi = api.injectEndpoints({
  endpoints: (build) => ({
    snapshotList: build.query<DataOf<TS['snapshotList']>, { taskSubjectId: number; page?: number; pageSize?: number }>({
      query: ({ taskSubjectId, page = 1, pageSize = 50 }) => routeRequest(taskSubjectRoutes.snapshotList, { query: { taskSubjectId, page, pageSize } }),
      // A hand-on adds one: a list read when the item is opened again must not be an old one.
      keepUnusedDataFor: 0,
    }),
    /** A snapshot never changes once kept, so the cached one stays right. */
    snapshot: build.query<DataOf<TS['snapshot']>, { taskSubjectId: number; snapshotId: number }>({
      query: ({ taskSubjectId, snapshotId }) => routeRequest(taskSubjectRoutes.snapshot, { params: { id: snapshotId }, query: { taskSubjectId } }),
    }),
  }),
});

export const { useSnapshotListQuery, useSnapshotQuery } = snapshotApi;
