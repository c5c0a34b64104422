import { vendorRoutes } from '../../../src-shared/api/vendor';
import type { SampleGroup } from './types';

export const vendorSamples: SampleGroup = {
  routes: vendorRoutes,
  samples: {
    // Engaging directly needs the caller to run both teams: team A's owner and admin also run
    // a second team, made here, so exactly the roles the table allows can succeed.
    create: async (w, ctx) => {
      const now = ctx.now();
      const { id } = await ctx.db
        .insertInto('teams')
        .values({ name: `Sister of ${w.teamA}`, owner_id: w.users.owner.id, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db
        .insertInto('team_members')
        .values([
          { team_id: id, user_id: w.users.owner.id, role: 'owner', joined_at: now },
          { team_id: id, user_id: w.users.admin.id, role: 'admin', joined_at: now },
        ])
        .execute();
      return { method: 'POST', url: '/core/vendor', payload: { vendorTeamId: id, remark: 'in-house' } };
    },
    removeMany: (w) => ({ method: 'DELETE', url: '/core/vendor', query: { ids: String(w.vendorId) } }),
    list: () => ({ method: 'POST', url: '/core/vendor/list', payload: {} }),
    removeByTeam: (w) => ({ method: 'DELETE', url: `/core/vendor/v2?vendorTeamIds=${w.vendorTeam}` }),
    update: (w) => ({ method: 'PUT', url: `/core/vendor/${w.vendorId}`, payload: { name: 'Renamed vendor' } }),
    remove: (w) => ({ method: 'DELETE', url: `/core/vendor/${w.vendorId}` }),
    teamVendors: (w) => ({ method: 'GET', url: `/core/team/${w.teamA}/vendor`, query: { name: 'vendor' } }),
  },
};
