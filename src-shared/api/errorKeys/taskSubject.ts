/** Error keys of the taskSubject routes and their codes; translations: src-renderer/src/i18n/errors/taskSubject.ts */
export const TASK_SUBJECT_ERROR_KEYS = {
  /** no such task subject (or task), or not in a project the caller may work in */
  'taskSubject.notFound': 404,
  /** the workflowId is not a step of the task subject's task; data: { workflowId } */
  'taskSubject.stepNotFound': 404,
  /** the caller is not a member of the step the task subject is at (or of the step asked for) */
  'taskSubject.notStepMember': 403,
  /** the transition needs the task subject to be held (claimed or in progress) by the caller */
  'taskSubject.notHolder': 409,
  /** the task subject's state does not allow the transition; data: { state } */
  'taskSubject.wrongState': 409,
  /** the action belongs to the other kind of step (submit at annotate, pass and reject at review) */
  'taskSubject.wrongStep': 409,
  /** only those who dispatch for the project (project.task.dispatch) may do this */
  'taskSubject.notManager': 403,
  /** the target step or user of the transition is not valid */
  'taskSubject.badTarget': 400,
  /** the task subject changed since the client read it; data: { version } (the current one) */
  'taskSubject.stale': 409,
  /** reject reason ids that are not the project's; data: { reasonIds } */
  'taskSubject.rejectReasonNotFound': 404,
  /** the task is closed: claim-next hands out nothing new there */
  'taskSubject.taskClosed': 409,
  /** a rejection names at least one reason from the catalogue or says why in text */
  'taskSubject.rejectReasonRequired': 400,
  /** no snapshot with that id was kept of this task subject */
  'taskSubject.snapshotNotFound': 404,
  /** the project refuses a submit while a model's suggestions nobody confirmed are on the item (unconfirmedOnSubmit: refuse); data: { unconfirmed } (how many) */
  'taskSubject.unconfirmedSuggestions': 409,
} as const;
