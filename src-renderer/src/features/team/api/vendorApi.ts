import { vendorRoutes } from '../../../../../src-shared/api/vendor';
import { api, routeRequest, type BodyOf, type DataOf } from '../../../app/apiSlice';

type R = typeof vendorRoutes;
const LIST = { type: 'Vendor' as const, id: 'LIST' };

/** Outside teams engaged by the current team. */
export const vendorApi = api.injectEndpoints({
  endpoints: (build) => ({
    listVendors: build.query<DataOf<R['list']>, BodyOf<R['list']>>({
      query: (body) => routeRequest(vendorRoutes.list, { body }),
      providesTags: [LIST],
    }),
    engageVendor: build.mutation<DataOf<R['create']>, BodyOf<R['create']>>({
      query: (body) => routeRequest(vendorRoutes.create, { body }),
      invalidatesTags: [LIST],
    }),
    updateVendor: build.mutation<DataOf<R['update']>, { id: number } & BodyOf<R['update']>>({
      query: ({ id, ...body }) => routeRequest(vendorRoutes.update, { params: { id }, body }),
      invalidatesTags: [LIST],
    }),
    removeVendor: build.mutation<DataOf<R['remove']>, number>({
      query: (id) => routeRequest(vendorRoutes.remove, { params: { id } }),
      // Sharing ends with the vendor, so project lists may change too.
      invalidatesTags: [LIST, 'Project'],
    }),
  }),
});

export const { useListVendorsQuery, useEngageVendorMutation, useUpdateVendorMutation, useRemoveVendorMutation } = vendorApi;
