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

const baseQuery: BaseQueryFn<ApiRequest, unknown, QueryError> = async (args, api) => {
  // Only a 401 to a call that carried our token means the session is gone; a 401 to a login
  // attempt (no token yet) is just wrong credentials.
  const sentToken = readToken() !== null;
  // With the server known to be away a read fails at once, as it would after waiting for the network (serverReach.ts).
  if (api.type === 'query' && !(await mayRead())) return { error: toQueryError(new NetworkError('the team server is away')) };
  try {
    return { data: await apiRequest({ ...args, signal: api.signal }) };
  } catch (err) {
    const error = toQueryError(err);
    if (error.status === 401 && sentToken) api.dispatch(sessionExpired());
    return { error };
  }
};

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
