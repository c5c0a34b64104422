import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { registerDispatchCreate } from './create';
import { registerDispatchManage } from './manage';

/** The Dispatch routes (src-shared/api/dispatch.ts). */
export function dispatchRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  registerDispatchCreate(app, ctx);
  registerDispatchManage(app, ctx);
}
