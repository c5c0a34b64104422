import { inviteRoutes } from '../../../src-shared/api/invite';
import type { ServerContext } from '../../../src-server/context';
import type { World } from '../world';
import type { SampleGroup } from './types';

/** Pending invitations of team A, made straight in the database, for the cancel samples. */
async function pendingInvitations(w: World, ctx: ServerContext, mobiles: string[]): Promise<number[]> {
  const now = ctx.now();
  const rows = await ctx.db
    .insertInto('mobile_invitations')
    .values(mobiles.map((mobile) => ({ team_id: w.teamA, mobile, role: 'annotator', status: 'pending', invited_by: w.users.owner.id, created_at: now, updated_at: now })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export const inviteSamples: SampleGroup = {
  routes: inviteRoutes,
  samples: {
    codes: () => ({ method: 'GET', url: '/core/invite' }),
    open: () => ({ method: 'PUT', url: '/core/invite/open', payload: { role: 'reviewer' } }),
    close: () => ({ method: 'PUT', url: '/core/invite/close' }),
    reset: () => ({ method: 'PUT', url: '/core/invite/reset', payload: {} }),
    vendorOpen: () => ({ method: 'PUT', url: '/core/invite/vendor/open' }),
    vendorClose: () => ({ method: 'PUT', url: '/core/invite/vendor/close' }),
    vendorReset: () => ({ method: 'PUT', url: '/core/invite/vendor/reset' }),
    mobileInvite: () => ({ method: 'POST', url: '/core/invite/mobile', payload: { mobiles: ['+15550100001', '+15550100002'], role: 'annotator' } }),
    mobileCancel: async (w, ctx) => {
      const [id] = await pendingInvitations(w, ctx, ['+15550100003']);
      return { method: 'PUT', url: '/core/invite/mobile/cancel', payload: { id } };
    },
    mobileCancelMany: async (w, ctx) => {
      const ids = await pendingInvitations(w, ctx, ['+15550100004', '+15550100005']);
      return { method: 'PUT', url: '/core/invite/mobile/cancel/v2', payload: { ids } };
    },
  },
};
