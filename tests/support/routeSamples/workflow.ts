import { workflowRoutes } from '../../../src-shared/api/workflow';
import type { ServerContext } from '../../../src-server/context';
import type { World } from '../world';
import type { SampleGroup } from './types';
import { seededTask, type SeededTask } from './task';

/** A GET on a route under one step of P's seeded task (by default its annotate step). */
const onStep = (path: string, query: (t: SeededTask) => string = () => '', step: (t: SeededTask) => number = (t) => t.stepIds[0]) =>
  async (w: World, ctx: ServerContext) => {
    const t = await seededTask(ctx, w);
    return { method: 'GET' as const, url: `/core/workflow/${step(t)}${path}?projectId=${w.projectP}${query(t)}` };
  };

export const workflowSamples: SampleGroup = {
  routes: workflowRoutes,
  samples: {
    create: async (w, ctx) => {
      const t = await seededTask(ctx, w);
      return { method: 'POST', url: '/core/workflow', payload: { projectId: w.projectP, taskId: t.taskId, type: 'review', name: 'Final check', memberIds: [w.users.reviewer.id] } };
    },
    assignment: async (w, ctx) => {
      const t = await seededTask(ctx, w);
      return { method: 'POST', url: '/core/workflow/assignment', payload: { projectId: w.projectP, workflowId: t.stepIds[1], memberIds: [w.users.reviewer.id, w.users.projectManager.id] } };
    },
    project: async (w, ctx) => {
      await seededTask(ctx, w);
      return { method: 'POST', url: '/core/workflow/project', payload: { projectId: w.projectP, type: 'review' } };
    },
    get: onStep('', () => '&type=annotate'),
    update: async (w, ctx) => {
      const t = await seededTask(ctx, w);
      return { method: 'PUT', url: `/core/workflow/${t.stepIds[1]}`, payload: { projectId: w.projectP, name: 'First review', config: { sampleRate: 0.2 } } };
    },
    remove: async (w, ctx) => {
      const t = await seededTask(ctx, w);
      return { method: 'DELETE', url: `/core/workflow/${t.stepIds[2]}?projectId=${w.projectP}` };
    },
    members: onStep('/member'),
    repairSubjects: onStep('/repair/subjects'),
    reviewSubject: onStep('/review/subject', (t) => `&taskSubjectId=${t.taskSubjectIds[2]}`, (t) => t.stepIds[1]),
    userSubjects: onStep('/user/subjects', () => '&state=claimed'),
    userWorkingIds: onStep('/user/working/subject/ids', () => '&type=annotate'),
  },
};
