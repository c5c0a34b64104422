import { Envelope, ErrorEnvelope } from '../../../src-shared/api/envelope';
import type { RouteDef } from '../../../src-shared/api/route';

/**
 * The schema addRoute (plugins/defineHandler.ts) gives a route, for the obs routes that
 * register themselves because they do not fit it (a binary answer, a multipart body):
 * the same validation and OpenAPI entry, with `extra` on top.
 */
export function routeSchema(def: RouteDef, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    summary: def.summary,
    tags: [def.tag],
    ...(def.auth ? { security: [{ token: [] }] } : {}),
    ...(def.access ? { 'x-access': def.access } : {}),
    ...(def.body ? { body: def.body } : {}),
    ...(def.querystring ? { querystring: def.querystring } : {}),
    ...(def.params ? { params: def.params } : {}),
    response: { 200: Envelope(def.data), '4xx': ErrorEnvelope, '5xx': ErrorEnvelope },
    ...extra,
  };
}
