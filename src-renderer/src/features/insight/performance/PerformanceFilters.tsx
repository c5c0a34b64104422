import { DatePicker, Flex, Form, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PERFORMANCE_MAX_DAYS, REPORT_GROUPINGS, type PerformanceScreen } from '../../../../../src-shared/api/performance';
import type { PerformanceFilterState } from './usePerformanceFilters';

interface Props {
  screen: PerformanceScreen | undefined;
  filters: PerformanceFilterState;
  onChange: (next: PerformanceFilterState) => void;
  /** the personnel and summary reports are not grouped */
  showGrouping: boolean;
}

/** Date range, projects, people and grouping of every report on the page. */
export function PerformanceFilters({ screen, filters, onChange, showGrouping }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<PerformanceFilterState>) => onChange({ ...filters, ...patch });
  const today = dayjs().startOf('day');
  return (
    <Form layout="inline" style={{ rowGap: 8 }}>
      <Form.Item label={t('insight.performance.range')}>
        <DatePicker.RangePicker
          value={filters.range}
          allowClear={false}
          disabledDate={(d, info) => d.isAfter(today, 'day') || (info.from ? Math.abs(d.diff(info.from, 'day')) >= PERFORMANCE_MAX_DAYS : false)}
          presets={[
            { label: t('insight.performance.last7'), value: [today.subtract(6, 'day'), today] },
            { label: t('insight.performance.last30'), value: [today.subtract(29, 'day'), today] },
            { label: t('insight.performance.last90'), value: [today.subtract(89, 'day'), today] },
            ...(screen?.dataSpan ? [{ label: t('insight.performance.allData'), value: [dayjs(screen.dataSpan.from), dayjs(screen.dataSpan.to)] as [dayjs.Dayjs, dayjs.Dayjs] }] : []),
          ]}
          onChange={(range) => range?.[0] && range[1] && set({ range: [range[0], range[1]] })}
          data-testid="performance-range"
        />
      </Form.Item>
      <Form.Item label={t('insight.performance.projects')}>
        <Select
          mode="multiple"
          allowClear
          style={{ minWidth: 200, maxWidth: 320 }}
          placeholder={t('insight.performance.allProjects')}
          optionFilterProp="label"
          value={filters.projectIds}
          onChange={(projectIds: number[]) => set({ projectIds })}
          options={(screen?.projects ?? []).map((p) => ({ value: p.projectId, label: p.own ? p.name : t('insight.performance.otherTeamProject', { name: p.name }) }))}
        />
      </Form.Item>
      <Form.Item label={t('insight.performance.people')}>
        <Select
          mode="multiple"
          allowClear
          style={{ minWidth: 180, maxWidth: 300 }}
          placeholder={t('insight.performance.everyone')}
          optionFilterProp="label"
          value={filters.userIds}
          onChange={(userIds: number[]) => set({ userIds })}
          options={(screen?.people ?? []).map((p) => ({ value: p.userId, label: p.name }))}
        />
      </Form.Item>
      {showGrouping && (
        <Form.Item label={t('insight.performance.groupBy')}>
          <Flex>
            <Select
              style={{ width: 140 }}
              value={filters.groupBy}
              onChange={(groupBy) => set({ groupBy })}
              options={REPORT_GROUPINGS.map((g) => ({ value: g, label: t(`insight.performance.grouping.${g}`) }))}
              data-testid="performance-group-by"
            />
          </Flex>
        </Form.Item>
      )}
    </Form>
  );
}
