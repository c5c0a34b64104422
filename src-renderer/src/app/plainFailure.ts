import { STORAGE_MESSAGES } from '../../../src-shared/ipc/storageErrors';

/**
 * A failure the main process kept as plain data (an import job's, the journal's) in the shape
 * the error texts read: a storage code with its params, a journal code, or the server's
 * message key (`error.…`). Never its raw English message.
 */
export function plainFailure(e: { code: string; message: string; params?: Record<string, string | number> }) {
  return {
    name: Object.hasOwn(STORAGE_MESSAGES, e.code) ? 'StorageError' : 'PlainFailure',
    code: e.code,
    params: e.params ?? {},
    ...(e.message.startsWith('error.') ? { msg: e.message } : {}),
  };
}
