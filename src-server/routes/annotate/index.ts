import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { registerAnnotateRead } from './read';
import { registerAnnotateSave } from './save';
import { registerBeforehand } from './beforehand';
import { registerAnnotateFigures } from './figures';

/**
 * The Annotate routes (src-shared/api/annotate.ts). Saves and pre-annotations declare a larger
 * body limit in their definitions (20,000 objects on a frame do not fit in 1 MiB).
 */
export function annotateRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  registerAnnotateRead(app, ctx);
  registerAnnotateFigures(app, ctx);
  registerAnnotateSave(app, ctx);
  registerBeforehand(app, ctx);
}
