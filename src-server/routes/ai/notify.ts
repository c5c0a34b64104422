import type { FastifyInstance } from 'fastify';
import { aiRoutes } from '../../../src-shared/api/ai';
import type { ServerContext } from '../../context';
import { addRoute } from '../../plugins/defineHandler';
import { handleNotify } from '../../ai/notify';

/** POST /ai/notify/{kind}: a model service's callback, authenticated by the job's own bearer token, not a session. */
export function registerAiNotify(app: FastifyInstance, ctx: ServerContext): void {
  addRoute(app, aiRoutes.notify, async (req) => {
    const auth = req.headers.authorization;
    const bearer = typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice(7).trim() : undefined;
    return handleNotify(ctx, ctx.ai, req.params.kind, req.body, bearer);
  });
}
