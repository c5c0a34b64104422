import type { FastifyInstance, FastifyRequest } from 'fastify';
import { aiRoutes } from '../../../src-shared/api/ai';
import type { ServerContext } from '../../context';
import { addRoute } from '../../plugins/defineHandler';
import { callerJob, handleNotify } from '../../ai/notify';
import type { JobRow } from '../../repositories/aiJobs';

/**
 * POST /ai/notify/{kind}: a model service's callback, authenticated by the job's own bearer token,
 * not a session. The token is checked in onRequest, before a byte of the body is read: a
 * refused caller's body is never parsed, and its connection is closed rather than drained.
 */
export function registerAiNotify(app: FastifyInstance, ctx: ServerContext): void {
  const jobs = new WeakMap<FastifyRequest, JobRow>();
  addRoute(
    app,
    aiRoutes.notify,
    async (req) => handleNotify(ctx, ctx.ai, req.params.kind, req.body, jobs.get(req)!),
    {
      onRequest: async (req, reply) => {
        try {
          jobs.set(req, await callerJob(ctx, req.headers.authorization));
        } catch (err) {
          reply.header('connection', 'close');
          throw err;
        }
      },
    },
  );
}
