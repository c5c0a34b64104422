/** Error keys of the dispatch routes and their codes; translations: src-renderer/src/i18n/errors/dispatch.ts */
export const DISPATCH_ERROR_KEYS = {
  /** no such dispatch in this task */
  'dispatch.notFound': 404,
  /** the workflowId is not a step of the task; data: { workflowId } */
  'dispatch.stepNotFound': 404,
  /** name the task subjects or how many, not both and not neither */
  'dispatch.idsOrCount': 400,
  /** the target user is not a member of the step (or has no way into the project) */
  'dispatch.targetNotStepMember': 409,
  /** a vendor manager dispatches only to members of their own vendor team */
  'dispatch.vendorMemberOnly': 403,
  /** task subject ids not in the task at that step; data: { taskSubjectIds } */
  'dispatch.subjectNotFound': 404,
  /** task subjects that are neither pending nor skipped; data: { taskSubjectIds } */
  'dispatch.notDispatchable': 409,
  /** nothing waits in the step's queue */
  'dispatch.queueEmpty': 409,
  /** the dispatch was cancelled already */
  'dispatch.cancelled': 409,
} as const;
