import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { projectDeps } from './deps';
import { registerProjectList } from './list';
import { registerProjectCrud } from './crud';
import { registerProjectSettings } from './settings';
import { registerProjectMembers } from './members';
import { registerProjectOverview } from './overview';

/** The Project routes of the spec's section 7 (src-shared/api/project.ts). */
export function projectRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  const deps = projectDeps(ctx);
  registerProjectList(app, deps);
  registerProjectCrud(app, deps);
  registerProjectSettings(app, deps);
  registerProjectMembers(app, deps);
  registerProjectOverview(app, deps);
}
