/** Error keys of the log-upload routes and their codes; translations: src-renderer/src/i18n/errors/log.ts */
export const LOG_ERROR_KEYS = {
  /** a workstation registers only zips under its own user/<me>/logs/ folder */
  'log.keyNotYours': 403,
  /** no object at the key: upload it first */
  'log.objectMissing': 404,
  /** the object's size is not the one told; data: { stored } */
  'log.sizeMismatch': 409,
  /** no such log upload in the team */
  'log.uploadNotFound': 404,
  /** the person asked to upload is not a member of the team */
  'log.memberNotFound': 404,
} as const;
