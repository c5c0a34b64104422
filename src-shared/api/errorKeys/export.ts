/** Error keys of the export routes and their codes; translations: src-renderer/src/i18n/errors/export.ts */
export const EXPORT_ERROR_KEYS = {
  /** no such export in the project; data: { exportId } or { ids } */
  'export.notFound': 404,
  /** no such plan in the project; data: { planId } */
  'export.planNotFound': 404,
  /** plan names are unique within a project; data: { name } */
  'export.planNameTaken': 409,
  /** a project keeps at most EXPORT_PLANS_MAX plans */
  'export.planLimit': 409,
  /** POST /export needs a planId or a format */
  'export.formatMissing': 400,
  /** steps and states filter task subjects: they need a task; data: { filter } */
  'export.filterNeedsTask': 400,
  /** the task is not in the project; data: { taskId } */
  'export.taskNotFound': 404,
  /** steps that are not steps of the task; data: { workflowIds } */
  'export.workflowNotFound': 404,
  /** batches that are not in the project; data: { batchIds } */
  'export.batchNotFound': 404,
  /** from is after to */
  'export.badRange': 400,
  /** more subjects than EXPORT_MAX_SUBJECTS match; data: { count, max } */
  'export.tooLarge': 409,
  /** only a queued or running export can be cancelled; data: { status } */
  'export.notCancellable': 409,
  /** deliveries are reported for finished exports only; data: { status } */
  'export.notDone': 409,
  /** stored on a failed export: the server stopped while it ran, and it ran out of attempts */
  'export.interrupted': 500,
  /** stored on a failed export: writing the zip failed; errorDetail says why */
  'export.failed': 500,
} as const;
