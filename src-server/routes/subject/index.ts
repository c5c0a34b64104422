import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { dataDeps } from './deps';
import { registerSubjectRead } from './read';
import { registerSubjectImport, registerSubjectRemove } from './write';

/** The project's subject calls (src-shared/api/subject.ts). */
export function subjectRoutesPlugin(app: FastifyInstance, ctx: ServerContext): void {
  const deps = dataDeps(ctx);
  registerSubjectImport(app, deps);
  registerSubjectRemove(app, deps);
  registerSubjectRead(app, deps);
}
