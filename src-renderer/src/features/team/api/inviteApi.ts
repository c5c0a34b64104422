import { inviteRoutes, type InviteCodes } from '../../../../../src-shared/api/invite';
import { api, routeRequest, type BodyOf, type DataOf, type QueryOf } from '../../../app/apiSlice';
import { CURRENT_TEAM_TAGS } from './currentTeamTags';

type R = typeof inviteRoutes;
const CODES = { type: 'Invite' as const, id: 'CODES' };
const SENT = { type: 'Invite' as const, id: 'SENT' };
const RECEIVED = { type: 'Invite' as const, id: 'RECEIVED' };

/** The open/close/reset calls answer the changed code: write it into the cached pair at once. */
const storeCode = (kind: keyof InviteCodes) =>
  async (_arg: unknown, { dispatch, queryFulfilled }: { dispatch: (a: unknown) => unknown; queryFulfilled: Promise<{ data: unknown }> }) => {
    try {
      const { data } = await queryFulfilled;
      dispatch(
        inviteApi.util.updateQueryData('inviteCodes', undefined, (codes) => {
          Object.assign(codes[kind], data);
        }),
      );
    } catch {
      // the caller shows the failure; the cached codes stay as the server last said
    }
  };

/** Team invitation codes, invitations by mobile number, and joining by either. */
export const inviteApi = api.injectEndpoints({
  endpoints: (build) => ({
    inviteCodes: build.query<DataOf<R['codes']>, void>({
      query: () => routeRequest(inviteRoutes.codes),
      providesTags: [CODES],
    }),
    openMemberCode: build.mutation<DataOf<R['open']>, BodyOf<R['open']>>({
      query: (body) => routeRequest(inviteRoutes.open, { body }),
      onQueryStarted: storeCode('member'),
    }),
    closeMemberCode: build.mutation<DataOf<R['close']>, void>({
      query: () => routeRequest(inviteRoutes.close),
      onQueryStarted: storeCode('member'),
    }),
    resetMemberCode: build.mutation<DataOf<R['reset']>, BodyOf<R['reset']>>({
      query: (body) => routeRequest(inviteRoutes.reset, { body }),
      onQueryStarted: storeCode('member'),
    }),
    openVendorCode: build.mutation<DataOf<R['vendorOpen']>, void>({
      query: () => routeRequest(inviteRoutes.vendorOpen),
      onQueryStarted: storeCode('vendor'),
    }),
    closeVendorCode: build.mutation<DataOf<R['vendorClose']>, void>({
      query: () => routeRequest(inviteRoutes.vendorClose),
      onQueryStarted: storeCode('vendor'),
    }),
    resetVendorCode: build.mutation<DataOf<R['vendorReset']>, void>({
      query: () => routeRequest(inviteRoutes.vendorReset),
      onQueryStarted: storeCode('vendor'),
    }),
    previewCode: build.query<DataOf<R['preview']>, string>({
      query: (code) => routeRequest(inviteRoutes.preview, { params: { code } }),
    }),
    acceptCode: build.mutation<DataOf<R['acceptCode']>, string>({
      query: (code) => routeRequest(inviteRoutes.acceptCode, { body: { code } }),
      invalidatesTags: CURRENT_TEAM_TAGS,
    }),
    sentInvitations: build.query<DataOf<R['mobileList']>, Omit<NonNullable<QueryOf<R['mobileList']>>, 'box'>>({
      query: (query) => routeRequest(inviteRoutes.mobileList, { query: { ...query, box: 'sent' } }),
      providesTags: [SENT],
    }),
    receivedInvitations: build.query<DataOf<R['mobileList']>, void>({
      query: () => routeRequest(inviteRoutes.mobileList, { query: { box: 'received', pageSize: 50 } }),
      providesTags: [RECEIVED],
    }),
    inviteMobiles: build.mutation<DataOf<R['mobileInvite']>, BodyOf<R['mobileInvite']>>({
      query: (body) => routeRequest(inviteRoutes.mobileInvite, { body }),
      invalidatesTags: [SENT],
    }),
    cancelInvitation: build.mutation<DataOf<R['mobileCancel']>, number>({
      query: (id) => routeRequest(inviteRoutes.mobileCancel, { body: { id } }),
      invalidatesTags: [SENT],
    }),
    acceptInvitation: build.mutation<DataOf<R['acceptMobile']>, number>({
      query: (id) => routeRequest(inviteRoutes.acceptMobile, { body: { id } }),
      invalidatesTags: CURRENT_TEAM_TAGS,
    }),
    declineInvitation: build.mutation<DataOf<R['declineMobile']>, number>({
      query: (id) => routeRequest(inviteRoutes.declineMobile, { body: { id } }),
      invalidatesTags: [RECEIVED],
    }),
  }),
});

export const {
  useInviteCodesQuery,
  useOpenMemberCodeMutation,
  useCloseMemberCodeMutation,
  useResetMemberCodeMutation,
  useOpenVendorCodeMutation,
  useCloseVendorCodeMutation,
  useResetVendorCodeMutation,
  useLazyPreviewCodeQuery,
  useAcceptCodeMutation,
  useSentInvitationsQuery,
  useReceivedInvitationsQuery,
  useInviteMobilesMutation,
  useCancelInvitationMutation,
  useAcceptInvitationMutation,
  useDeclineInvitationMutation,
} = inviteApi;
