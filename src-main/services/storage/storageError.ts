import { storageMessage, STORAGE_MESSAGES, type StorageErrorCode } from '../../../src-shared/ipc/storageErrors';

/** A storage failure with the spec's message and a code the renderer translates. */
export class StorageError extends Error {
  override readonly name = 'StorageError';
  constructor(
    readonly code: StorageErrorCode,
    readonly params: Record<string, string | number> = {},
    options?: { cause?: unknown },
  ) {
    super(storageMessage(code, params), options);
  }
}

/** SDK error names we pass through under their own code (spec section 8). */
const SDK_CODES = new Set<string>(['NoSuchKey', 'NoSuchBucket', 'NoSuchUpload', 'NotFound', 'AccessDenied', 'BucketAlreadyExists', 'InvalidObjectState', 'InvalidRequest', 'EntityTooSmall', 'TooManyParts']);

/**
 * Codes of the network, not of the disk, though they come with a syscall too (`connect
 * ECONNREFUSED`, `read ECONNRESET`): the store went away, not the local file.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'EHOSTDOWN']);

/**
 * Any failure of a transfer as a StorageError: ours as they are, the SDK's by name, an HTTP
 * status otherwise (`fallback` says whether it was an upload or a download).
 */
export function asStorageError(err: unknown, direction: 'upload' | 'download'): StorageError {
  if (err instanceof StorageError) return err;
  const e = err as { name?: unknown; Code?: unknown; $metadata?: { httpStatusCode?: number }; code?: unknown } | null;
  const name = typeof e?.name === 'string' ? e.name : typeof e?.Code === 'string' ? e.Code : '';
  // A failure of the local disk (no such folder, no permission, disk full) is not the network's.
  const sys = err as { syscall?: unknown; code?: unknown } | null;
  if (typeof sys?.syscall === 'string' && typeof sys.code === 'string' && !NETWORK_CODES.has(sys.code)) return new StorageError('LocalFileError', { reason: sys.code }, { cause: err });
  if (name === 'AbortError') return new StorageError(direction === 'upload' ? 'UploadAborted' : 'DownloadAborted', {}, { cause: err });
  if (SDK_CODES.has(name) && name in STORAGE_MESSAGES) return new StorageError(name as StorageErrorCode, {}, { cause: err });
  const status = e?.$metadata?.httpStatusCode;
  if (typeof status === 'number') return new StorageError(direction === 'upload' ? 'UploadFailedStatus' : 'DownloadFailedStatus', { code: status }, { cause: err });
  if (direction === 'download') return new StorageError('DownloadNetworkError', {}, { cause: err });
  return new StorageError('UploadFailedStatus', { code: 0 }, { cause: err });
}
