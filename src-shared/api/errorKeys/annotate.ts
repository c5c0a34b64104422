/** Error keys of the annotate routes and their codes; translations: src-renderer/src/i18n/errors/annotate.ts */
export const ANNOTATE_ERROR_KEYS = {
  /** no such task subject, or not in a project the caller may work in */
  'annotate.notFound': 404,
  /** the dataId given is not the task subject's subject */
  'annotate.dataMismatch': 404,
  /** frame ids that are not frames of the task subject's subject; data: { frameIds } */
  'annotate.frameNotFound': 404,
  /** saved since the client read it: nothing was written; data: { version } (the current one) */
  'annotate.stale': 409,
  /** a frame breaks a rule of the annotation model; data: { issues: [{ reason, path }] } */
  'annotate.invalidData': 400,
  /** the save id was used by another user on this task subject */
  'annotate.saveIdTaken': 409,
  /** work has started on these task subjects, so pre-annotations may not replace it; data: { taskSubjectIds } */
  'annotate.workStarted': 409,
  /** task subject ids not in the task; data: { taskSubjectIds } */
  'annotate.subjectNotFound': 404,
} as const;
