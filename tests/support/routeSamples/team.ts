import { teamRoutes } from '../../../src-shared/api/team';
import type { SampleGroup } from './types';

export const teamSamples: SampleGroup = {
  routes: teamRoutes,
  samples: {},
};
