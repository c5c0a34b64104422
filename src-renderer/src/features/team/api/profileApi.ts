import { userRoutes } from '../../../../../src-shared/api/user';
import { api, routeRequest, type BodyOf, type DataOf } from '../../../app/apiSlice';

type R = typeof userRoutes;

/** The logged-in user's own profile and password. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<DataOf<R['updateInfo']>, BodyOf<R['updateInfo']>>({
      query: (body) => routeRequest(userRoutes.updateInfo, { body }),
      // Member rows show names and avatars too.
      invalidatesTags: ['User', { type: 'TeamMember', id: 'LIST' }],
    }),
    changePassword: build.mutation<DataOf<R['changePassword']>, BodyOf<R['changePassword']>>({
      query: (body) => routeRequest(userRoutes.changePassword, { body }),
    }),
  }),
});

export const { useUpdateProfileMutation, useChangePasswordMutation } = profileApi;
