import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ServerContext } from '../../context';
import { obsDeps } from './deps';
import { registerToken } from './token';
import { registerUpload } from './upload';
import { sweepStaleSpools } from './uploadStream';
import { sweepStalePartialWrites } from '../../storage/partialWriteSweep';
import { registerDownload } from './download';
import { registerUrls } from './urls';
import { registerAvatar } from './avatar';

/**
 * The Object storage routes of the spec's section 7 (src-shared/api/obs.ts). They live in
 * their own plugin scope so multipart parsing applies to them alone; the app's auth, access,
 * envelope and OpenAPI hooks reach into it as into any route.
 */
export function obsRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  // Made now, not when the scope loads: a data directory that cannot hold the signing key
  // stops the server at start.
  const deps = obsDeps(ctx);
  sweepStaleSpools(ctx.config.dataDir, ctx.now());
  let sweeping: Promise<unknown> = Promise.resolve();
  void app.register(async (scope) => {
    await scope.register(multipart);
    // In the background: a store with many files must not hold the start.
    scope.addHook('onReady', async () => {
      sweeping = sweepStalePartialWrites(ctx.storage, ctx.now()).catch((err: unknown) => app.log.warn({ err }, 'sweeping stale partial writes failed'));
    });
    scope.addHook('onClose', async () => {
      await sweeping;
      deps.destroy();
    });
    registerToken(scope, deps);
    registerUpload(scope, deps);
    registerDownload(scope, deps);
    registerUrls(scope, deps);
    registerAvatar(scope, deps);
  });
}
