import type { InjectOptions } from 'fastify';
import type { ServerContext } from '../../../src-server/context';
import type { RouteDef } from '../../../src-shared/api/route';
import type { World, WorldRole } from '../world';

/**
 * A valid request for one route, acting on the world's team A or project P, as its normal,
 * successful use. The permission test sends it as every role (method and url come from here;
 * the token is added by the test). It runs on a fresh world each time, so it may destroy.
 * `as` is the role about to send it, for samples whose success depends on who the caller is
 * to the thing (the holder of a task subject), which set it up as that caller's.
 */
export type RouteSample = (w: World, ctx: ServerContext, as: WorldRole) => Omit<InjectOptions, 'headers'> | Promise<Omit<InjectOptions, 'headers'>>;

/** One route group: its definitions and a sample for each route that has an access rule. */
export interface SampleGroup {
  routes: Record<string, RouteDef>;
  samples: Record<string, RouteSample>;
}
