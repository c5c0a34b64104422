/** Error keys of the user routes and their codes; translations: src-renderer/src/i18n/errors/user.ts */
export const USER_ERROR_KEYS = {
  'user.mobileTaken': 409,
  'user.invalidCredentials': 401,
  'user.notFound': 404,
  'user.wrongPassword': 400,
} as const;
