import type { FastifyInstance } from 'fastify';
import { userRoutes } from '../../../src-shared/api/user';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { TOKEN_NAME } from '../../auth/tokens';
import { hashPassword } from '../../auth/password';
import { SignInGuard, type Requester } from '../../auth/signInGuard';
import { toUserInfo, type UserRow } from '../../repositories/users';
import type { ServerContext } from '../../context';
import { userProfileRoutes } from './profile';
import { maskMobile } from '../../../src-shared/model/mobile';


export function userRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  const { users, sessions } = ctx.repos;
  const guard = new SignInGuard(ctx.db, users, ctx.repos.smsCodes, ctx.now);
  const loggedIn = async (user: UserRow, from: Requester) => ({
    tokenName: TOKEN_NAME,
    tokenValue: await sessions.open(user.id, ctx.now()),
    deviceToken: await guard.signedIn(user, from),
  });

  addRoute(app, userRoutes.register, async (req) => {
    const { mobile, code, password, name } = req.body;
    const from = { ip: req.ip };
    if (!(await guard.useCode(mobile, 'register', code, from))) throw new AppError('sms.codeInvalid');
    const user = await users.create({
      mobile,
      // A new account's display name until the user sets one: the number with its middle hidden.
      name: name?.trim() || maskMobile(mobile),
      passwordHash: await hashPassword(password),
      now: ctx.now(),
    });
    if (!user) throw new AppError('user.mobileTaken');
    return loggedIn(user, from);
  });

  addRoute(app, userRoutes.loginMobile, async (req) => {
    const body = req.body;
    const from = { ip: req.ip, deviceToken: body.deviceToken };
    if ('password' in body) return loggedIn(await guard.checkPassword(body.mobile, body.password, from), from);
    // The code is checked before the account is looked up, so an unknown number answers alike.
    const codeOk = await guard.useCode(body.mobile, 'login', body.code, from);
    const user = codeOk ? await users.findByMobile(body.mobile) : undefined;
    if (!user) throw new AppError('user.invalidCredentials');
    return loggedIn(user, from);
  });

  addRoute(app, userRoutes.logout, async (req) => {
    await sessions.close(req.token!);
    // Its real-time sockets go with it, so a logged-out device hears nothing more.
    ctx.realtime.sessionEnded?.(req.token!);
    return null;
  });

  addRoute(app, userRoutes.isLogin, async (req) => {
    const userId = req.token ? await sessions.resolve(req.token, ctx.now()) : undefined;
    return { isLogin: userId !== undefined };
  });

  addRoute(app, userRoutes.info, async (req) => {
    const user = await users.findById(requireUser(req));
    if (!user) throw new AppError('unauthorized');
    return toUserInfo(user);
  });

  userProfileRoutes(app, ctx, guard);
}
