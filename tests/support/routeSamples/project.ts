import { projectRoutes } from '../../../src-shared/api/project';
import type { SampleGroup } from './types';

export const projectSamples: SampleGroup = {
  routes: projectRoutes,
  samples: {
    create: () => ({ method: 'POST', url: '/core/project', payload: { projectName: 'Sample project', type: 'image' } }),
    removeMany: (w) => ({ method: 'DELETE', url: `/core/project?projectIds=${w.projectP}` }),
    get: (w) => ({ method: 'GET', url: `/core/project/${w.projectP}` }),
    update: (w) => ({ method: 'PUT', url: `/core/project/${w.projectP}`, payload: { description: 'Street scenes' } }),
    remove: (w) => ({ method: 'DELETE', url: `/core/project/${w.projectP}` }),
    getConfig: (w) => ({ method: 'GET', url: `/core/project/${w.projectP}/config` }),
    putConfig: (w) => ({ method: 'PUT', url: `/core/project/${w.projectP}/config`, payload: { frameRate: 10 } }),
    addInstruction: (w) => ({ method: 'POST', url: `/core/project/${w.projectP}/instruction`, payload: { instruction: '<p>Box every car</p>' } }),
    putInstruction: (w) => ({ method: 'PUT', url: `/core/project/${w.projectP}/instruction`, payload: { instruction: '<p>Box every bus</p>' } }),
    // A user in both team A and vendor team V: every role that may manage members may add them
    // (vendor managers only members of their vendor team, project managers only of team A).
    addMembers: async (w, ctx) => {
      const now = ctx.now();
      const u = await ctx.db
        .insertInto('users')
        .values({ mobile: `+1999${w.projectP}${w.teamA}`.slice(0, 16), name: 'Both teams', password_hash: 'x', current_team_id: w.teamA, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db
        .insertInto('team_members')
        .values([
          { team_id: w.teamA, user_id: u.id, role: 'annotator', joined_at: now },
          { team_id: w.vendorTeam, user_id: u.id, role: 'annotator', joined_at: now },
        ])
        .execute();
      return { method: 'POST', url: `/core/project/${w.projectP}/member`, payload: { members: [{ userId: u.id, role: 'annotator' }] } };
    },
    listMembers: (w) => ({ method: 'GET', url: `/core/project/${w.projectP}/member/list` }),
    // The vendor annotator: a member a vendor manager may remove too.
    removeMembers: (w) => ({ method: 'DELETE', url: `/core/project/${w.projectP}/member/v2?userIds=${w.users.vendorAnnotator.id}` }),
    overview: (w) => ({ method: 'GET', url: `/core/project/${w.projectP}/overview/summary` }),
    checkPermission: (w) => ({ method: 'GET', url: `/core/project/${w.projectP}/check/permission` }),
    addRejectReason: (w) => ({ method: 'POST', url: `/core/project/${w.projectP}/rejectReason/add`, payload: { reason: 'Blurry image' } }),
    listRejectReasons: (w) => ({ method: 'GET', url: `/core/project/${w.projectP}/user/rejectReason/list` }),
    removeRejectReason: async (w, ctx) => {
      const r = await ctx.db
        .insertInto('reject_reasons')
        .values({ project_id: w.projectP, reason: 'Too dark', created_by: w.users.owner.id, created_at: ctx.now() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { method: 'DELETE', url: `/core/project/${w.projectP}/user/rejectReason/del/${r.id}` };
    },
  },
};
