/** Error keys of the project routes and their codes; translations: src-renderer/src/i18n/errors/project.ts */
export const PROJECT_ERROR_KEYS = {
  'project.notFound': 404,
  'project.nameTaken': 409,
  'project.vendorShareForbidden': 403,
  'project.vendorNotFound': 404,
  'project.userNotFound': 404,
  'project.memberNotFound': 404,
  'project.vendorMemberOnly': 403,
  /** the caller may not hand out a project role with rights they do not hold themselves; data: { userIds, role } */
  'project.roleAboveOwn': 403,
  'project.configTooLarge': 400,
  /** a work-package setting (packageSize, leaseHours) that is not a whole number in its range; data: { setting, min, max } */
  'project.settingOutOfRange': 400,
  /** unconfirmedOnSubmit is neither 'ask' nor 'refuse'; data: { setting, allowed } */
  'project.settingInvalid': 400,
  'project.rejectReasonTaken': 409,
  'project.rejectReasonLimit': 409,
  'project.rejectReasonNotFound': 404,
  'project.typeLocked': 409,
} as const;
