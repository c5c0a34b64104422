import type { FastifyInstance } from 'fastify';
import { NOTE_LABELS_MAX, noteRoutes } from '../../../src-shared/api/note';
import { room } from '../../../src-shared/api/realtime';
import type { ServerContext } from '../../context';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { AppError } from '../../errors';
import { NoteLabelsRepository } from '../../repositories/noteLabels';
import { isUniqueViolation } from '../../repositories/rejectReasons';

/** The unique index on (project_id, name) decides between two callers taking one name at once. */
async function nameGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('note.labelTaken');
    throw err;
  }
}

/** A project's note labels: listing, adding, renaming or recolouring, deleting. */
export function registerNoteLabels(app: FastifyInstance, ctx: ServerContext): void {
  const labels = new NoteLabelsRepository(ctx.db);
  const changed = (projectId: number) => ctx.realtime.publish(room('project', projectId), 'note.changed', { projectId, noteIds: [], change: 'labels' });

  addRoute(app, noteRoutes.labels, async (req) => labels.list(accessOf(req).project!.projectId));

  addRoute(app, noteRoutes.addLabel, async (req) => {
    const { projectId } = accessOf(req).project!;
    const name = req.body.name.trim();
    if ((await labels.idByName(projectId, name)) !== undefined) throw new AppError('note.labelTaken');
    if ((await labels.count(projectId)) >= NOTE_LABELS_MAX) throw new AppError('note.labelLimit', { max: NOTE_LABELS_MAX });
    const label = await nameGuard(() => labels.add(projectId, name, req.body.color));
    await changed(projectId);
    return label;
  });

  addRoute(app, noteRoutes.updateLabel, async (req) => {
    const { projectId } = accessOf(req).project!;
    const name = req.body.name?.trim();
    if (name !== undefined) {
      const holder = await labels.idByName(projectId, name);
      if (holder !== undefined && holder !== req.params.id) throw new AppError('note.labelTaken');
    }
    const patch = { ...(name !== undefined ? { name } : {}), ...(req.body.color !== undefined ? { color: req.body.color } : {}) };
    const label = await nameGuard(() => labels.update(projectId, req.params.id, patch));
    if (!label) throw new AppError('note.labelNotFound');
    await changed(projectId);
    return label;
  });

  addRoute(app, noteRoutes.removeLabel, async (req) => {
    const { projectId } = accessOf(req).project!;
    if (!(await labels.remove(projectId, req.params.id))) throw new AppError('note.labelNotFound');
    await changed(projectId);
    return null;
  });
}
