import { Type, type Static } from 'typebox';
import { defineRoute } from './route';
import { Page, PageQuery, Id } from './envelope';
import { Mobile } from './user';

/** Ids as the conventions define them (kept local so no two route groups export the same name). */

/** The roles an invitation can grant: any team role but owner (ownership only moves by transfer). */
export const InviteRole = Type.Union([
  Type.Literal('admin'),
  Type.Literal('manager'),
  Type.Literal('reviewer'),
  Type.Literal('annotator'),
]);
export type InviteRole = Static<typeof InviteRole>;

/** A team's two codes: one makes the caller a member, the other makes the caller's team a vendor. */
export const InviteCodeKind = Type.Union([Type.Literal('member'), Type.Literal('vendor')]);
export type InviteCodeKind = Static<typeof InviteCodeKind>;

/** The member invitation code of the current team and the role it grants. */
export const InviteMemberCode = Type.Object({ code: Type.String(), open: Type.Boolean(), role: InviteRole });
export type InviteMemberCode = Static<typeof InviteMemberCode>;

/** The vendor invitation code of the current team. */
export const InviteVendorCode = Type.Object({ code: Type.String(), open: Type.Boolean() });
export type InviteVendorCode = Static<typeof InviteVendorCode>;

/** Both codes of the current team, as GET /invite answers them. */
export const InviteCodes = Type.Object({ member: InviteMemberCode, vendor: InviteVendorCode });
export type InviteCodes = Static<typeof InviteCodes>;

/** Opening or resetting the member code may change the role it grants; absent keeps it. */
export const InviteCodeOptions = Type.Object({ role: Type.Optional(InviteRole) }, { additionalProperties: false });
export type InviteCodeOptions = Static<typeof InviteCodeOptions>;

/** A code as typed by a user: letters and digits (matched case-insensitively). */
export const InviteCodeText = Type.String({ pattern: '^[A-Za-z0-9]{1,32}$', minLength: 1, maxLength: 32 });

/** What a code is, shown before joining. `role` is null for vendor codes. */
export const InviteCodePreview = Type.Object({
  teamId: Type.Integer(),
  teamName: Type.String(),
  kind: InviteCodeKind,
  open: Type.Boolean(),
  role: Type.Union([InviteRole, Type.Null()]),
});
export type InviteCodePreview = Static<typeof InviteCodePreview>;

/** Body of POST /invite/accept/code. */
export const InviteAcceptCodeBody = Type.Object({ code: InviteCodeText }, { additionalProperties: false });
export type InviteAcceptCodeBody = Static<typeof InviteAcceptCodeBody>;

/**
 * The team an invitation was accepted into. kind `member`: the caller joined `teamId` with
 * `role` and it is now their current team; kind `vendor`: the caller's current team became a
 * vendor of `teamId` (role null).
 */
export const InviteJoinResult = Type.Object({
  kind: InviteCodeKind,
  teamId: Type.Integer(),
  teamName: Type.String(),
  role: Type.Union([InviteRole, Type.Null()]),
});
export type InviteJoinResult = Static<typeof InviteJoinResult>;

/** Life of a mobile invitation: pending until the invitee accepts or declines, or the team cancels. */
export const MobileInvitationStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('accepted'),
  Type.Literal('declined'),
  Type.Literal('cancelled'),
]);
export type MobileInvitationStatus = Static<typeof MobileInvitationStatus>;

/** One invitation by mobile number, as both the invitee and the inviting team see it. */
export const MobileInvitation = Type.Object({
  id: Type.Integer(),
  teamId: Type.Integer(),
  teamName: Type.String(),
  mobile: Type.String(),
  role: InviteRole,
  status: MobileInvitationStatus,
  inviterName: Type.String(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type MobileInvitation = Static<typeof MobileInvitation>;

/** `received`: the caller's own pending invitations; `sent`: the current team's invitations. */
export const MobileInvitationBox = Type.Union([Type.Literal('received'), Type.Literal('sent')]);
export type MobileInvitationBox = Static<typeof MobileInvitationBox>;

/** Query of GET /invite/mobile. */
export const MobileInvitationListQuery = Type.Object({
  ...PageQuery,
  box: Type.Optional(MobileInvitationBox),
  /** Filters the sent box; the received box always lists pending invitations only. */
  status: Type.Optional(MobileInvitationStatus),
});
export type MobileInvitationListQuery = Static<typeof MobileInvitationListQuery>;

/** Body of POST /invite/mobile: up to 100 numbers (repeats count once) and the role they get. */
export const MobileInviteBody = Type.Object(
  { mobiles: Type.Array(Mobile, { minItems: 1, maxItems: 100 }), role: InviteRole },
  { additionalProperties: false },
);
export type MobileInviteBody = Static<typeof MobileInviteBody>;

/** What happened to one number of an invitation request. */
export const MobileInviteOutcome = Type.Object({
  mobile: Type.String(),
  outcome: Type.Union([Type.Literal('invited'), Type.Literal('alreadyMember'), Type.Literal('alreadyPending')]),
  /** The new invitation (invited), the one still pending (alreadyPending), or null. */
  id: Type.Union([Type.Integer(), Type.Null()]),
});
export type MobileInviteOutcome = Static<typeof MobileInviteOutcome>;

/** One invitation: cancel (team side), accept or decline (invitee side). */
export const MobileInvitationIdBody = Type.Object({ id: Id }, { additionalProperties: false });
export type MobileInvitationIdBody = Static<typeof MobileInvitationIdBody>;

/** Several invitations of the current team, for PUT /invite/mobile/cancel/v2. */
export const MobileInvitationIdsBody = Type.Object(
  { ids: Type.Array(Id, { minItems: 1, maxItems: 100 }) },
  { additionalProperties: false },
);
export type MobileInvitationIdsBody = Static<typeof MobileInvitationIdsBody>;

/** At most this many mobile invitations per team in any 24 hours (429 invite.tooManyInvitations). */
export const MOBILE_INVITES_PER_DAY = 200;

const manage = { scope: 'currentTeam', action: 'team.invite.manage' } as const;
/** The three vendor-code routes differ only in path and summary. */
const vendorCodeRoute = (path: string, summary: string) =>
  defineRoute({ method: 'PUT', path, tag: 'Invitation', auth: true, access: manage, summary, data: InviteVendorCode });

/** The Invitation routes of the spec's section 7 (team codes and invitations by mobile number). */
export const inviteRoutes = {
  codes: defineRoute({
    method: 'GET', path: '/invite', tag: 'Invitation', auth: true, access: manage,
    summary: 'The current team\'s member and vendor invitation codes (made on first read).',
    data: InviteCodes,
  }),
  open: defineRoute({
    method: 'PUT', path: '/invite/open', tag: 'Invitation', auth: true, access: manage,
    summary: 'Open the member code, optionally changing the role it grants.',
    body: InviteCodeOptions, data: InviteMemberCode,
  }),
  close: defineRoute({
    method: 'PUT', path: '/invite/close', tag: 'Invitation', auth: true, access: manage,
    summary: 'Close the member code: nobody can join by it until it is opened again.',
    data: InviteMemberCode,
  }),
  reset: defineRoute({
    method: 'PUT', path: '/invite/reset', tag: 'Invitation', auth: true, access: manage,
    summary: 'Replace the member code with a new one (the old one stops working at once).',
    body: InviteCodeOptions, data: InviteMemberCode,
  }),
  vendorOpen: vendorCodeRoute('/invite/vendor/open', 'Open the vendor code.'),
  vendorClose: vendorCodeRoute('/invite/vendor/close', 'Close the vendor code.'),
  vendorReset: vendorCodeRoute('/invite/vendor/reset', 'Replace the vendor code with a new one (the old one stops working at once).'),
  preview: defineRoute({
    method: 'GET', path: '/invite/code/:code', tag: 'Invitation', auth: true,
    summary: 'What a code is (team, kind, open or closed, role granted), before joining by it.',
    params: Type.Object({ code: InviteCodeText }), data: InviteCodePreview,
  }),
  acceptCode: defineRoute({
    method: 'POST', path: '/invite/accept/code', tag: 'Invitation', auth: true,
    summary: 'Join a team by its member code, or make the current team its vendor by its vendor code.',
    body: InviteAcceptCodeBody, data: InviteJoinResult,
  }),
  mobileList: defineRoute({
    method: 'GET', path: '/invite/mobile', tag: 'Invitation', auth: true,
    summary: 'Invitations by mobile number: the caller\'s pending ones (box=received) or the current team\'s (box=sent).',
    querystring: MobileInvitationListQuery, data: Page(MobileInvitation),
  }),
  mobileInvite: defineRoute({
    method: 'POST', path: '/invite/mobile', tag: 'Invitation', auth: true, access: manage,
    summary: 'Invite mobile numbers (registered or not) into the current team; answers what happened to each.',
    body: MobileInviteBody, data: Type.Array(MobileInviteOutcome),
  }),
  mobileCancel: defineRoute({
    method: 'PUT', path: '/invite/mobile/cancel', tag: 'Invitation', auth: true, access: manage,
    summary: 'Cancel one pending invitation of the current team.',
    body: MobileInvitationIdBody, data: Type.Null(),
  }),
  mobileCancelMany: defineRoute({
    method: 'PUT', path: '/invite/mobile/cancel/v2', tag: 'Invitation', auth: true, access: manage,
    summary: 'Cancel several pending invitations of the current team (all or none).',
    body: MobileInvitationIdsBody, data: Type.Null(),
  }),
  acceptMobile: defineRoute({
    method: 'POST', path: '/invite/accept/mobile', tag: 'Invitation', auth: true,
    summary: 'Accept an invitation addressed to the caller\'s mobile number: join the team, which becomes current.',
    body: MobileInvitationIdBody, data: InviteJoinResult,
  }),
  declineMobile: defineRoute({
    method: 'POST', path: '/invite/mobile/notAccept', tag: 'Invitation', auth: true,
    summary: 'Decline an invitation addressed to the caller\'s mobile number.',
    body: MobileInvitationIdBody, data: Type.Null(),
  }),
} as const;
