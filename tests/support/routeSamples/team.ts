import { teamRoutes } from '../../../src-shared/api/team';
import type { SampleGroup } from './types';

export const teamSamples: SampleGroup = {
  routes: teamRoutes,
  samples: {
    switch: (w) => ({ method: 'POST', url: `/core/team/switch/${w.teamA}` }),
    get: (w) => ({ method: 'GET', url: `/core/team/${w.teamA}` }),
    update: (w) => ({ method: 'PUT', url: `/core/team/${w.teamA}`, payload: { name: 'Renamed team', description: 'About us' } }),
    remove: (w) => ({ method: 'DELETE', url: `/core/team/${w.teamA}` }),
    createGroup: (w) => ({ method: 'POST', url: `/core/team/${w.teamA}/group`, payload: { name: 'Sample group', userIds: [w.users.annotator.id] } }),
    addMembers: (w) => ({ method: 'POST', url: `/core/team/${w.teamA}/member`, payload: { mobiles: [w.users.outsider.mobile], role: 'annotator' } }),
    setRole: (w) => ({ method: 'PUT', url: `/core/team/${w.teamA}/member`, payload: { userId: w.users.annotator.id, role: 'reviewer' } }),
    removeMember: (w) => ({ method: 'DELETE', url: `/core/team/${w.teamA}/member`, query: { userId: String(w.users.annotator.id) } }),
    setRoles: (w) => ({
      method: 'PUT',
      url: `/core/team/${w.teamA}/member/v2`,
      payload: { userIds: [w.users.reviewer.id, w.users.annotator.id], role: 'manager' },
    }),
    removeMembers: (w) => ({
      method: 'DELETE',
      url: `/core/team/${w.teamA}/member/v2?userIds=${w.users.reviewer.id}&userIds=${w.users.annotator.id}`,
    }),
    curators: (w) => ({ method: 'GET', url: `/core/team/${w.teamA}/project/curator` }),
    roles: (w) => ({ method: 'GET', url: `/core/team/${w.teamA}/role`, query: { hasOwn: 'true' } }),
    transfer: (w) => ({ method: 'PUT', url: `/core/team/${w.teamA}/transfer`, payload: { userId: w.users.admin.id } }),
  },
};
