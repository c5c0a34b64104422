import { taskSubjectRoutes } from '../../../../../src-shared/api/taskSubject';
import { api, routeRequest, type DataOf } from '../../../app/apiSlice';

type R = typeof taskSubjectRoutes;

/** The project's work packages: one list per project, refreshed by its tasks' events and by a take-back. */
export const packagesTag = (projectId: number) => ({ type: 'TaskSubject' as const, id: `packages-${projectId}` });

/** Who holds which work package of a project, and taking one back (docs/offline-day.md). */
export const workPackagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    projectPackages: build.query<DataOf<R['listPackages']>, number>({
      query: (projectId) => routeRequest(taskSubjectRoutes.listPackages, { query: { projectId } }),
      providesTags: (_r, _e, projectId) => [packagesTag(projectId)],
    }),
    takeBackPackage: build.mutation<DataOf<R['returnPackage']>, { projectId: number; packageId: number; taskId: number }>({
      query: ({ projectId, packageId }) => routeRequest(taskSubjectRoutes.returnPackage, { body: { projectId, packageId } }),
      // The task's counts and dispatch targets change with it.
      invalidatesTags: (_r, _e, { projectId, taskId }) => [packagesTag(projectId), { type: 'TaskSubject', id: `task-${taskId}` }],
    }),
  }),
});

export const { useProjectPackagesQuery, useTakeBackPackageMutation } = workPackagesApi;
