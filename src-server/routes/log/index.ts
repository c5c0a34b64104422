import type { FastifyInstance } from 'fastify';
import { LOG_DOWNLOAD_URL_SECONDS, logRoutes } from '../../../src-shared/api/log';
import { room } from '../../../src-shared/api/realtime';
import type { ServerContext } from '../../context';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { LogUploadsRepository } from '../../repositories/logUploads';
import { parseClientKey } from '../../storage/keyAccess';
import { obsDeps } from '../obs/deps';
import { readUrl } from '../obs/urls';

/**
 * The index of the workstations' log zips (src-shared/api/log.ts; docs/logging.md, "Ops collect
 * the zips"). The hourly sweep that applies each team's retention is a duty (duties/serverDuties.ts).
 */
export function logRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  const repo = new LogUploadsRepository(ctx.db);
  const deps = obsDeps(ctx);

  app.addHook('onClose', async () => deps.destroy());

  addRoute(app, logRoutes.register, async (req) => {
    const userId = requireUser(req);
    const { teamId } = accessOf(req);
    const b = req.body;
    const parsed = parseClientKey(b.key, deps.rootPrefix);
    // Only the caller's own logs folder: what the workstation may write is what it may register.
    if (parsed.area !== 'user' || parsed.ownerId !== userId || !parsed.key.startsWith(`user/${userId}/logs/`)) throw new AppError('log.keyNotYours');
    if (b.firstAt > b.lastAt) throw new AppError('validation', { reason: 'firstAt is after lastAt' });
    const known = await repo.byKey(parsed.key);
    if (known) return known;
    const stored = await ctx.storage.head(parsed.key);
    if (!stored) throw new AppError('log.objectMissing');
    if (stored.size !== b.sizeBytes) throw new AppError('log.sizeMismatch', { stored: stored.size });
    return repo.register({ teamId, userId, key: parsed.key, at: ctx.now(), meta: b });
  });

  addRoute(app, logRoutes.list, async (req) => repo.list(accessOf(req).teamId, req.query));

  // The only way for anyone but its owner to a log zip: the generic obs routes keep user/<u>/ to u.
  addRoute(app, logRoutes.download, async (req) => {
    const upload = await repo.byId(accessOf(req).teamId, req.params.id);
    if (!upload) throw new AppError('log.uploadNotFound');
    return readUrl(deps, req, { key: upload.key, area: 'user', ownerId: upload.userId }, LOG_DOWNLOAD_URL_SECONDS);
  });

  addRoute(app, logRoutes.requestUpload, async (req) => {
    const { teamId } = accessOf(req);
    const { userId, deviceId } = req.body;
    if (!(await ctx.repos.access.teamRole(teamId, userId))) throw new AppError('log.memberNotFound');
    await ctx.realtime.publish(room('user', userId), 'log.uploadRequested', { teamId, deviceId: deviceId ?? null });
    return null;
  });

  addRoute(app, logRoutes.settings, async (req) => ({ retentionDays: await repo.retentionDays(accessOf(req).teamId) }));

  addRoute(app, logRoutes.updateSettings, async (req) => {
    const { teamId } = accessOf(req);
    await repo.setRetentionDays(teamId, req.body.retentionDays, ctx.now());
    return { retentionDays: req.body.retentionDays };
  });
}
