import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { Envelope, ErrorEnvelope, OK_CODE } from '../../src-shared/api/envelope';
import { API_BASE, type RouteDef } from '../../src-shared/api/route';

/** Static type of an optional schema slot (`body?`, `querystring?`, ...), or Fallback when absent. */
type StaticOr<S, Fallback> = [NonNullable<S>] extends [never]
  ? Fallback
  : [NonNullable<S>] extends [TSchema]
    ? Static<NonNullable<S>>
    : Fallback;

/** A request typed by its route definition. */
export type RequestOf<D extends RouteDef> = FastifyRequest<{
  Body: StaticOr<D['body'], unknown>;
  Querystring: StaticOr<D['querystring'], Record<string, never>>;
  Params: StaticOr<D['params'], Record<string, never>>;
}>;

export type HandlerOf<D extends RouteDef> = (req: RequestOf<D>, reply: FastifyReply) => Promise<Static<D['data']>>;

/**
 * Registers one route from its shared definition: validation of body, query and params,
 * the envelope around what the handler answers, the auth flag, and the OpenAPI entry.
 * `onRequest` runs on the headers alone, before any of the body is read (a callback's token).
 */
export function addRoute<D extends RouteDef>(app: FastifyInstance, def: D, handler: HandlerOf<D>, hooks: { onRequest?: onRequestHookHandler } = {}): void {
  app.route({
    ...(hooks.onRequest ? { onRequest: hooks.onRequest } : {}),
    method: def.method,
    url: API_BASE + def.path,
    config: { auth: def.auth, ...(def.access ? { access: def.access } : {}), ...(def.readOnly ? { readOnly: true } : {}) },
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    schema: {
      summary: def.summary,
      tags: [def.tag],
      ...(def.auth ? { security: [{ token: [] }] } : {}),
      ...(def.access ? { 'x-access': def.access } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(def.querystring ? { querystring: def.querystring } : {}),
      ...(def.params ? { params: def.params } : {}),
      response: { 200: Envelope(def.data), '4xx': ErrorEnvelope, '5xx': ErrorEnvelope },
    },
    handler: async (req, reply) => {
      const data = await handler(req as RequestOf<D>, reply);
      return { code: OK_CODE, msg: 'ok', data };
    },
  });
}
