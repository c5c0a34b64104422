import type { FastifyInstance, FastifyRequest } from 'fastify';

type RequestPart = 'querystring' | 'body' | 'params';

/** The JSON pointer of the first number in `value` that is not finite, or undefined. */
export function nonFinitePath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path || '/';
  if (value === null || typeof value !== 'object') return undefined;
  for (const [k, v] of Object.entries(value)) {
    const found = nonFinitePath(v, `${path}/${k}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

const parts = (req: FastifyRequest): [RequestPart, unknown][] => [
  ['querystring', req.query],
  ['params', req.params],
  ['body', req.body],
];

/**
 * Refuses any request whose validated input holds Infinity or -Infinity, as a validation error.
 * Ajv coerces `?page=Infinity` and `?page=1e400` to Infinity and still calls it an integer
 * within `maximum` (its range keywords skip non-finite numbers; `strictNumbers` covers JSON
 * numbers but not coerced strings), so the number only failed later, as a 500, in SQL or in
 * the answer's serialiser. One check after validation, before access checks or handlers touch
 * the numbers, covers every route and every part of a request.
 */
export function installFiniteNumbers(app: FastifyInstance): void {
  app.addHook('preHandler', async (req) => {
    for (const [part, value] of parts(req)) {
      const path = nonFinitePath(value);
      if (path === undefined) continue;
      throw Object.assign(new Error(`${part}${path} is not a finite number`), {
        statusCode: 400,
        validationContext: part,
        validation: [{ instancePath: path, message: 'must be a finite number' }],
      });
    }
  });
}
