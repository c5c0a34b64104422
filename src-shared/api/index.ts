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
export * from './workflow';
export * from './task';
export * from './taskSubject';
export * from './dispatch';
export * from './annotate';
export * from './note';
export * from './export';
export * from './performance';
export * from './projectImport';
export * from './projectArchive';
export * from './ai';
export * from './log';

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
import { workflowRoutes } from './workflow';
import { taskRoutes } from './task';
import { taskSubjectRoutes } from './taskSubject';
import { dispatchRoutes } from './dispatch';
import { annotateRoutes } from './annotate';
import { noteRoutes } from './note';
import { exportRoutes } from './export';
import { performanceRoutes } from './performance';
import { projectImportRoutes } from './projectImport';
import { projectArchiveRoutes } from './projectArchive';
import { aiRoutes } from './ai';
import { logRoutes } from './log';

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
  workflow: workflowRoutes,
  task: taskRoutes,
  taskSubject: taskSubjectRoutes,
  dispatch: dispatchRoutes,
  annotate: annotateRoutes,
  note: noteRoutes,
  export: exportRoutes,
  performance: performanceRoutes,
  projectImport: projectImportRoutes,
  projectArchive: projectArchiveRoutes,
  ai: aiRoutes,
  log: logRoutes,
};
