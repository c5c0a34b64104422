import { exportRoutes } from '../../../../../src-shared/api/export';
import { obsRoutes } from '../../../../../src-shared/api/obs';
import { api, routeRequest, type BodyOf, type DataOf } from '../../../app/apiSlice';

type R = typeof exportRoutes;

/** The part of an export's object key after `export/`, which is what GET /obs/export/get takes. */
export const exportPathOf = (objectKey: string) => objectKey.replace(/^\/?export\//, '');

/**
 * The export calls of one project: the template with its saved plans, counts, runs and their
 * progress. Runs are one list per project (tag 'Export' LIST), refreshed by export.changed events.
 */
export const exportApi = api.injectEndpoints({
  endpoints: (build) => ({
    exportTemplate: build.query<DataOf<R['template']>, number>({
      query: (projectId) => routeRequest(exportRoutes.template, { params: { projectId } }),
      providesTags: (_r, _e, projectId) => [{ type: 'ExportPlan', id: projectId }],
    }),
    createExportPlan: build.mutation<DataOf<R['planCreate']>, BodyOf<R['planCreate']>>({
      query: (body) => routeRequest(exportRoutes.planCreate, { body }),
      invalidatesTags: (_r, _e, body) => [{ type: 'ExportPlan', id: body.projectId }],
    }),
    updateExportPlan: build.mutation<DataOf<R['planUpdate']>, { id: number; body: BodyOf<R['planUpdate']> }>({
      query: ({ id, body }) => routeRequest(exportRoutes.planUpdate, { params: { id }, body }),
      invalidatesTags: (_r, _e, { body }) => [{ type: 'ExportPlan', id: body.projectId }],
    }),
    countExport: build.query<DataOf<R['planCount']>, BodyOf<R['planCount']>>({
      query: (body) => routeRequest(exportRoutes.planCount, { body }),
    }),
    listExports: build.query<DataOf<R['progress']>, BodyOf<R['progress']>>({
      query: (body) => routeRequest(exportRoutes.progress, { body }),
      providesTags: [{ type: 'Export', id: 'LIST' }],
    }),
    startExport: build.mutation<DataOf<R['start']>, BodyOf<R['start']>>({
      query: (body) => routeRequest(exportRoutes.start, { body }),
      invalidatesTags: [{ type: 'Export', id: 'LIST' }],
    }),
    cancelExport: build.mutation<DataOf<R['cancel']>, { projectId: number; id: number }>({
      query: (params) => routeRequest(exportRoutes.cancel, { params }),
      invalidatesTags: [{ type: 'Export', id: 'LIST' }],
    }),
    deleteExport: build.mutation<DataOf<R['remove']>, { projectId: number; id: number }>({
      query: (params) => routeRequest(exportRoutes.remove, { params }),
      invalidatesTags: [{ type: 'Export', id: 'LIST' }],
    }),
    recordDelivery: build.mutation<DataOf<R['transferCallback']>, BodyOf<R['transferCallback']>>({
      query: (body) => routeRequest(exportRoutes.transferCallback, { body }),
      invalidatesTags: [{ type: 'Export', id: 'LIST' }],
    }),
    exportLink: build.mutation<DataOf<typeof obsRoutes.exportGet>, string>({
      query: (objectKey) => routeRequest(obsRoutes.exportGet, { query: { path: exportPathOf(objectKey) } }),
    }),
  }),
});

export const {
  useExportTemplateQuery,
  useCreateExportPlanMutation,
  useUpdateExportPlanMutation,
  useCountExportQuery,
  useListExportsQuery,
  useStartExportMutation,
  useCancelExportMutation,
  useDeleteExportMutation,
  useRecordDeliveryMutation,
  useExportLinkMutation,
} = exportApi;
