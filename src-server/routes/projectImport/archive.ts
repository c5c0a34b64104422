import type { FastifyInstance } from 'fastify';
import { projectArchiveRoutes } from '../../../src-shared/api/projectArchive';
import type { ServerContext } from '../../context';
import { AppError } from '../../errors';
import { requireUser, tokenOf } from '../../plugins/auth';
import { addRoute } from '../../plugins/defineHandler';
import { importProjectArchive } from '../../projectArchive/importArchive';

/** POST /project/archive/import (src-shared/api/projectArchive.ts): a whole-project archive as a new project, made as the caller. */
export function projectArchiveRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  addRoute(app, projectArchiveRoutes.importArchive, async (req) => {
    const token = tokenOf(req);
    if (!token) throw new AppError('unauthorized');
    return importProjectArchive(app, ctx, { userId: requireUser(req), token, key: req.body.key, ...(req.body.projectName ? { projectName: req.body.projectName } : {}) });
  });
}
