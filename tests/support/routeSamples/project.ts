import { projectRoutes } from '../../../src-shared/api/project';
import type { SampleGroup } from './types';

export const projectSamples: SampleGroup = {
  routes: projectRoutes,
  samples: {},
};
