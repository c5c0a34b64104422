import type { FastifyInstance } from 'fastify';
import { userRoutes } from '../../../src-shared/api/user';
import { addRoute } from '../../plugins/defineHandler';
import { AppError } from '../../errors';
import { SignInGuard } from '../../auth/signInGuard';
import { addressKey } from '../../auth/clientAddress';
import { retryAfterSeconds, SMS_PER_ADDRESS, SMS_PER_NUMBER, SMS_PER_NUMBER_AND_REQUESTER, SMS_RESEND } from '../../auth/limits';
import type { ThrottleCheck } from '../../repositories/authThrottle';
import type { ServerContext } from '../../context';
import { SmsGatewayError } from '../../sms/gatewayCall';

export function smsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const guard = new SignInGuard(ctx.db, ctx.repos.users, ctx.repos.smsCodes, ctx.now);

  addRoute(app, userRoutes.smsSend, async (req) => {
    const { mobile, codeType, deviceToken } = req.body;
    const requester = await guard.smsRequester(mobile, { ip: req.ip, deviceToken });
    // Each requester has its own resend pace and hourly share per number, so a stranger's sends
    // do not use up the owner's; the number-wide and per-address caps stop bombing and pumping,
    // and do not count the owner's own device.
    const checks: ThrottleCheck[] = [
      { rule: SMS_RESEND, key: `${mobile}|${codeType}|${requester.key}` },
      { rule: SMS_PER_NUMBER_AND_REQUESTER, key: `${mobile}|${requester.key}` },
    ];
    if (!requester.trusted) {
      checks.push({ rule: SMS_PER_NUMBER, key: mobile }, { rule: SMS_PER_ADDRESS, key: addressKey(req.ip) });
    }
    const taken = await guard.throttle.take(checks, ctx.now());
    if (!taken.ok) {
      // The number's own cap: codes others asked for reached the phone, and any of them works.
      const key = taken.scope === SMS_PER_NUMBER.scope ? 'sms.numberBusy' : 'sms.tooFrequent';
      throw new AppError(key, { retryAfterSeconds: retryAfterSeconds(taken.retryAfterMs) });
    }
    const code = await ctx.repos.smsCodes.issue(mobile, codeType, ctx.now());
    // A code is sent whether or not the number has an account, so this call never tells
    // who is registered (that is GET /user/check's job alone).
    try {
      await ctx.sms.send({ mobile, codeType, code });
    } catch (err) {
      // The gateway's own reason is for the operator's log and the person's message; never the request it was sent.
      if (!(err instanceof SmsGatewayError)) throw err;
      req.log.warn({ gateway: err.gateway, reason: err.reason }, `SMS not sent: ${err.message}`);
      throw new AppError('sms.sendFailed', { gateway: err.gateway, reason: err.reason });
    }
    return { resendAfterSeconds: SMS_RESEND.windows[0]!.ms / 1000 };
  });
}
