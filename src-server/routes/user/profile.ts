import type { FastifyInstance } from 'fastify';
import { userRoutes } from '../../../src-shared/api/user';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import { hashPassword, verifyPassword } from '../../auth/password';
import { toUserInfo } from '../../repositories/users';
import { TeamMembersRepository } from '../../repositories/teamMembers';
import type { ServerContext } from '../../context';
import { WindowLimiter } from './rateLimit';

/** GET /user/check answers at most this many calls a minute per client address. */
export const USER_CHECK_PER_MINUTE = 30;
/** Wrong old passwords a user may send to PUT /user/password per quarter hour. */
export const PASSWORD_GUESSES_PER_WINDOW = 10;
const PASSWORD_WINDOW_MS = 15 * 60_000;

const tooMany = (waitMs: number) => new AppError('tooManyRequests', { retryAfterSeconds: Math.ceil(waitMs / 1000) });

/** The member list of the current team, the account check, and the own profile and password. */
export function userProfileRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const { users } = ctx.repos;
  const members = new TeamMembersRepository(ctx.db);
  const checkLimiter = new WindowLimiter(USER_CHECK_PER_MINUTE, 60_000);
  const passwordLimiter = new WindowLimiter(PASSWORD_GUESSES_PER_WINDOW, PASSWORD_WINDOW_MS);

  addRoute(app, userRoutes.members, async (req) => {
    const { teamId } = accessOf(req);
    return members.page({ teamId }, req.query.page ?? 1, req.query.pageSize ?? 20);
  });

  addRoute(app, userRoutes.check, async (req) => {
    // The one call that tells whether an account exists: slowed per address so numbers
    // cannot be enumerated at speed.
    const wait = checkLimiter.hit(req.ip, ctx.now());
    if (wait > 0) throw tooMany(wait);
    return { registered: await users.existsByMobile(req.query.mobile) };
  });

  addRoute(app, userRoutes.updateInfo, async (req) => {
    const { name, avatar } = req.body;
    const patch = { ...(name !== undefined ? { name: name.trim() } : {}), ...(avatar !== undefined ? { avatar } : {}) };
    if (patch.name === '') throw new AppError('validation', { issues: [{ in: 'body', path: '/name', message: 'must not be blank' }] });
    const user = await users.updateProfile(requireUser(req), patch, ctx.now());
    if (!user) throw new AppError('unauthorized');
    return toUserInfo(user);
  });

  addRoute(app, userRoutes.changePassword, async (req) => {
    const userId = requireUser(req);
    const key = String(userId);
    const blocked = passwordLimiter.blockedFor(key, ctx.now());
    if (blocked > 0) throw tooMany(blocked);
    const user = await users.findById(userId);
    if (!user) throw new AppError('unauthorized');
    if (!(await verifyPassword(req.body.oldPassword, user.password_hash))) {
      passwordLimiter.hit(key, ctx.now());
      throw new AppError('user.wrongPassword');
    }
    await users.setPassword(userId, await hashPassword(req.body.newPassword), ctx.now(), req.token);
    return null;
  });

  addRoute(app, userRoutes.forgetPassword, async (req) => {
    const { mobile, code, newPassword } = req.body;
    // The code is checked (and used up) before the account is looked up, and an unknown number
    // answers like a wrong code: this call never tells who is registered.
    const codeOk = await ctx.repos.smsCodes.consume(mobile, 'forget', code, ctx.now());
    const user = codeOk ? await users.findByMobile(mobile) : undefined;
    if (!user) throw new AppError('sms.codeInvalid');
    await users.setPassword(user.id, await hashPassword(newPassword), ctx.now(), null);
    return null;
  });
}
