import { API_BASE, fillPath, type HttpMethod } from '../../../src-shared/api/route';
import { OK_CODE } from '../../../src-shared/api/envelope';
import { API_NOT_INITIALISED, HTTP_DEFAULT_MESSAGES, genericHttpMessage } from '../../../src-shared/api/errors';
import { readToken } from './authToken';
import { SLOW_CALL_MS, logCallFailure, logSlowCall, type CallFailure } from './log/apiCallLog';
import { encodeQuery, type QueryObject } from './queryString';

/**
 * The team-server client (spec sections 7 and 8). Module-level because the server URL is
 * known only at run time (the workstation's `app.info`) and every feature shares it.
 *
 * Outcomes of a call:
 * - HTTP status not OK          -> rejects with ApiError { status, statusText, body }
 * - 204                         -> resolves undefined (there is no body)
 * - OK and envelope code 200    -> resolves the envelope's `data`
 * - OK and any other body       -> rejects with the whole parsed body, as the spec says
 * - fetch itself failed         -> rejects with NetworkError; an abort rejects with the AbortError
 */

/** A non-OK HTTP answer; `message` is the spec's default text for the status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;
  constructor(status: number, statusText: string, body: unknown) {
    super(HTTP_DEFAULT_MESSAGES[status] ?? genericHttpMessage(status, statusText, body));
    this.status = status;
    this.statusText = statusText;
    this.body = body;
  }
}

/** The server could not be reached, or the connection broke while reading the answer. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

export interface ApiRequest {
  method: HttpMethod;
  /** Relative to the base path `/core`, e.g. `/user/info`; `:name` segments come from `params`. */
  path: string;
  params?: Record<string, string | number>;
  query?: QueryObject;
  /** Sent as JSON, except FormData which goes as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * A probe of whether the server is there (the connection light, every 15 s): its failures are
   * expected while offline and are not logged one by one; its caller logs the change instead.
   */
  probe?: boolean;
}

/** Statuses a proxy or gateway answers with while the team server behind it is down. */
export const GATEWAY_DOWN_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

const outcomeListeners = new Set<(answered: boolean) => void>();

/**
 * Hears whether each call reached the team server: true for any answer of its own (an error
 * too), false for none (the network failed) or a gateway's answer that nothing is behind it.
 * An aborted call says nothing. For the page's knowledge of the server's reach (serverReach.ts).
 */
export function onCallOutcome(listener: (answered: boolean) => void): () => void {
  outcomeListeners.add(listener);
  return () => outcomeListeners.delete(listener);
}

/** Whether a call's failure came from the team server itself (a refusal, an error of its own), not from its absence. */
export const isAnswer = (err: unknown): boolean => !(err instanceof NetworkError) && !(err instanceof ApiError && GATEWAY_DOWN_STATUSES.has(err.status));

function tellOutcome(err: unknown): void {
  if (isAbort(err)) return;
  const answered = err === null || isAnswer(err);
  for (const l of outcomeListeners) l(answered);
}

let apiBase: string | null = null;
let serverUrlValue: string | null = null;

/** The team server's URL the client was initialised with (for the real-time channel). */
export const currentServerUrl = (): string | null => serverUrlValue;

/** Point the client at a team server, e.g. `http://127.0.0.1:8610`; `/core` is added here. */
export function initApiClient(serverUrl: string): void {
  serverUrlValue = serverUrl.replace(/\/+$/, '');
  apiBase = serverUrlValue + API_BASE;
}

function buildUrl(base: string, req: ApiRequest): string {
  const path = fillPath(req.path, req.params);
  const query = encodeQuery(req.query);
  return base + path + (query ? `?${query}` : '');
}

/** JSON, problem+json and any other `application/*+json` are parsed; the rest stays text. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json(?:\s*;|$)/i;

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!JSON_TYPE.test(res.headers.get('content-type')?.trim() ?? '')) return text;
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text; // a broken JSON body is still worth showing to whoever debugs it
  }
}

function isOkEnvelope(body: unknown): body is { code: number; data: unknown } {
  return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === OK_CODE;
}

const isAbort = (err: unknown) => err instanceof Error && err.name === 'AbortError';

/** The envelope's code and message key of a body, when it is one. */
function envelopeOf(body: unknown): Pick<CallFailure, 'code' | 'msg'> {
  if (typeof body !== 'object' || body === null) return {};
  const { code, msg } = body as { code?: unknown; msg?: unknown };
  return { ...(typeof code === 'number' ? { code } : {}), ...(typeof msg === 'string' ? { msg } : {}) };
}

/** A failed call as the log records it. */
function failureOf(err: unknown): CallFailure {
  if (err instanceof ApiError) return { status: err.status, statusText: err.statusText, ...envelopeOf(err.body) };
  if (err instanceof NetworkError) return { status: null, network: err.message };
  if (err instanceof Error) return { status: null, network: `${err.name}: ${err.message}` }; // the request could not even be made
  return { status: 200, ...envelopeOf(err) }; // an OK answer whose envelope says no
}

/**
 * Make one call; see the module comment for what it resolves and rejects with. Every call of
 * the renderer passes here, so this is where failed and slow calls are logged (an abort is the
 * caller's choice, not a failure). Logging only queues a record: the call does not wait for it.
 */
export async function apiRequest<T = unknown>(req: ApiRequest): Promise<T> {
  if (apiBase === null) throw new Error(API_NOT_INITIALISED);
  const started = performance.now();
  // Sent as `x-request-id`: the server's log lines of this call carry it, and so does ours.
  const requestId = newRequestId();
  try {
    const data = await send<T>(apiBase, req, requestId);
    const ms = performance.now() - started;
    if (ms > SLOW_CALL_MS) logSlowCall(req, ms, requestId);
    tellOutcome(null);
    return data;
  } catch (err) {
    if (!isAbort(err) && !req.probe) logCallFailure(req, performance.now() - started, failureOf(err), requestId);
    tellOutcome(err);
    throw err;
  }
}

/** 16 random bytes as hex: crypto.getRandomValues works where randomUUID does not (a page on a plain-http LAN address). */
function newRequestId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

async function send<T>(base: string, req: ApiRequest, requestId: string): Promise<T> {
  const headers = new Headers({ accept: 'application/json', 'x-request-id': requestId });
  const token = readToken();
  if (token) headers.set(token.name, token.value);

  let body: RequestInit['body'];
  if (typeof FormData !== 'undefined' && req.body instanceof FormData) {
    body = req.body;
  } else if (req.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(req.body);
  }

  let res: Response;
  let parsed: unknown;
  try {
    res = await fetch(buildUrl(base, req), { method: req.method, headers, body, signal: req.signal ?? null });
    parsed = await readBody(res);
  } catch (err) {
    if (isAbort(err)) throw err;
    throw new NetworkError(err);
  }

  if (!res.ok) throw new ApiError(res.status, res.statusText, parsed);
  if (res.status === 204) return undefined as T;
  if (isOkEnvelope(parsed)) return parsed.data as T;
  // The spec's rule: an envelope whose code is not 200 is itself the failure.
  throw parsed;
}
