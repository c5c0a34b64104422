import type { SampleGroup } from './types';
import { projectSamples } from './project';
import { teamSamples } from './team';
import { groupSamples } from './group';
import { inviteSamples } from './invite';
import { vendorSamples } from './vendor';
import { userSamples } from './user';
import { batchSamples } from './batch';
import { subjectSamples } from './subject';
import { ontologySamples } from './ontology';
import { obsSamples } from './obs';
import { workflowSamples } from './workflow';
import { taskSamples } from './task';
import { taskSubjectSamples } from './taskSubject';
import { dispatchSamples } from './dispatch';
import { annotateSamples } from './annotate';
import { noteSamples } from './note';
import { exportSamples } from './export';
import { performanceSamples } from './performance';
import { projectImportSamples } from './projectImport';
import { aiSamples } from './ai';
import { logSamples } from './log';

/** Every route group with access rules. A group added to the server is added here too. */
export const SAMPLE_GROUPS: Record<string, SampleGroup> = {
  project: projectSamples,
  team: teamSamples,
  group: groupSamples,
  invite: inviteSamples,
  vendor: vendorSamples,
  user: userSamples,
  batch: batchSamples,
  subject: subjectSamples,
  ontology: ontologySamples,
  obs: obsSamples,
  workflow: workflowSamples,
  task: taskSamples,
  taskSubject: taskSubjectSamples,
  dispatch: dispatchSamples,
  annotate: annotateSamples,
  note: noteSamples,
  export: exportSamples,
  performance: performanceSamples,
  projectImport: projectImportSamples,
  ai: aiSamples,
  log: logSamples,
};
