/** Error keys of the workflow routes and their codes; translations: src-renderer/src/i18n/errors/workflow.ts */
export const WORKFLOW_ERROR_KEYS = {
  /** no such step in the project named by the call, or not of the type asked for */
  'workflow.notFound': 404,
  /** the first step of a workflow annotates: a review needs work before it; data: { stepIndex } */
  'workflow.firstStepNotAnnotate': 400,
  /** data: { max } */
  'workflow.tooManySteps': 409,
  /** afterStep is past the last step; data: { afterStep, stepCount } */
  'workflow.badPosition': 400,
  /** members must be able to work on the project (members, or its team's owner, admins, managers); data: { userIds } */
  'workflow.memberNotEligible': 400,
  /** task subjects already reached or passed the position a new step would take; data: { count } */
  'workflow.subjectsPastStep': 409,
  /** task subjects are at the step; move them first; data: { count } */
  'workflow.stepInUse': 409,
  /** a task keeps at least one step */
  'workflow.lastStep': 409,
  /** the step is not a review step */
  'workflow.notReviewStep': 409,
  /** the task subject is not at this step; data: { taskSubjectId } */
  'workflow.subjectNotAtStep': 404,
  'workflow.configTooLarge': 400,
} as const;
