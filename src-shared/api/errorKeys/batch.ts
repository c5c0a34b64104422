/** Error keys of the batch routes and their codes; translations: src-renderer/src/i18n/errors/batch.ts */
export const BATCH_ERROR_KEYS = {
  'batch.notFound': 404,
  'batch.nameTaken': 409,
} as const;
