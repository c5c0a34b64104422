import { PERFORMANCE_MAX_DAYS } from '../../../../src-shared/api/performance';

/** Texts of the performance error keys (src-shared/api/errorKeys/performance.ts), in both languages. */
export const performanceErrorsZh = {
  badDate: '日期无效，请按“年-月-日”选择存在的日期',
  badRange: '开始日期不能晚于结束日期',
  rangeTooLong: `统计范围最长为 ${PERFORMANCE_MAX_DAYS} 天，请缩短日期范围`,
  groupNotFound: '所选小组不属于当前团队',
  vendorNotFound: '所选供应商未与当前团队合作',
};

export const performanceErrorsEn: Record<keyof typeof performanceErrorsZh, string> = {
  badDate: 'This date does not exist. Choose a real day (year-month-day).',
  badRange: 'The start date cannot be after the end date.',
  rangeTooLong: `A report covers at most ${PERFORMANCE_MAX_DAYS} days. Choose a shorter range.`,
  groupNotFound: 'The chosen group is not a group of the current team.',
  vendorNotFound: 'The chosen vendor is not engaged by the current team.',
};
