import { userRoutes } from '../../../../../src-shared/api/user';
import { obsRoutes } from '../../../../../src-shared/api/obs';
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
    // Keyed by the avatar key as well, so a changed avatar is fetched anew; a signed URL lives
    // an hour, so it is not kept longer than half of that.
    avatarUrl: build.query<DataOf<R['avatar']>, { userId: number; avatar: string }>({
      query: ({ userId }) => routeRequest(userRoutes.avatar, { params: { userId } }),
      keepUnusedDataFor: 1800,
    }),
    avatarUploadTarget: build.mutation<DataOf<typeof obsRoutes.userUpload>, { fileName: string; contentType: string }>({
      query: (query) => routeRequest(obsRoutes.userUpload, { query }),
    }),
  }),
});

export const { useUpdateProfileMutation, useChangePasswordMutation, useAvatarUrlQuery, useAvatarUploadTargetMutation } = profileApi;
