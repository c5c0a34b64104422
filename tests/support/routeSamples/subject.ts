import { subjectRoutes } from '../../../src-shared/api/subject';
import type { SampleGroup } from './types';

export const subjectSamples: SampleGroup = {
  routes: subjectRoutes,
  samples: {},
};
