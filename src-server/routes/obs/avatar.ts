import type { FastifyInstance } from 'fastify';
import { userRoutes } from '../../../src-shared/api/user';
import { shownAvatar } from '../../../src-shared/model/avatar';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { CoworkersRepository } from '../../repositories/coworkers';
import { clientKeyInFolder } from '../../storage/keyAccess';
import type { ObsDeps } from './deps';
import { readUrl } from './urls';

/**
 * GET /user/avatar/:userId: the one way to another user's folder. It opens only that user's
 * current avatar, only to people who work with them (CoworkersRepository), as a signed URL an
 * `<img>` can load; anyone else is told the user does not exist.
 */
export function registerAvatar(scope: FastifyInstance, d: ObsDeps): void {
  const coworkers = new CoworkersRepository(d.ctx.db);
  addRoute(scope, userRoutes.avatar, async (req) => {
    const { userId } = req.params;
    if (!(await coworkers.worksWith(requireUser(req), userId))) throw new AppError('user.notFound');
    const user = await d.ctx.repos.users.findById(userId);
    if (!user) throw new AppError('user.notFound');
    const key = shownAvatar(user.avatar);
    if (key === null) return null;
    return readUrl(d, req, clientKeyInFolder('user', userId, key.slice(`user/${userId}/`.length)));
  });
}
