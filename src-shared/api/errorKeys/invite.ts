/** Error keys of the invite routes and their codes; translations: src-renderer/src/i18n/errors/invite.ts */
export const INVITE_ERROR_KEYS = {
  'invite.codeNotFound': 404,
  'invite.codeClosed': 409,
  'invite.alreadyMember': 409,
  'invite.vendorJoinForbidden': 403,
  'invite.alreadyPending': 409,
  'invite.nothingInvited': 409,
  'invite.tooManyInvitations': 429,
  'invite.invitationNotFound': 404,
  'invite.invitationNotPending': 409,
} as const;
