import type { FastifyInstance } from 'fastify';
import { NOTES_PER_SUBJECT_MAX, noteRoutes, type NoteStatus } from '../../../src-shared/api/note';
import { room } from '../../../src-shared/api/realtime';
import type { ServerContext } from '../../context';
import { addRoute } from '../../plugins/defineHandler';
import { accessOf } from '../../plugins/access';
import { requireUser } from '../../plugins/auth';
import { AppError } from '../../errors';
import { NotesRepository } from '../../repositories/notes';
import { anchoredNotes } from './anchors';

/** Creating, listing, reading and opening or resolving notes: calls that name their project. */
export function registerNotes(app: FastifyInstance, ctx: ServerContext): void {
  const notes = new NotesRepository(ctx.db);
  const changed = (projectId: number, noteIds: number[], change: 'created' | 'opened' | 'resolved') =>
    ctx.realtime.publish(room('project', projectId), 'note.changed', { projectId, noteIds, change });

  addRoute(app, noteRoutes.create, async (req) => {
    const { projectId } = accessOf(req).project!;
    const b = req.body;
    const rows = await anchoredNotes(ctx.db, { projectId, subjectId: b.dataId, createdBy: requireUser(req), now: ctx.now() }, [
      { taskSubjectId: b.taskSubjectId, frameId: b.frameId, objectId: b.objectId, labelId: b.labelId, content: b.content },
    ]);
    const [id] = await notes.create(rows);
    await changed(projectId, [id!], 'created');
    const [note] = await notes.byIds([id!]);
    return note!;
  });

  addRoute(app, noteRoutes.list, async (req) => notes.list({ ...req.body, projectId: accessOf(req).project!.projectId }));

  addRoute(app, noteRoutes.get, async (req) => {
    const [note] = await notes.byIds([req.params.id], accessOf(req).project!.projectId);
    if (!note) throw new AppError('note.notFound');
    return note;
  });

  addRoute(app, noteRoutes.bySubject, async (req) => {
    const { projectId } = accessOf(req).project!;
    return notes.bySubject(projectId, req.query.dataId, req.query.taskSubjectId, NOTES_PER_SUBJECT_MAX);
  });

  const setStatus = async (req: Parameters<typeof accessOf>[0] & { body: { ids: number[] } }, status: NoteStatus) => {
    const { projectId } = accessOf(req).project!;
    const ids = [...new Set(req.body.ids)];
    const found = new Set((await notes.byIds(ids, projectId)).map((n) => n.id));
    const missing = ids.filter((id) => !found.has(id));
    // All or nothing: one note outside the project changes none.
    if (missing.length > 0) throw new AppError('note.notFound', { ids: missing });
    await notes.setStatus(ids, status, requireUser(req), ctx.now());
    await changed(projectId, ids, status === 'open' ? 'opened' : 'resolved');
    return notes.byIds(ids);
  };
  addRoute(app, noteRoutes.open, async (req) => setStatus(req, 'open'));
  addRoute(app, noteRoutes.resolve, async (req) => setStatus(req, 'resolved'));
}
