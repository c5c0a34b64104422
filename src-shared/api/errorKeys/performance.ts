/** Error keys of the performance routes and their codes; translations: src-renderer/src/i18n/errors/performance.ts */
export const PERFORMANCE_ERROR_KEYS = {
  /** `from` or `to` names a day that does not exist (2024-02-30); data: { field } */
  'performance.badDate': 400,
  /** `from` is after `to`; data: { from, to } */
  'performance.badRange': 400,
  /** the range spans more than PERFORMANCE_MAX_DAYS days; data: { maxDays } */
  'performance.rangeTooLong': 400,
  /** groups that are not the current team's; data: { groupIds } */
  'performance.groupNotFound': 404,
  /** vendors the current team does not engage; data: { vendorIds } */
  'performance.vendorNotFound': 404,
} as const;
