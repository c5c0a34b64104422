import { obsRoutes } from '../../../src-shared/api/obs';
import type { SampleGroup } from './types';

export const obsSamples: SampleGroup = {
  routes: obsRoutes,
  samples: {},
};
