import type { Static, TSchema } from 'typebox';
import type { AccessRule } from '../model/permissions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One endpoint of the team server, declared once: the server registers and validates with it,
 * the OpenAPI document is generated from it, the renderer's calls are typed by it.
 * `path` is relative to the base path `/core`.
 */
export interface RouteDef<
  B extends TSchema | undefined = TSchema | undefined,
  Q extends TSchema | undefined = TSchema | undefined,
  P extends TSchema | undefined = TSchema | undefined,
  R extends TSchema = TSchema,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  /** false only for the calls an anonymous visitor may make (register, login, sms). */
  auth: boolean;
  /**
   * Who may call it, checked in one place on the server (src-server/plugins/access.ts) from
   * the table in src-shared/model/permissions.ts. Absent: any logged-in user (own data only).
   */
  access?: AccessRule;
  /**
   * true for a POST that only reads (a list or a report whose filters come as a body): it
   * changes nothing, so the server announces no change event for it.
   */
  readOnly?: boolean;
  /** Largest request body in bytes, for the few routes that take more than the server's 1 MiB. */
  bodyLimit?: number;
  body?: B;
  querystring?: Q;
  params?: P;
  /** Schema of the envelope's `data` on success. */
  data: R;
}

export const defineRoute = <
  B extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  P extends TSchema | undefined = undefined,
  R extends TSchema = TSchema,
>(
  def: RouteDef<B, Q, P, R>,
): RouteDef<B, Q, P, R> => def;

/** The base path every team-server route lives under. */
export const API_BASE = '/core';

/** A route's path with its `:name` segments filled in from `params`, encoded; a segment without a value stays as it is. */
export const fillPath = (path: string, params: Readonly<Record<string, string | number | undefined>> = {}): string =>
  path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : encodeURIComponent(String(value));
  });

/** The success data of a route, as its `data` schema declares it (the renderer's cache and the workstation's stored copies are typed by it). */
export type DataOf<R extends RouteDef> = Static<R['data']>;
