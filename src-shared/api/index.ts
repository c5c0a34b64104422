export * from './envelope';
export * from './errors';
export * from './route';
export * from './user';
export * from './project';
export * from './team';
export * from './group';
export * from './invite';
export * from './vendor';
export * from './batch';
export * from './subject';
export * from './ontology';
export * from './obs';

import { userRoutes } from './user';
import { projectRoutes } from './project';
import { teamRoutes } from './team';
import { groupRoutes } from './group';
import { inviteRoutes } from './invite';
import { vendorRoutes } from './vendor';
import { batchRoutes } from './batch';
import { subjectRoutes } from './subject';
import { ontologyRoutes } from './ontology';
import { obsRoutes } from './obs';

/** Every route of the team server, for registration and the OpenAPI document. */
export const allRoutes = {
  user: userRoutes,
  project: projectRoutes,
  team: teamRoutes,
  group: groupRoutes,
  invite: inviteRoutes,
  vendor: vendorRoutes,
  batch: batchRoutes,
  subject: subjectRoutes,
  ontology: ontologyRoutes,
  obs: obsRoutes,
};
