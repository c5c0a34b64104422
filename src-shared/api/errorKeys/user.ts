/** Error keys of the user routes and their codes; translations: src-renderer/src/i18n/errors/user.ts */
export const USER_ERROR_KEYS = {
  'user.mobileTaken': 409,
  'user.invalidCredentials': 401,
  'user.notFound': 404,
  'user.wrongPassword': 400,
  /** too many wrong passwords for this number or from this address; data: { retryAfterSeconds, smsLogin } */
  'user.passwordLocked': 429,
  /** the avatar is not an image uploaded to the caller's own avatar folder; data: { reason: notOwn | missing | tooLarge | notImage } */
  'user.avatarInvalid': 400,
} as const;
