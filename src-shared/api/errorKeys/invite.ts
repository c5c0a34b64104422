/** Error keys of the invite routes and their codes; translations: src-renderer/src/i18n/errors/invite.ts */
export const INVITE_ERROR_KEYS = {

} as const;
