import type { ServerContext } from '../../../src-server/context';
import { noteRoutes } from '../../../src-shared/api/note';
import type { World } from '../world';
import { sampleTask } from './taskSubject';
import type { SampleGroup } from './types';

/** A subject of project P with two open notes on it (by the annotator) and a note label. */
async function sampleNotes(w: World, ctx: ServerContext) {
  const t = await sampleTask(w, ctx, 1);
  const dataId = t.subjectIds[0]!;
  const now = ctx.now();
  const labelId = (await ctx.db.insertInto('note_labels').values({ project_id: w.projectP, name: 'Question', color: '#3366ff' }).returning('id').executeTakeFirstOrThrow()).id;
  const notes = await ctx.db
    .insertInto('notes')
    .values([0, 1].map((i) => ({ project_id: w.projectP, subject_id: dataId, task_subject_id: t.taskSubjectIds[0]!, content: `Note ${i}`, label_id: labelId, created_by: w.users.annotator.id, created_at: now })))
    .returning('id')
    .execute();
  return { dataId, taskSubjectId: t.taskSubjectIds[0]!, labelId, noteIds: notes.map((n) => n.id) };
}

export const noteSamples: SampleGroup = {
  routes: noteRoutes,
  samples: {
    create: async (w, ctx) => {
      const { dataId, taskSubjectId } = await sampleNotes(w, ctx);
      return { method: 'POST', url: '/core/note', payload: { projectId: w.projectP, dataId, taskSubjectId, objectId: 'box-1', content: 'Is this a van?' } };
    },
    list: async (w, ctx) => {
      await sampleNotes(w, ctx);
      return { method: 'POST', url: '/core/note/list', payload: { projectId: w.projectP, status: 'open' } };
    },
    open: async (w, ctx) => {
      const { noteIds } = await sampleNotes(w, ctx);
      return { method: 'PUT', url: '/core/note/open', payload: { projectId: w.projectP, ids: noteIds } };
    },
    resolve: async (w, ctx) => {
      const { noteIds } = await sampleNotes(w, ctx);
      return { method: 'PUT', url: '/core/note/resolved', payload: { projectId: w.projectP, ids: noteIds } };
    },
    bySubject: async (w, ctx) => {
      const { dataId } = await sampleNotes(w, ctx);
      return { method: 'GET', url: `/core/note/subject?projectId=${w.projectP}&dataId=${dataId}` };
    },
    get: async (w, ctx) => {
      const { noteIds } = await sampleNotes(w, ctx);
      return { method: 'GET', url: `/core/note/${noteIds[0]}?projectId=${w.projectP}` };
    },
    labels: async (w, ctx) => {
      await sampleNotes(w, ctx);
      return { method: 'GET', url: `/core/note-label?projectId=${w.projectP}` };
    },
    addLabel: (w) => ({ method: 'POST', url: '/core/note-label', payload: { projectId: w.projectP, name: 'Error', color: '#ff0000' } }),
    updateLabel: async (w, ctx) => {
      const { labelId } = await sampleNotes(w, ctx);
      return { method: 'PUT', url: `/core/note-label/${labelId}`, payload: { projectId: w.projectP, name: 'Doubt', color: '#00ff00' } };
    },
    removeLabel: async (w, ctx) => {
      const { labelId } = await sampleNotes(w, ctx);
      return { method: 'DELETE', url: `/core/note-label/${labelId}?projectId=${w.projectP}` };
    },
  },
};
