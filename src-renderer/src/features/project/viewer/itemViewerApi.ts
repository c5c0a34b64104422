import { annotateRoutes } from '../../../../../src-shared/api/annotate';
import { subjectRoutes } from '../../../../../src-shared/api/subject';
import { api, routeRequest, type DataOf } from '../../../app/apiSlice';
import { projectTags } from '../../../app/projectTags';

/** What the item viewer reads of one item: its frames, the tasks it is in, and one task's annotations. */
export const itemViewerApi = api.injectEndpoints({
  endpoints: (build) => ({
    subjectDetail: build.query<DataOf<typeof subjectRoutes.get>, { projectId: number; dataId: number }>({
      query: ({ projectId, dataId }) => routeRequest(subjectRoutes.get, { params: { projectId, dataId } }),
      providesTags: (_r, _e, { projectId }) => [projectTags.subjects(projectId)],
    }),
    /** The item's place in every task: which task subject holds its annotations, with how many objects. */
    subjectInTasks: build.query<DataOf<typeof annotateRoutes.subjectStatus>, { projectId: number; dataId: number }>({
      query: ({ projectId, dataId }) => routeRequest(annotateRoutes.subjectStatus, { params: { projectId }, query: { dataIds: [dataId], page: 1, pageSize: 1 } }),
      providesTags: (_r, _e, { projectId }) => [projectTags.subjects(projectId), projectTags.tasks()],
    }),
    taskSubjectAnnotations: build.query<DataOf<typeof annotateRoutes.get>, { taskSubjectId: number; dataId: number }>({
      query: (query) => routeRequest(annotateRoutes.get, { query }),
      providesTags: (_r, _e, { taskSubjectId }) => [{ type: 'TaskSubject', id: `annotations-${taskSubjectId}` }],
    }),
  }),
});

export const { useSubjectDetailQuery, useSubjectInTasksQuery, useTaskSubjectAnnotationsQuery } = itemViewerApi;
