import { userRoutes } from '../../../../src-shared/api/user';
import { api, routeRequest, type BodyOf, type DataOf } from '../../app/apiSlice';

type R = typeof userRoutes;

/** The user and SMS calls, typed by the shared route schemas. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<DataOf<R['register']>, BodyOf<R['register']>>({
      query: (body) => routeRequest(userRoutes.register, { body }),
    }),
    loginMobile: build.mutation<DataOf<R['loginMobile']>, BodyOf<R['loginMobile']>>({
      query: (body) => routeRequest(userRoutes.loginMobile, { body }),
    }),
    logout: build.mutation<DataOf<R['logout']>, void>({
      query: () => routeRequest(userRoutes.logout),
    }),
    info: build.query<DataOf<R['info']>, void>({
      query: () => routeRequest(userRoutes.info),
      providesTags: ['User'],
    }),
    forgetPassword: build.mutation<DataOf<R['forgetPassword']>, BodyOf<R['forgetPassword']>>({
      query: (body) => routeRequest(userRoutes.forgetPassword, { body }),
    }),
    smsSend: build.mutation<DataOf<R['smsSend']>, BodyOf<R['smsSend']>>({
      query: (body) => routeRequest(userRoutes.smsSend, { body }),
    }),
  }),
});

export const {
  useForgetPasswordMutation,
  useRegisterMutation,
  useLoginMobileMutation,
  useLogoutMutation,
  useInfoQuery,
  useSmsSendMutation,
} = authApi;
