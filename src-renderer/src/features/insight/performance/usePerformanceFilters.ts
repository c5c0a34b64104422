import { useMemo, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { PERFORMANCE_DEFAULT_DAYS, type GroupedReportBody, type ReportGrouping } from '../../../../../src-shared/api/performance';

export interface PerformanceFilterState {
  range: [Dayjs, Dayjs];
  projectIds: number[];
  userIds: number[];
  groupBy: ReportGrouping;
}

/** Report days are UTC days named YYYY-MM-DD; the picker's calendar day is the one meant. */
const day = (d: Dayjs) => d.format('YYYY-MM-DD');

/** The server's own default range: the 30 days up to today. */
export const defaultRange = (): [Dayjs, Dayjs] => [dayjs().subtract(PERFORMANCE_DEFAULT_DAYS - 1, 'day').startOf('day'), dayjs().startOf('day')];

/** The report filters of the page and the request body they make. */
export function usePerformanceFilters() {
  const [filters, setFilters] = useState<PerformanceFilterState>(() => ({ range: defaultRange(), projectIds: [], userIds: [], groupBy: 'person' }));
  const body = useMemo<GroupedReportBody>(
    () => ({
      from: day(filters.range[0]),
      to: day(filters.range[1]),
      ...(filters.projectIds.length ? { projectIds: filters.projectIds } : {}),
      ...(filters.userIds.length ? { userIds: filters.userIds } : {}),
      groupBy: filters.groupBy,
    }),
    [filters],
  );
  return { filters, setFilters, body };
}

/** The same body without `groupBy`, for the calls that take none (summary, personnel). */
export const ungrouped = ({ groupBy: _groupBy, ...rest }: GroupedReportBody) => rest;
