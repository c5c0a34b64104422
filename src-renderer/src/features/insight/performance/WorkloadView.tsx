import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupedReportBody, WorkloadRow } from '../../../../../src-shared/api/performance';
import { Chart } from './charts/Chart';
import { categoryChart, pivotByDay } from './charts/chartOptions';
import { formatDuration } from './figures';
import { usePerformanceWorkloadQuery } from './performanceApi';
import { ReportState } from './ReportState';
import { Figure } from '../../../app/figures/Figure';
import { NameCell } from '../../../app/figures/NameCell';

/** Work per day, stacked by person, group, vendor or project. */
export function WorkloadView({ body }: { body: GroupedReportBody }) {
  const { t } = useTranslation();
  const { data, error, isFetching, refetch } = usePerformanceWorkloadQuery(body);
  const rows = data?.rows ?? [];
  const byDay = pivotByDay(rows, (r) => r.key.name, (r) => r.submitted + r.reviewed);
  return (
    <ReportState loading={isFetching && !data} error={error} empty={rows.length === 0} retry={() => void refetch()}>
      <Chart label={t('insight.performance.workloadChart')} option={categoryChart(byDay.days, byDay.series)} />
      <Table<WorkloadRow>
        size="small"
        rowKey={(r) => `${r.key.id ?? 'none'}-${r.key.name}-${r.day}`}
        dataSource={rows}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: t('insight.performance.grouping.day'), dataIndex: 'day', render: (day: string) => <Figure>{day}</Figure> },
          ...(data?.groupBy === 'day' ? [] : [{ title: t(`insight.performance.grouping.${data?.groupBy ?? 'person'}`), key: 'key', render: (_: unknown, r: WorkloadRow) => <NameCell name={r.key.name} /> }]),
          { title: t('insight.performance.figure.claimed'), dataIndex: 'claimed' },
          { title: t('insight.performance.figure.submitted'), dataIndex: 'submitted' },
          { title: t('insight.performance.figure.reviewed'), dataIndex: 'reviewed' },
          { title: t('insight.performance.figure.objects'), dataIndex: 'objects' },
          { title: t('insight.performance.figure.activeTime'), key: 'activeMs', render: (_, r) => <Figure>{formatDuration(r.activeMs, t)}</Figure> },
        ]}
      />
    </ReportState>
  );
}
