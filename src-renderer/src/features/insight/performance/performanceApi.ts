import { performanceRoutes } from '../../../../../src-shared/api/performance';
import { api, routeRequest, type BodyOf, type DataOf } from '../../../app/apiSlice';

type R = typeof performanceRoutes;

/** The performance reports; all read-only, cached per filter set under the 'Performance' tag. */
export const performanceApi = api.injectEndpoints({
  endpoints: (build) => ({
    performanceScreen: build.query<DataOf<R['screen']>, void>({
      query: () => routeRequest(performanceRoutes.screen, { body: {} }),
      providesTags: ['Performance'],
    }),
    performanceSummary: build.query<DataOf<R['summary']>, BodyOf<R['summary']>>({
      query: (body) => routeRequest(performanceRoutes.summary, { body }),
      providesTags: ['Performance'],
    }),
    performanceEfficiency: build.query<DataOf<R['efficiency']>, BodyOf<R['efficiency']>>({
      query: (body) => routeRequest(performanceRoutes.efficiency, { body }),
      providesTags: ['Performance'],
    }),
    performanceQuality: build.query<DataOf<R['quality']>, BodyOf<R['quality']>>({
      query: (body) => routeRequest(performanceRoutes.quality, { body }),
      providesTags: ['Performance'],
    }),
    performanceWorkload: build.query<DataOf<R['workload']>, BodyOf<R['workload']>>({
      query: (body) => routeRequest(performanceRoutes.workload, { body }),
      providesTags: ['Performance'],
    }),
    performancePersonnel: build.query<DataOf<R['personnel']>, BodyOf<R['personnel']>>({
      query: (body) => routeRequest(performanceRoutes.personnel, { body }),
      providesTags: ['Performance'],
    }),
  }),
});

export const {
  usePerformanceScreenQuery,
  usePerformanceSummaryQuery,
  usePerformanceEfficiencyQuery,
  usePerformanceQualityQuery,
  usePerformanceWorkloadQuery,
  usePerformancePersonnelQuery,
} = performanceApi;
