import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TOKEN_NAME } from '../auth/tokens';
import { AppError } from '../errors';
import type { ServerContext } from '../context';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's user id; set on every route that needs a user. */
    userId: number | null;
    /** The token the caller sent, if any. */
    token: string | null;
  }
  interface FastifyContextConfig {
    /** false for the few calls an anonymous visitor may make. */
    auth?: boolean;
  }
}

/** The token of a request, from the header `<tokenName>: <tokenValue>` (docs/architecture.md §3). */
export function tokenOf(req: FastifyRequest): string | null {
  const v = req.headers[TOKEN_NAME];
  const token = Array.isArray(v) ? v[0] : v;
  return token && token.length <= 128 ? token : null;
}

/**
 * Authentication in one place: every route needs a live session unless its definition says
 * `auth: false`; a missing or dead token answers 401 in the envelope before the body is even
 * parsed, so an anonymous caller learns nothing about a route's input rules.
 */
export function installAuth(app: FastifyInstance, ctx: ServerContext): void {
  app.decorateRequest('userId', null);
  app.decorateRequest('token', null);
  app.addHook('onRequest', async (req) => {
    req.token = tokenOf(req);
    // Unknown routes answer 404 (the not-found handler), anonymous or not.
    if (req.is404 || req.routeOptions.config.auth === false) return;
    const userId = req.token ? await ctx.repos.sessions.resolve(req.token, ctx.now()) : undefined;
    if (userId === undefined) throw new AppError('unauthorized');
    req.userId = userId;
  });
}

/** The caller's id inside a handler of a route that requires a user. */
export function requireUser(req: FastifyRequest): number {
  if (req.userId === null) throw new AppError('unauthorized');
  return req.userId;
}
