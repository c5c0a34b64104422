import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { registerAiModels } from './models';
import { registerAiClassMaps } from './classMaps';
import { registerAiJobs } from './jobs';
import { registerAiPrediction } from './prediction';
import { registerAiServe } from './serve';
import { registerAiNotify } from './notify';
import { registerAiStatistics } from './statistics';

/** The AI routes (src-shared/api/ai.ts) and the model statistics call. */
export function aiRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  registerAiModels(app, ctx);
  registerAiClassMaps(app, ctx);
  registerAiJobs(app, ctx);
  registerAiPrediction(app, ctx);
  registerAiServe(app, ctx);
  registerAiNotify(app, ctx);
  registerAiStatistics(app, ctx);
}
