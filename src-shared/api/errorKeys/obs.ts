/** Error keys of the obs routes and their codes; translations: src-renderer/src/i18n/errors/obs.ts */
export const OBS_ERROR_KEYS = {
  /** not under dataset/, export/, user/ or annotate/, or has `..`, `.`, empty segments, control characters */
  'obs.invalidKey': 400,
  /** no object there, or a folder the caller may not see (another user's, a task subject's) */
  'obs.objectNotFound': 404,
  /** export/ is written by the server only */
  'obs.readOnlyKey': 403,
  /** embedded mode or no STS role: use the fallback routes; data `{ mode: 'embedded' }` */
  'obs.tokenUnavailable': 409,
  /** the object store refused to vend credentials */
  'obs.tokenFailed': 502,
  /** the object store failed while reading or writing */
  'obs.storageFailed': 502,
  'obs.fileTooLarge': 413,
  'obs.fileMissing': 400,
  'obs.keyMissing': 400,
  /** a second file, an unknown field, or two different keys */
  'obs.formInvalid': 400,
  /** an object and a folder with the same name (embedded mode keeps files on disk) */
  'obs.keyConflict': 409,
  'obs.signatureInvalid': 403,
  'obs.signatureExpired': 403,
  'obs.rangeNotSatisfiable': 416,
} as const;
