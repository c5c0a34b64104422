import type { FastifyInstance } from 'fastify';
import { projectImportRoutes } from '../../../src-shared/api/projectImport';
import type { ServerContext } from '../../context';
import { runImport } from '../../imports/runImport';
import { accessOf } from '../../plugins/access';
import { requireUser } from '../../plugins/auth';
import { addRoute } from '../../plugins/defineHandler';

/**
 * The ProjectImport routes (src-shared/api/projectImport.ts). Writing needs an explicit
 * `dryRun: false`, and creating labels an explicit `createMissingLabels: true` (docs/imports.md).
 */
export function projectImportRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  addRoute(app, projectImportRoutes.importAnnotations, async (req) => {
    const b = req.body;
    return runImport(ctx, {
      projectId: accessOf(req).project!.projectId,
      taskId: b.taskId,
      userId: requireUser(req),
      format: b.format,
      key: b.key,
      dryRun: b.dryRun ?? true,
      createMissingLabels: b.createMissingLabels ?? false,
      mode: b.mode ?? 'append',
    });
  });
}
