import type { FastifyInstance } from 'fastify';
import { userRoutes } from '../../../src-shared/api/user';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import { hashPassword, verifyPassword } from '../../auth/password';
import { toUserInfo } from '../../repositories/users';
import { checkAvatarImage } from '../../storage/avatarImage';
import { TeamMembersRepository } from '../../repositories/teamMembers';
import { teamContactView } from '../../plugins/contactViews';
import type { ServerContext } from '../../context';
import type { SignInGuard } from '../../auth/signInGuard';
import { addressKey } from '../../auth/clientAddress';
import { PASSWORD_CHANGE_FAILURES_PER_USER, retryAfterSeconds, USER_CHECKS_PER_ADDRESS } from '../../auth/limits';

const tooMany = (waitMs: number) => new AppError('tooManyRequests', { retryAfterSeconds: retryAfterSeconds(waitMs) });

/** The member list of the current team, the account check, and the own profile and password. */
export function userProfileRoutes(app: FastifyInstance, ctx: ServerContext, guard: SignInGuard): void {
  const { users } = ctx.repos;
  const members = new TeamMembersRepository(ctx.db);

  addRoute(app, userRoutes.members, async (req) => {
    const { teamId } = accessOf(req);
    return members.page({ teamId }, req.query.page ?? 1, req.query.pageSize ?? 20, teamContactView(req));
  });

  addRoute(app, userRoutes.check, async (req) => {
    // The one call that tells whether an account exists: slowed per address so numbers
    // cannot be enumerated at speed.
    const taken = await guard.throttle.take([{ rule: USER_CHECKS_PER_ADDRESS, key: addressKey(req.ip) }], ctx.now());
    if (!taken.ok) throw tooMany(taken.retryAfterMs);
    return { registered: await users.existsByMobile(req.query.mobile) };
  });

  addRoute(app, userRoutes.updateInfo, async (req) => {
    const { name, avatar } = req.body;
    // A new avatar must be an image the user uploaded to their own avatar folder (not a web address).
    if (typeof avatar === 'string') await checkAvatarImage(ctx.storage, requireUser(req), avatar);
    const patch = { ...(name !== undefined ? { name: name.trim() } : {}), ...(avatar !== undefined ? { avatar } : {}) };
    if (patch.name === '') throw new AppError('validation', { issues: [{ in: 'body', path: '/name', message: 'must not be blank' }] });
    const user = await users.updateProfile(requireUser(req), patch, ctx.now());
    if (!user) throw new AppError('unauthorized');
    return toUserInfo(user);
  });

  addRoute(app, userRoutes.changePassword, async (req) => {
    const userId = requireUser(req);
    // Counted before the check, so parallel guesses cannot all pass; a right one is un-counted.
    const taken = await guard.throttle.take([{ rule: PASSWORD_CHANGE_FAILURES_PER_USER, key: String(userId) }], ctx.now());
    if (!taken.ok) throw tooMany(taken.retryAfterMs);
    const user = await users.findById(userId);
    if (!user) throw new AppError('unauthorized');
    if (!(await verifyPassword(req.body.oldPassword, user.password_hash))) throw new AppError('user.wrongPassword');
    await guard.throttle.release(taken.ids);
    await users.setPassword(userId, await hashPassword(req.body.newPassword), ctx.now(), req.token);
    return null;
  });

  addRoute(app, userRoutes.forgetPassword, async (req) => {
    const { mobile, code, newPassword } = req.body;
    // The code is checked (and used up) before the account is looked up, and an unknown number
    // answers like a wrong code: this call never tells who is registered.
    const codeOk = await guard.useCode(mobile, 'forget', code, { ip: req.ip });
    const user = codeOk ? await users.findByMobile(mobile) : undefined;
    if (!user) throw new AppError('sms.codeInvalid');
    await users.setPassword(user.id, await hashPassword(newPassword), ctx.now(), null);
    await guard.passwordReset(mobile);
    return null;
  });
}
