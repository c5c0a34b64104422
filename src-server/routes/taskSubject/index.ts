import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { taskSubjectDeps } from './deps';
import { registerClaim } from './claim';
import { registerTransitions } from './transitions';
import { registerReopen } from './reopen';
import { registerTaskSubjectReads } from './read';
import { registerSnapshotReads } from './snapshots';
import { registerPackages } from './packages';

/** The task-subject routes (src-shared/api/taskSubject.ts): claiming, transitions, the log, the snapshots, work packages. */
export function taskSubjectRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  const deps = taskSubjectDeps(ctx);
  registerClaim(app, deps);
  registerTransitions(app, deps);
  registerReopen(app, deps);
  registerTaskSubjectReads(app, deps);
  registerSnapshotReads(app, deps);
  registerPackages(app, deps);
}
