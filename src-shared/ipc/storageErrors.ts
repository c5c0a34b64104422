/**
 * The storage layer's failures as they cross the contract: a stable `code` the renderer
 * translates (src-renderer/src/i18n/errors/storage.ts) and the spec's English message (section
 * 8) with its placeholders filled. Errors of the S3 SDK keep their own names as codes.
 */
export const STORAGE_MESSAGES = {
  DownloadFailedStatus: 'Download failed with status {code}',
  DownloadNetworkError: 'Download failed due to a network error',
  DownloadAborted: 'Download aborted',
  UploadFailedStatus: 'Upload failed with status {code}',
  UploadRetriesExhausted: 'Upload failed after 3 retries',
  UploadAborted: 'Upload aborted',
  PartMissingETag: 'Part {n} is missing ETag. Check that the bucket\'s CORS configuration exposes the ETag header (ExposeHeaders: ETag).',
  TooManyParts: 'Exceeded the maximum parts',
  NotInitialised: 'S3 not enabled, call init first',
  TokenFailed: 'Failed to get S3 token',
  EntityTooSmall: 'EntityTooSmall',
  QueueSizeTooSmall: 'queueSize must be at least 1',
  ParamsRequired: 'upload params are required',
  ClientRequired: 'an S3 client is required',
  InvalidBucketName: 'Bucket names cannot contain a slash',
  InvalidKey: 'Invalid object key',
  SignedUrlExpiry: 'Signed URL expiry must be 1 to 604800 seconds',
  FileNotFound: 'Local file not found',
  LocalFileError: 'Cannot write the local file ({reason})',
  NoSuchKey: 'The object does not exist',
  NoSuchBucket: 'The bucket does not exist',
  NoSuchUpload: 'The multipart upload does not exist any more',
  NotFound: 'Not found',
  AccessDenied: 'Access denied',
  BucketAlreadyExists: 'The bucket already exists',
  InvalidObjectState: 'The object is archived and cannot be read now',
  InvalidRequest: 'The object store refused the request',
  TransferNotFound: 'No such transfer',
  NotSignedIn: 'Not signed in',
} as const;
export type StorageErrorCode = keyof typeof STORAGE_MESSAGES;

/** Fills `{name}` placeholders. */
export function storageMessage(code: StorageErrorCode, params: Record<string, string | number> = {}): string {
  return STORAGE_MESSAGES[code].replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}
