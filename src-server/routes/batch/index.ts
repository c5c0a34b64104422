import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { dataDeps } from '../subject/deps';
import { registerBatchRead } from './read';
import { registerBatchCreate, registerBatchManage } from './write';

/** The Batch routes of the spec's section 7 (src-shared/api/batch.ts). */
export function batchRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  const deps = dataDeps(ctx);
  registerBatchCreate(app, deps);
  registerBatchManage(app, deps);
  registerBatchRead(app, deps);
}
