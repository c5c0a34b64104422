import type { FastifyInstance } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { API_BASE, type RouteDef } from '../../src-shared/api/route';
import { TOKEN_NAME } from '../auth/tokens';
import { SessionsRepository } from '../repositories/sessions';

type Maybe<S> = S extends TSchema ? Static<S> : undefined;

/** What a call of `route` sends: its path parameters, query and body, typed by the route. */
export interface CallInput<R extends RouteDef> {
  params?: Maybe<R['params']>;
  query?: Maybe<R['querystring']>;
  body?: Maybe<R['body']>;
}

/** A team-server call, typed by its route declaration; answers the envelope's data or throws. */
export type SeedCall = <R extends RouteDef>(route: R, input?: CallInput<R>) => Promise<Static<R['data']>>;

/** A logged-in seed session. */
export interface SeedClient {
  call: SeedCall;
  close(): Promise<void>;
}

const fillPath = (path: string, params: Record<string, unknown> = {}) =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));

/**
 * The seed as an API client of the server it runs in: every change goes through the same routes,
 * validation, permission checks and real-time events as a user's (`app.inject`, no socket), so
 * the demo data is exactly what a team could have made by hand. It acts as `userId`.
 */
export async function seedClientFor(app: FastifyInstance, userId: number): Promise<SeedClient> {
  // A session opened as a login opens one, without the password check and the sign-in limits
  // (an Argon2 hash is seconds on a busy machine; the seed knows who it acts for).
  const sessions = new SessionsRepository(app.ctx.db);
  const token = await sessions.open(userId, app.ctx.now());
  const call = async (route: RouteDef, input: CallInput<RouteDef> = {}) => {
    const res = await app.inject({
      method: route.method,
      url: API_BASE + fillPath(route.path, input.params as Record<string, unknown> | undefined),
      query: input.query as Record<string, string> | undefined,
      payload: input.body as object | undefined,
      headers: { [TOKEN_NAME]: token },
    });
    const body = res.json() as { code: number; msg: string; data: unknown };
    if (body.code !== 200) throw new Error(`demo seed: ${route.method} ${route.path} answered ${body.code} ${body.msg}`);
    return body.data;
  };
  return {
    call: call as SeedCall,
    // The session ends with the seeding: no token of it stays valid.
    close: () => sessions.close(token),
  };
}
