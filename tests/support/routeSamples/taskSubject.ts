import type { ServerContext } from '../../../src-server/context';
import { taskSubjectRoutes } from '../../../src-shared/api/taskSubject';
import type { World } from '../world';
import { buildTask, type TaskFixture } from '../taskFixture';
import type { SampleGroup } from './types';

/** Everyone of the world with a way into project P (the permission test plays each of them). */
export const projectPlayers = (w: World): number[] =>
  (['owner', 'admin', 'manager', 'reviewer', 'annotator', 'projectManager', 'vendorManager', 'vendorAnnotator'] as const).map((r) => w.users[r].id);

/** A task of project P with an annotate and a review step that every player works at, and `subjects` waiting. */
export const sampleTask = (w: World, ctx: ServerContext, subjects = 2): Promise<TaskFixture> =>
  buildTask(ctx, {
    projectId: w.projectP,
    createdBy: w.users.owner.id,
    steps: [
      { type: 'annotate', members: projectPlayers(w) },
      { type: 'review', members: projectPlayers(w) },
    ],
    subjects,
  });

export const taskSubjectSamples: SampleGroup = {
  routes: taskSubjectRoutes,
  samples: {
    claim: async (w, ctx) => {
      const t = await sampleTask(w, ctx);
      return { method: 'POST', url: '/core/task/subject/claim', payload: { projectId: w.projectP, taskId: t.taskId, workflowId: t.steps[0]!.workflowId } };
    },
    listDetail: async (w, ctx) => {
      const t = await sampleTask(w, ctx);
      return { method: 'GET', url: `/core/task/subject/list/detail?projectId=${w.projectP}&taskId=${t.taskId}&state=pending` };
    },
  },
};
