export * from './envelope';
export * from './errors';
export * from './route';
export * from './user';
export * from './project';

import { userRoutes } from './user';
import { projectRoutes } from './project';

/** Every route of the team server, for registration and the OpenAPI document. */
export const allRoutes = { ...userRoutes, ...projectRoutes };
