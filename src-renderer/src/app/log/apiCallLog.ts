import type { LogExtraInfo } from '../../../../src-shared/ipc/logs';
import { log } from './index';

/** A successful call slower than this is worth a record (info). */
export const SLOW_CALL_MS = 2_000;

/** What the log needs of a call: its method and route template (`/task/:id/...`, never a query string). */
export interface CallFacts {
  method: string;
  path: string;
  params?: Record<string, string | number>;
  query?: unknown;
  body?: unknown;
}

/** How a call failed, as plain facts (the API client knows its error classes; this file does not). */
export interface CallFailure {
  /** HTTP status; null when no answer came (network) */
  status: number | null;
  statusText?: string;
  /** the envelope's code and message key, when the answer was one */
  code?: number;
  msg?: string;
  /** why no answer came */
  network?: string;
}

const ID_FIELDS = ['projectId', 'taskId', 'workflowId'] as const;

/** The project, task and workflow a call was about, when its query, params or body name them as numbers. */
function idsOf(call: CallFacts): LogExtraInfo | undefined {
  let out: LogExtraInfo | undefined;
  for (const source of [call.params, call.query, call.body]) {
    if (typeof source !== 'object' || source === null || (typeof FormData !== 'undefined' && source instanceof FormData)) continue;
    for (const key of ID_FIELDS) {
      const v = (source as Record<string, unknown>)[key];
      if (typeof v === 'number' && Number.isFinite(v)) (out ??= {})[key] = v;
    }
  }
  return out;
}

/**
 * info for "not signed in" (401: a wrong password, an expired session: the user's matter, and
 * warn would page ops through the permission alert), warn for a refusal (other 4xx), error for
 * the server failing (5xx) or not answering.
 */
function levelOf(f: CallFailure): 'info' | 'warn' | 'error' {
  if (f.status === null) return 'error';
  const code = f.status >= 200 && f.status < 300 && f.code !== undefined ? f.code : f.status;
  if (code === 401) return 'info';
  return code >= 500 ? 'error' : 'warn';
}

/**
 * `API GET /task/:id/work failed: HTTP 403 Forbidden, code 403 error.forbidden, 12 ms, request 3f2a...`:
 * the request id the call sent, which the server's log lines of it carry too (docs/logging.md).
 */
export function logCallFailure(call: CallFacts, ms: number, f: CallFailure, requestId: string): void {
  const parts: string[] = [];
  if (f.status === null) parts.push(`network error (${f.network ?? 'no answer'})`);
  else parts.push(`HTTP ${f.status}${f.statusText ? ` ${f.statusText}` : ''}`);
  if (f.code !== undefined) parts.push(`code ${f.code}${f.msg ? ` ${f.msg}` : ''}`);
  parts.push(`${Math.round(ms)} ms`, `request ${requestId}`);
  log[levelOf(f)](`API ${call.method} ${call.path} failed: ${parts.join(', ')}`, idsOf(call));
}

/** `API GET /project/list slow: 2345 ms, request 3f2a...` */
export function logSlowCall(call: CallFacts, ms: number, requestId: string): void {
  log.info(`API ${call.method} ${call.path} slow: ${Math.round(ms)} ms, request ${requestId}`, idsOf(call));
}
