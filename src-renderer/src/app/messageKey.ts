import { API_NOT_INITIALISED, ERROR_KEYS, errorMsg, type ErrorKey } from '../../../src-shared/api/errors';
import { STORAGE_MESSAGES } from '../../../src-shared/ipc/storageErrors';
import { JOURNAL_ERROR_CODES } from '../../../src-shared/ipc/journal';
import { isHostErrorCode } from '../../../src-shared/ipc/hostErrors';
import { PACKAGE_ERROR_CODES } from '../../../src-shared/ipc/packages';
import { ApiError, NetworkError } from './apiClient';

/**
 * Message keys of failures the server never sends (it cannot: the call did not reach it, or
 * its answer was not an envelope). Kept under `client.` so `error.` stays the server's own set.
 */
export const CLIENT_MESSAGE_KEYS = {
  network: 'client.network',
  aborted: 'client.aborted',
  notInitialised: 'client.notInitialised',
  /** any HTTP status without a catalogue key; translated with `{{status}}` */
  httpStatus: 'client.httpStatus',
  badResponse: 'client.badResponse',
  unknown: 'client.unknown',
} as const;

/** One key per status: the first general (undotted) key of the catalogue with that status. */
const STATUS_KEYS = new Map<number, string>();
for (const [key, status] of Object.entries(ERROR_KEYS)) {
  if (!key.includes('.') && !STATUS_KEYS.has(status)) STATUS_KEYS.set(status, errorMsg(key as ErrorKey));
}

/** `error.<key>` for a status the catalogue knows (401 -> `error.unauthorized`), else `client.httpStatus`. */
export function statusMessageKey(status: number): string {
  return STATUS_KEYS.get(status) ?? CLIENT_MESSAGE_KEYS.httpStatus;
}

/** The `msg` of an envelope-shaped body, if it has a non-empty one. */
export function envelopeMsgOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const msg = (body as { msg?: unknown }).msg;
  return typeof msg === 'string' && msg !== '' ? msg : undefined;
}

/**
 * The message key to show for any failure of apiRequest: the server's own `msg` when its
 * body carries one, else a key for the HTTP status, else a `client.` key for what happened.
 */
export function messageKeyOf(error: unknown): string {
  // The workstation's storage layer names its failures by code (src-shared/ipc/storageErrors.ts).
  const storageCode = (error as { name?: unknown; code?: unknown } | null)?.code;
  if ((error as { name?: unknown } | null)?.name === 'StorageError' && typeof storageCode === 'string' && Object.hasOwn(STORAGE_MESSAGES, storageCode)) {
    return `storageError.${storageCode}`;
  }
  // The annotation journal's failures likewise (src-shared/ipc/journal.ts).
  if (typeof storageCode === 'string' && (JOURNAL_ERROR_CODES as readonly string[]).includes(storageCode)) return `journalError.${storageCode}`;
  // The work packages' failures (src-shared/ipc/packages.ts).
  if (typeof storageCode === 'string' && (PACKAGE_ERROR_CODES as readonly string[]).includes(storageCode)) return `packageError.${storageCode}`;
  // The workstation host's refusals: its secret, and the chosen-folders rule (src-shared/ipc/hostErrors.ts).
  if (isHostErrorCode(storageCode)) return `hostError.${storageCode}`;
  // The team server's refusals passed on by the main process as they came (packages.take: its
  // ServerCallError keeps the envelope's message key, and the HTTP-like code).
  if ((error as { name?: unknown } | null)?.name === 'ServerCallError') {
    const key = (error as { message?: unknown }).message;
    if (typeof key === 'string' && key.startsWith('error.')) return key;
    if (typeof storageCode === 'number') return statusMessageKey(storageCode);
  }
  const body = error instanceof ApiError ? error.body : error;
  const msg = error instanceof Error && !(error instanceof ApiError) ? undefined : envelopeMsgOf(body);
  if (msg) return msg;
  if (error instanceof ApiError) return statusMessageKey(error.status);
  if (error instanceof NetworkError) return CLIENT_MESSAGE_KEYS.network;
  if (error instanceof Error && error.name === 'AbortError') return CLIENT_MESSAGE_KEYS.aborted;
  if (error instanceof Error && error.message === API_NOT_INITIALISED) return CLIENT_MESSAGE_KEYS.notInitialised;
  if (error instanceof Error) return CLIENT_MESSAGE_KEYS.unknown;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'number' ? statusMessageKey(code) : CLIENT_MESSAGE_KEYS.badResponse;
}
