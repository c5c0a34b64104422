import { inviteRoutes } from '../../../src-shared/api/invite';
import type { SampleGroup } from './types';

export const inviteSamples: SampleGroup = {
  routes: inviteRoutes,
  samples: {},
};
