import type { FastifyInstance } from 'fastify';
import { noteRoutes } from '../../../src-shared/api/note';
import { room } from '../../../src-shared/api/realtime';
import { projectRoleMay } from '../../../src-shared/model/permissions';
import type { ServerContext } from '../../context';
import { addRoute } from '../../plugins/defineHandler';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { NotesRepository } from '../../repositories/notes';

/**
 * DELETE /note: its rule is not a role's (the author, or whoever manages notes), so the route
 * has no access rule: the projects come from the notes, and each is checked against the same
 * table. Notes in projects the caller cannot see answer 404, as if they did not exist.
 */
export function registerNoteRemove(app: FastifyInstance, ctx: ServerContext): void {
  const notes = new NotesRepository(ctx.db);

  addRoute(app, noteRoutes.remove, async (req) => {
    const userId = requireUser(req);
    const ids = [...new Set(req.query.ids)];
    const owners = await notes.owners(ids);
    const projectIds = [...new Set(owners.map((o) => o.projectId))];
    const access = new Map(await Promise.all(projectIds.map(async (p) => [p, await ctx.repos.access.projectAccess(p, userId)] as const)));
    const visible = owners.filter((o) => access.get(o.projectId) !== undefined);
    const missing = ids.filter((id) => !visible.some((o) => o.id === id));
    if (missing.length > 0) throw new AppError('note.notFound', { ids: missing });
    const refused = visible.filter((o) => o.createdBy !== userId && !projectRoleMay(access.get(o.projectId)!.role, 'project.note.manage')).map((o) => o.id);
    if (refused.length > 0) throw new AppError('note.notAuthor', { ids: refused });
    await notes.remove(ids);
    for (const projectId of projectIds) {
      const noteIds = visible.filter((o) => o.projectId === projectId).map((o) => o.id);
      await ctx.realtime.publish(room('project', projectId), 'note.changed', { projectId, noteIds, change: 'deleted' });
    }
    return null;
  });
}
