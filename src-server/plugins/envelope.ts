import type { FastifyError, FastifyInstance } from 'fastify';
import { errorMsg, type ErrorKey } from '../../src-shared/api/errors';
import { AppError } from '../errors';
import { clearBodyHeaders } from './bodyHeaders';
import { TEXT_KEYWORD } from '../../src-shared/model/textFields';

/** Fastify's own failures (bad JSON, wrong content type, ...) mapped to catalogue keys. */
const KEY_BY_STATUS: Record<number, ErrorKey> = {
  400: 'badRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  405: 'methodNotAllowed',
  409: 'conflict',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  429: 'tooManyRequests',
  503: 'unavailable',
};

/**
 * Makes every failure an envelope `{ code, msg, data }` with the HTTP status equal to the code:
 * our own AppErrors, schema validation failures, malformed requests, unknown routes, and
 * anything unexpected (logged, answered as 500 without internals).
 */
export function installEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    clearBodyHeaders(reply, err instanceof AppError ? err.code : (err.statusCode ?? 500));
    if (err instanceof AppError) {
      return reply.status(err.code).send({ code: err.code, msg: err.msg, data: err.data });
    }
    if (err.validation) {
      const issues = err.validation.map((v) => ({
        in: err.validationContext ?? 'request',
        path: v.instancePath || '/',
        message: v.message ?? 'invalid',
        ...(v.keyword === TEXT_KEYWORD ? (v.params as { kind: string; problem: string }) : {}),
      }));
      // A name or text the text rule refused gets its own key: the user is told what is wrong with it.
      const key: ErrorKey = err.validation.some((v) => v.keyword === TEXT_KEYWORD) ? 'textNotAllowed' : 'validation';
      return reply.status(400).send({ code: 400, msg: errorMsg(key), data: { issues } });
    }
    const status = err.statusCode ?? 500;
    const key = KEY_BY_STATUS[status];
    if (key) return reply.status(status).send({ code: status, msg: errorMsg(key), data: null });
    req.log.error({ err }, 'unexpected failure');
    return reply.status(500).send({ code: 500, msg: errorMsg('internal'), data: null });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send({ code: 404, msg: errorMsg('routeNotFound'), data: { method: req.method, url: req.url } });
  });
}
