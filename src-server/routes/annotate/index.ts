import type { FastifyInstance } from 'fastify';
import { ANNOTATE_BODY_LIMIT } from '../../../src-shared/api/annotate';
import type { ServerContext } from '../../context';
import { registerAnnotateRead } from './read';
import { registerAnnotateSave } from './save';
import { registerBeforehand } from './beforehand';
import { registerAnnotateFigures } from './figures';

/**
 * The Annotate routes (src-shared/api/annotate.ts). Saves and pre-annotations live in their own
 * encapsulated context whose onRoute hook raises the body limit for them only (20,000 objects
 * on a frame do not fit in 1 MiB); the auth hook still refuses an anonymous caller first.
 */
export function annotateRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  registerAnnotateRead(app, ctx);
  registerAnnotateFigures(app, ctx);
  void app.register(async (scoped) => {
    scoped.addHook('onRoute', (route) => {
      route.bodyLimit = ANNOTATE_BODY_LIMIT;
    });
    registerAnnotateSave(scoped, ctx);
    registerBeforehand(scoped, ctx);
  });
}
