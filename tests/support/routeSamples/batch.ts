import { batchRoutes } from '../../../src-shared/api/batch';
import type { SampleGroup } from './types';

export const batchSamples: SampleGroup = {
  routes: batchRoutes,
  samples: {},
};
