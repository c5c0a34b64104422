import type { FastifyInstance } from 'fastify';
import { userRoutes } from '../../../src-shared/api/user';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { TOKEN_NAME } from '../../auth/tokens';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../auth/password';
import { toUserInfo } from '../../repositories/users';
import type { ServerContext } from '../../context';
import { userProfileRoutes } from './profile';

/** A new account's display name until the user sets one: the number with its middle hidden. */
const maskedMobile = (mobile: string) => mobile.replace(/^(\+?\d{3})\d+(\d{4})$/, '$1****$2');

export function userRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  const { users, sessions, smsCodes } = ctx.repos;
  const loggedIn = async (userId: number) => ({ tokenName: TOKEN_NAME, tokenValue: await sessions.open(userId, ctx.now()) });

  addRoute(app, userRoutes.register, async (req) => {
    const { mobile, code, password, name } = req.body;
    if (!(await smsCodes.consume(mobile, 'register', code, ctx.now()))) throw new AppError('sms.codeInvalid');
    const user = await users.create({
      mobile,
      name: name?.trim() || maskedMobile(mobile),
      passwordHash: await hashPassword(password),
      now: ctx.now(),
    });
    if (!user) throw new AppError('user.mobileTaken');
    return loggedIn(user.id);
  });

  addRoute(app, userRoutes.loginMobile, async (req) => {
    const body = req.body;
    const user = await users.findByMobile(body.mobile);
    if ('password' in body) {
      // Verify even when there is no such user, so timing does not reveal who is registered.
      const ok = await verifyPassword(body.password, user?.password_hash ?? (await dummyPasswordHash));
      if (!user || !ok) throw new AppError('user.invalidCredentials');
      return loggedIn(user.id);
    }
    const codeOk = await smsCodes.consume(body.mobile, 'login', body.code, ctx.now());
    if (!user || !codeOk) throw new AppError('user.invalidCredentials');
    return loggedIn(user.id);
  });

  addRoute(app, userRoutes.logout, async (req) => {
    await sessions.close(req.token!);
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

  userProfileRoutes(app, ctx);
}
