import { USER_ERROR_KEYS } from './errorKeys/user';
import { SMS_ERROR_KEYS } from './errorKeys/sms';
import { TEAM_ERROR_KEYS } from './errorKeys/team';
import { GROUP_ERROR_KEYS } from './errorKeys/group';
import { INVITE_ERROR_KEYS } from './errorKeys/invite';
import { VENDOR_ERROR_KEYS } from './errorKeys/vendor';
import { PROJECT_ERROR_KEYS } from './errorKeys/project';
import { BATCH_ERROR_KEYS } from './errorKeys/batch';
import { SUBJECT_ERROR_KEYS } from './errorKeys/subject';
import { ONTOLOGY_ERROR_KEYS } from './errorKeys/ontology';
import { OBS_ERROR_KEYS } from './errorKeys/obs';
import { WORKFLOW_ERROR_KEYS } from './errorKeys/workflow';
import { TASK_ERROR_KEYS } from './errorKeys/task';
import { TASK_SUBJECT_ERROR_KEYS } from './errorKeys/taskSubject';
import { DISPATCH_ERROR_KEYS } from './errorKeys/dispatch';
import { ANNOTATE_ERROR_KEYS } from './errorKeys/annotate';
import { NOTE_ERROR_KEYS } from './errorKeys/note';
import { EXPORT_ERROR_KEYS } from './errorKeys/export';
import { IMPORT_ERROR_KEYS } from './errorKeys/import';
import { PERFORMANCE_ERROR_KEYS } from './errorKeys/performance';
import { AI_ERROR_KEYS } from './errorKeys/ai';
import { LOG_ERROR_KEYS } from './errorKeys/log';

/**
 * The error catalogue (spec section 8). Message keys travel in the envelope's `msg`;
 * the renderer translates them (src-renderer/src/i18n). Server and client share this list
 * so a key can never be sent that has no translation (a unit test checks both locales).
 * Each route group keeps its own keys in errorKeys/<group>.ts.
 */
export const ERROR_KEYS = {
  badRequest: 400,
  validation: 400,
  /** a name or text holds characters no one means to type (control, direction override, only invisible) */
  textNotAllowed: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  routeNotFound: 404,
  methodNotAllowed: 405,
  conflict: 409,
  payloadTooLarge: 413,
  unsupportedMediaType: 415,
  unprocessable: 422,
  tooManyRequests: 429,
  internal: 500,
  badGateway: 502,
  unavailable: 503,
  ...USER_ERROR_KEYS,
  ...SMS_ERROR_KEYS,
  ...TEAM_ERROR_KEYS,
  ...GROUP_ERROR_KEYS,
  ...INVITE_ERROR_KEYS,
  ...VENDOR_ERROR_KEYS,
  ...PROJECT_ERROR_KEYS,
  ...BATCH_ERROR_KEYS,
  ...SUBJECT_ERROR_KEYS,
  ...ONTOLOGY_ERROR_KEYS,
  ...OBS_ERROR_KEYS,
  ...WORKFLOW_ERROR_KEYS,
  ...TASK_ERROR_KEYS,
  ...TASK_SUBJECT_ERROR_KEYS,
  ...DISPATCH_ERROR_KEYS,
  ...ANNOTATE_ERROR_KEYS,
  ...NOTE_ERROR_KEYS,
  ...EXPORT_ERROR_KEYS,
  ...IMPORT_ERROR_KEYS,
  ...PERFORMANCE_ERROR_KEYS,
  ...AI_ERROR_KEYS,
  ...LOG_ERROR_KEYS,
} as const;

export type ErrorKey = keyof typeof ERROR_KEYS;

/** Full message key as sent in `msg`, e.g. `error.user.mobileTaken`. */
export const errorMsg = (key: ErrorKey): string => `error.${key}`;

/** Default texts of HTTP failures (spec section 8). */
export const HTTP_DEFAULT_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The message of any other non-OK status (spec section 8). */
export const genericHttpMessage = (status: number, statusText: string, body: unknown): string =>
  `Request failed with status ${status} ${statusText}: ${typeof body === 'string' ? body : JSON.stringify(body)}`;

/** Storage-layer messages (spec section 8), shared by the main process and the renderer. */
export const STORAGE_MESSAGES = {
  downloadFailedStatus: (code: number) => `Download failed with status ${code}`,
  downloadNetwork: 'Download failed due to a network error',
  downloadAborted: 'Download aborted',
  uploadFailedStatus: (code: number) => `Upload failed with status ${code}`,
  uploadRetriesExhausted: 'Upload failed after 3 retries',
  uploadAborted: 'Upload aborted',
  partMissingEtag: (n: number) => `Part ${n} is missing ETag`,
  tooManyParts: 'Exceeded the maximum parts',
  notEnabled: 'S3 not enabled, call init first',
  tokenFailed: 'Failed to get S3 token',
  entityTooSmall: 'EntityTooSmall',
} as const;

/** The Chinese message of a call made before the API client is initialised (spec section 8). */
export const API_NOT_INITIALISED = 'API 客户端尚未初始化';

/** An error as it crosses any boundary (IPC, HTTP): plain data, never a class instance. */
export interface PlainError {
  name: string;
  message: string;
  code: string | number;
  /** the values a translated text fills in (a status, a part number) */
  params?: Record<string, string | number>;
}
