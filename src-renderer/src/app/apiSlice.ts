import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { Static, TSchema } from 'typebox';
import type { DataOf, RouteDef } from '../../../src-shared/api/route';
import { ApiError, apiRequest, NetworkError, type ApiRequest } from './apiClient';
import { mayRead } from './serverReach';
import { readToken } from './authToken';
import { messageKeyOf } from './messageKey';
import { sessionExpired } from './sessionSlice';
import type { QueryObject } from './queryString';

/**
 * A failed call as RTK Query stores it: plain data (the cache must stay serialisable), with
 * the message key the UI translates.
 */
export interface QueryError {
  /** HTTP status, or the envelope's code when the HTTP status was OK; null when nothing came back */
  status: number | null;
  msgKey: string;
  body: unknown;
  message: string;
}

export function toQueryError(error: unknown): QueryError {
  const msgKey = messageKeyOf(error);
  if (error instanceof ApiError) return { status: error.status, msgKey, body: error.body, message: error.message };
  if (error instanceof Error) return { status: null, msgKey, body: undefined, message: error.message };
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return { status: typeof code === 'number' ? code : null, msgKey, body: error, message: msgKey };
}

/**
 * One call as the cache makes it: a read fails at once while the server is known to be away, and
 * a 401 to a call that carried our token ends the session. Also for the few answers read past
 * the cache (uncachedRead below).
 */
async function runRequest(args: ApiRequest, how: { read: boolean; signal?: AbortSignal; dispatch: (action: ReturnType<typeof sessionExpired>) => unknown }): Promise<{ data: unknown } | { error: QueryError }> {
  // Only a 401 to a call that carried our token means the session is gone; a 401 to a login
  // attempt (no token yet) is just wrong credentials.
  const sentToken = readToken() !== null;
  // With the server known to be away a read fails at once, as it would after waiting for the network (serverReach.ts).
  if (how.read && !(await mayRead())) return { error: toQueryError(new NetworkError('the team server is away')) };
  try {
    return { data: await apiRequest({ ...args, ...(how.signal ? { signal: how.signal } : {}) }) };
  } catch (err) {
    const error = toQueryError(err);
    if (error.status === 401 && sentToken) how.dispatch(sessionExpired());
    return { error };
  }
}

const baseQuery: BaseQueryFn<ApiRequest, unknown, QueryError> = (args, api) => runRequest(args, { read: api.type === 'query', signal: api.signal, dispatch: api.dispatch });

/**
 * A read whose answer does not go into the cache: it rejects with the QueryError a query's
 * `unwrap()` would. For answers that are large and read once (an item's every frame: 54,000
 * frame rows of a 30-minute video, 22 MB). Stored in the cache, such an answer is walked whole
 * by the store's deep freeze: 0.5 s of a 4 s open in Chromium's profile (docs/video.md, "Long videos").
 */
export async function uncachedRead<D>(args: ApiRequest, dispatch: (action: ReturnType<typeof sessionExpired>) => unknown): Promise<D> {
  const answer = await runRequest(args, { read: true, dispatch });
  if ('error' in answer) throw answer.error;
  return answer.data as D;
}

/** Every entity the cache tags; invalidating them all asks the server again for whatever is shown. */
export const TAG_TYPES = [
  'User', 'Project', 'ProjectMember', 'Team', 'TeamMember', 'Group', 'Vendor', 'Invite', 'Batch', 'Subject', 'Ontology',
  'Task', 'Workflow', 'TaskSubject', 'Note', 'Export', 'ExportPlan', 'Performance', 'LogUpload', 'LogSetting',
] as const;

/** The one server-state cache; features add endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  // One tag per entity the server has; features provide and invalidate these.
  tagTypes: TAG_TYPES,
  // The server back after being away (serverReach.ts) asks again whatever is in use, also what failed meanwhile.
  refetchOnReconnect: true,
  endpoints: () => ({}),
});

/** Success data, body and query types of a shared route definition (DataOf is declared with the routes, for the workstation too). */
export type { DataOf };
/** `body` and `querystring` are optional members: undefined when the route declares none. */
type StaticOrUndefined<S> = [NonNullable<S>] extends [never] ? undefined : NonNullable<S> extends TSchema ? Static<NonNullable<S>> : undefined;
export type BodyOf<R extends RouteDef> = StaticOrUndefined<R['body']>;
export type QueryOf<R extends RouteDef> = StaticOrUndefined<R['querystring']>;

/** The request of one call to a shared route. */
export function routeRequest(
  route: RouteDef,
  parts: { body?: unknown; query?: QueryObject; params?: Record<string, string | number> } = {},
): ApiRequest {
  return { method: route.method, path: route.path, ...parts };
}
