import { ontologyRoutes } from '../../../src-shared/api/ontology';
import type { SampleGroup } from './types';

export const ontologySamples: SampleGroup = {
  routes: ontologyRoutes,
  samples: {},
};
