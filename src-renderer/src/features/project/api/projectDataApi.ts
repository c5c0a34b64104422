import { batchRoutes } from '../../../../../src-shared/api/batch';
import { obsRoutes } from '../../../../../src-shared/api/obs';
import { subjectRoutes, type SubjectCountQuery, type SubjectSampleQuery } from '../../../../../src-shared/api/subject';
import { api, routeRequest, type DataOf } from '../../../app/apiSlice';
import { projectTags, tagsOfPart } from '../../../app/projectTags';

const batchesTag = projectTags.batches;
const subjectsTag = projectTags.subjects;

/** The filters the subject grid applies to its count, its pages and samples. */
export type SubjectFilters = SubjectCountQuery;

/** Signed image URLs are asked for an hour (the server's default); refresh them well before. */
const SIGNED_URL_CACHE_SECONDS = 45 * 60;

/** Batches and subjects of a project, and signed URLs for their thumbnails. */
export const projectDataApi = api.injectEndpoints({
  endpoints: (build) => ({
    projectBatches: build.query<DataOf<typeof batchRoutes.list>, { projectId: number; name?: string; page: number; pageSize: number }>({
      query: (body) => routeRequest(batchRoutes.list, { body }),
      providesTags: (_r, _e, { projectId }) => [batchesTag(projectId)],
    }),
    createBatch: build.mutation<DataOf<typeof batchRoutes.create>, { projectId: number; name: string; remark?: string }>({
      query: (body) => routeRequest(batchRoutes.create, { body }),
      invalidatesTags: (_r, _e, { projectId }) => [batchesTag(projectId)],
    }),
    renameBatch: build.mutation<DataOf<typeof batchRoutes.updateById>, { projectId: number; id: number; name: string }>({
      query: ({ id, ...body }) => routeRequest(batchRoutes.updateById, { params: { id }, body }),
      invalidatesTags: (_r, _e, { projectId }) => [batchesTag(projectId)],
    }),
    deleteBatches: build.mutation<null, { projectId: number; ids: number[] }>({
      query: (query) => routeRequest(batchRoutes.removeMany, { query }),
      invalidatesTags: (_r, _e, { projectId }) => tagsOfPart(projectId, 'data'),
    }),
    subjectCount: build.query<DataOf<typeof subjectRoutes.listCount>, { projectId: number; filters: SubjectFilters }>({
      query: ({ projectId, filters }) => routeRequest(subjectRoutes.listCount, { params: { projectId }, query: { ...filters } }),
      providesTags: (_r, _e, { projectId }) => [subjectsTag(projectId)],
    }),
    /** One fixed-size page of the grid; rows on the same page share it (same arguments, one request). */
    subjectPage: build.query<DataOf<typeof subjectRoutes.list>, { projectId: number; filters: SubjectFilters; page: number; pageSize: number }>({
      query: ({ projectId, filters, page, pageSize }) => routeRequest(subjectRoutes.list, { params: { projectId }, query: { ...filters, page, pageSize } }),
      providesTags: (_r, _e, { projectId }) => [subjectsTag(projectId)],
    }),
    subjectSample: build.query<DataOf<typeof subjectRoutes.sample>, { projectId: number; query: SubjectSampleQuery }>({
      query: ({ projectId, query }) => routeRequest(subjectRoutes.sample, { params: { projectId }, query: { ...query } }),
      providesTags: (_r, _e, { projectId }) => [subjectsTag(projectId)],
    }),
    signedUrl: build.query<DataOf<typeof obsRoutes.url>, string>({
      query: (key) => routeRequest(obsRoutes.url, { query: { key } }),
      keepUnusedDataFor: SIGNED_URL_CACHE_SECONDS,
    }),
  }),
});

/** Call after an import finishes: its batch and subjects are new. */
export const projectDataChanged = (projectId: number) => api.util.invalidateTags(tagsOfPart(projectId, 'data'));

export const {
  useProjectBatchesQuery,
  useCreateBatchMutation,
  useRenameBatchMutation,
  useDeleteBatchesMutation,
  useSubjectCountQuery,
  useSubjectPageQuery,
  useSubjectSampleQuery,
  useSignedUrlQuery,
} = projectDataApi;
