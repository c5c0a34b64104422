import { groupRoutes } from '../../../src-shared/api/group';
import type { ServerContext } from '../../../src-server/context';
import type { World } from '../world';
import type { SampleGroup } from './types';

/** A group of team A with the world's annotator in it, made straight in the database. */
async function groupOfTeamA(w: World, ctx: ServerContext): Promise<number> {
  const { id } = await ctx.db
    .insertInto('team_groups')
    .values({ team_id: w.teamA, name: 'Existing group', created_at: ctx.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db.insertInto('group_members').values({ group_id: id, user_id: w.users.annotator.id }).execute();
  return id;
}

export const groupSamples: SampleGroup = {
  routes: groupRoutes,
  samples: {
    create: (w) => ({ method: 'POST', url: '/core/group', payload: { name: 'Sample group', userIds: [w.users.annotator.id] } }),
    removeMany: async (w, ctx) => ({ method: 'DELETE', url: `/core/group?groupIds=${await groupOfTeamA(w, ctx)}` }),
    removeMembers: async (w, ctx) => ({
      method: 'DELETE',
      url: `/core/group/v2?groupId=${await groupOfTeamA(w, ctx)}&userIds=${w.users.annotator.id}`,
    }),
    update: async (w, ctx) => ({
      method: 'PUT',
      url: `/core/group/${await groupOfTeamA(w, ctx)}`,
      payload: { name: 'Renamed group', userIds: [w.users.reviewer.id] },
    }),
    remove: async (w, ctx) => ({ method: 'DELETE', url: `/core/group/${await groupOfTeamA(w, ctx)}` }),
    members: async (w, ctx) => ({ method: 'GET', url: `/core/group/${await groupOfTeamA(w, ctx)}/member`, query: { name: 'annot' } }),
  },
};
