/** The workspace for one step of a task; with a task subject, that item opens first. */
export const workspacePath = (p: { projectId: number; taskId: number; workflowId: number; taskSubjectId?: number }) =>
  `/work/${p.projectId}/${p.taskId}/${p.workflowId}${p.taskSubjectId ? `?item=${p.taskSubjectId}` : ''}`;

export const MY_WORK_PATH = '/work';

/** The workspace on a work package stored on this workstation (docs/offline-day.md). */
export const packageWorkspacePath = (packageId: number) => `/work/package/${packageId}`;
