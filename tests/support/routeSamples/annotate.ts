import { annotateRoutes } from '../../../src-shared/api/annotate';
import { boxes } from '../taskFixture';
import { heldBy, sampleTask } from './taskSubject';
import type { SampleGroup } from './types';

export const annotateSamples: SampleGroup = {
  routes: annotateRoutes,
  samples: {
    get: async (w, ctx, as) => {
      const { id } = await heldBy(w, ctx, as, 0);
      return { method: 'GET', url: `/core/annotate?taskSubjectId=${id}` };
    },
    save: async (w, ctx, as) => {
      const { t, id, version } = await heldBy(w, ctx, as, 0);
      const frameId = t.frames.get(t.subjectIds[0]!)![0]!;
      return { method: 'POST', url: '/core/annotate', payload: { taskSubjectId: id, saveId: `sample-${as}`, baseVersion: version, frames: [{ frameId, data: boxes(2) }] } };
    },
    editObjects: async (w, ctx, as) => {
      const { t, id, version } = await heldBy(w, ctx, as, 0);
      const frameId = t.frames.get(t.subjectIds[0]!)![0]!;
      return { method: 'POST', url: '/core/annotate/object/v2', payload: { taskSubjectId: id, saveId: `sample-${as}`, baseVersion: version, frameId, upsert: boxes(1).objects, remove: [] } };
    },
    beforehand: async (w, ctx) => {
      const t = await sampleTask(w, ctx);
      const frameId = t.frames.get(t.subjectIds[0]!)![0]!;
      return {
        method: 'POST',
        url: '/core/annotate/beforehand/update',
        payload: { projectId: w.projectP, taskId: t.taskId, items: [{ taskSubjectId: t.taskSubjectIds[0], frames: [{ frameId, data: boxes(2) }] }] },
      };
    },
    preAnnotateNotice: async (w, ctx) => {
      const t = await sampleTask(w, ctx);
      return { method: 'POST', url: '/core/annotate/pre/annotate/notification', payload: { projectId: w.projectP, taskId: t.taskId, status: 'finished', count: 2 } };
    },
    projectTotal: async (w, ctx) => {
      await sampleTask(w, ctx);
      return { method: 'GET', url: `/core/project/${w.projectP}/annotate/total` };
    },
    subjectStatus: async (w, ctx) => {
      await sampleTask(w, ctx);
      return { method: 'GET', url: `/core/project/${w.projectP}/subject/annotate?pageSize=5` };
    },
  },
};
