import { userRoutes } from '../../../src-shared/api/user';
import type { SampleGroup } from './types';

export const userSamples: SampleGroup = {
  routes: userRoutes,
  samples: {
    members: () => ({ method: 'GET', url: '/core/user', query: { page: '1', pageSize: '10' } }),
  },
};
