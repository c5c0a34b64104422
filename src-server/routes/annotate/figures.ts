import type { FastifyInstance } from 'fastify';
import { annotateRoutes } from '../../../src-shared/api/annotate';
import type { ServerContext } from '../../context';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { AnnotateFiguresRepository } from '../../repositories/annotateFigures';

/** The project's annotation figures: totals, and each subject's status in its tasks. */
export function registerAnnotateFigures(app: FastifyInstance, ctx: ServerContext): void {
  const figures = new AnnotateFiguresRepository(ctx.db);
  addRoute(app, annotateRoutes.projectTotal, async (req) => figures.total(accessOf(req).project!.projectId));
  addRoute(app, annotateRoutes.subjectStatus, async (req) => figures.subjects(accessOf(req).project!.projectId, req.query));
}
