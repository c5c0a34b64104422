import type { FastifyInstance } from 'fastify';
import { userRoutes } from '../../../src-shared/api/user';
import { addRoute } from '../../plugins/defineHandler';
import { AppError } from '../../errors';
import { SMS_RESEND_INTERVAL_MS } from '../../repositories/smsCodes';
import type { ServerContext } from '../../context';

export function smsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  addRoute(app, userRoutes.smsSend, async (req) => {
    const { mobile, codeType } = req.body;
    const outcome = await ctx.repos.smsCodes.issue(mobile, codeType, ctx.now());
    if (!outcome.ok) {
      throw new AppError('sms.tooFrequent', { retryAfterSeconds: Math.ceil(outcome.retryAfterMs / 1000) });
    }
    // A code is sent whether or not the number has an account, so this call never tells
    // who is registered (that is GET /user/check's job alone).
    await ctx.sms.send({ mobile, codeType, code: outcome.code });
    return { resendAfterSeconds: SMS_RESEND_INTERVAL_MS / 1000 };
  });
}
