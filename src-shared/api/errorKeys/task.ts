/** Error keys of the task routes and their codes; translations: src-renderer/src/i18n/errors/task.ts */
export const TASK_ERROR_KEYS = {
  /** no such task in the project named by the call (or it is another project's) */
  'task.notFound': 404,
  /** task names are unique within a project */
  'task.nameTaken': 409,
  /** a project has at most TASK_MAX_PER_PROJECT tasks; data: { max } */
  'task.limitReached': 409,
  /** task subject ids that are not of this task; data: { taskSubjectIds } */
  'task.subjectNotFound': 404,
  /** done task subjects stay (their work is finished); data: { taskSubjectIds } */
  'task.subjectDone': 409,
  'task.configTooLarge': 400,
  /** opened as annotate but at a review step, or the reverse; data: { type } (the step's) */
  'task.wrongStepType': 409,
  /** neither holding it, nor a member of its step, nor dispatching for the project */
  'task.notStepMember': 403,
  /** the work package's lease ran out and gave this item back to its step's queue: the hand-off is refused */
  'task.leaseLapsed': 409,
  /** no such work package in the project, or it is another worker's and the caller does not dispatch */
  'task.packageNotFound': 404,
  /** task subjects named that are not in the work package (any more); data: { taskSubjectIds } */
  'task.packageItemNotFound': 404,
  /** the holder may give back only unstarted items; data: { taskSubjectIds } (the started ones named) */
  'task.packageItemStarted': 409,
  /**
   * the worker already holds the most leased items allowed at this step (the project's
   * packageSize, in open packages of theirs): nothing is taken; data: { leased, packageSize }
   */
  'task.packageLimit': 409,
  /**
   * a vendor team's manager acts only on the work of their own team's members: some named task
   * subjects are held by, or were handed on by, someone else; data: { taskSubjectIds }
   */
  'task.vendorMemberOnly': 403,
} as const;
