/**
 * The team server as an API client of itself (`app.inject`, no socket): a change made this way
 * goes through the same routes, validation, permission checks and real-time events as a user's,
 * so what the demo seed or a project archive's import makes is exactly what a person could have
 * made by hand, with their rights and no more.
 */
import type { FastifyInstance } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { API_BASE, fillPath, type RouteDef } from '../../src-shared/api/route';
import { ERROR_KEYS, type ErrorKey } from '../../src-shared/api/errors';
import { TOKEN_NAME } from '../auth/tokens';
import { AppError } from '../errors';

type Maybe<S> = S extends TSchema ? Static<S> : undefined;

/** What a call of `route` sends: its path parameters, query and body, typed by the route. */
export interface CallInput<R extends RouteDef> {
  params?: Maybe<R['params']>;
  query?: Maybe<R['querystring']>;
  body?: Maybe<R['body']>;
}

/** A team-server call, typed by its route declaration; answers the envelope's data or throws. */
export type SelfCall = <R extends RouteDef>(route: R, input?: CallInput<R>) => Promise<Static<R['data']>>;

/** The error key an answer's `msg` names (`error.<key>`), when it is one of ours. */
function keyOf(msg: string): ErrorKey | null {
  const key = msg.startsWith('error.') ? msg.slice('error.'.length) : '';
  return Object.hasOwn(ERROR_KEYS, key) ? (key as ErrorKey) : null;
}

/**
 * Calls as the session `token`. A refusal is thrown as the AppError the route answered (its key
 * and data), so a caller that passes it on gives the person the same translated message.
 */
export function selfCaller(app: FastifyInstance, token: string): SelfCall {
  const call = async (route: RouteDef, input: CallInput<RouteDef> = {}) => {
    const res = await app.inject({
      method: route.method,
      url: API_BASE + fillPath(route.path, input.params as Record<string, string | number> | undefined),
      query: input.query as Record<string, string> | undefined,
      payload: input.body as object | undefined,
      headers: { [TOKEN_NAME]: token },
    });
    const body = res.json() as { code: number; msg: string; data: unknown };
    if (body.code === 200) return body.data;
    const key = keyOf(body.msg);
    if (key) throw new AppError(key, body.data);
    throw new Error(`${route.method} ${route.path} answered ${body.code} ${body.msg}`);
  };
  return call as SelfCall;
}
