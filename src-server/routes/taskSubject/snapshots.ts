import type { FastifyInstance } from 'fastify';
import { taskSubjectRoutes } from '../../../src-shared/api/taskSubject';
import { addRoute } from '../../plugins/defineHandler';
import { AppError } from '../../errors';
import type { TaskSubjectDeps } from './deps';
import { resolveWork } from './workAccess';

/** The snapshots kept at each hand-on (submit, pass): what a reviewer compares the current work with. */
export function registerSnapshotReads(app: FastifyInstance, d: TaskSubjectDeps): void {
  const { ctx } = d;

  addRoute(app, taskSubjectRoutes.snapshotList, async (req) => {
    const scope = await resolveWork(ctx, req);
    return d.annotations.snapshots(scope.row.id, req.query.page ?? 1, req.query.pageSize ?? 20);
  });

  addRoute(app, taskSubjectRoutes.snapshot, async (req) => {
    const scope = await resolveWork(ctx, req);
    const snapshot = await d.annotations.snapshotOf(scope.row.id, req.params.id);
    if (!snapshot) throw new AppError('taskSubject.snapshotNotFound');
    return snapshot;
  });
}
