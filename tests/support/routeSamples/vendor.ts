import { vendorRoutes } from '../../../src-shared/api/vendor';
import type { SampleGroup } from './types';

export const vendorSamples: SampleGroup = {
  routes: vendorRoutes,
  samples: {},
};
