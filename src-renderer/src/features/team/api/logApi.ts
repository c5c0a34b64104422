import { logRoutes } from '../../../../../src-shared/api/log';
import { api, routeRequest, type BodyOf, type DataOf, type QueryOf } from '../../../app/apiSlice';

type R = typeof logRoutes;

/**
 * The team's index of workstation log zips (docs/logging.md, "Ops collect the zips"): list,
 * download address, "upload now" and the retention setting. All on the caller's current team.
 */
export const logApi = api.injectEndpoints({
  endpoints: (build) => ({
    listLogUploads: build.query<DataOf<R['list']>, NonNullable<QueryOf<R['list']>>>({
      query: (query) => routeRequest(logRoutes.list, { query: { ...query } }),
      providesTags: [{ type: 'LogUpload', id: 'LIST' }],
    }),
    /** A fresh 5-minute address every time (never cached: an old one may have expired). */
    logUploadUrl: build.query<DataOf<R['download']>, number>({
      query: (id) => routeRequest(logRoutes.download, { params: { id } }),
      keepUnusedDataFor: 0,
    }),
    requestLogUpload: build.mutation<DataOf<R['requestUpload']>, BodyOf<R['requestUpload']>>({
      query: (body) => routeRequest(logRoutes.requestUpload, { body }),
    }),
    logSettings: build.query<DataOf<R['settings']>, void>({
      query: () => routeRequest(logRoutes.settings),
      providesTags: [{ type: 'LogSetting', id: 'TEAM' }],
    }),
    updateLogSettings: build.mutation<DataOf<R['updateSettings']>, BodyOf<R['updateSettings']>>({
      query: (body) => routeRequest(logRoutes.updateSettings, { body }),
      invalidatesTags: [{ type: 'LogSetting', id: 'TEAM' }],
    }),
  }),
});

export const { useListLogUploadsQuery, useLazyListLogUploadsQuery, useLazyLogUploadUrlQuery, useRequestLogUploadMutation, useLogSettingsQuery, useUpdateLogSettingsMutation } =
  logApi;
