import { groupRoutes } from '../../../src-shared/api/group';
import type { SampleGroup } from './types';

export const groupSamples: SampleGroup = {
  routes: groupRoutes,
  samples: {},
};
