import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EfficiencyRow, GroupedReportBody } from '../../../../../src-shared/api/performance';
import { Chart } from './charts/Chart';
import { categoryChart } from './charts/chartOptions';
import { formatDuration, formatPerHour } from './figures';
import { usePerformanceEfficiencyQuery } from './performanceApi';
import { ReportState } from './ReportState';
import { Figure } from '../../../app/figures/Figure';
import { NameCell } from '../../../app/figures/NameCell';

/** Speed per person, group, vendor, project or day: subjects and objects per active hour. */
export function EfficiencyView({ body }: { body: GroupedReportBody }) {
  const { t, i18n } = useTranslation();
  const { data, error, isFetching, refetch } = usePerformanceEfficiencyQuery(body);
  const rows = data?.rows ?? [];
  return (
    <ReportState loading={isFetching && !data} error={error} empty={rows.length === 0} retry={() => void refetch()}>
      <Chart
        label={t('insight.performance.efficiencyChart')}
        option={categoryChart(
          rows.map((r) => r.key.name),
          [
            { name: t('insight.performance.figure.subjectsPerHour'), values: rows.map((r) => r.subjectsPerHour) },
            { name: t('insight.performance.figure.objectsPerHour'), values: rows.map((r) => r.objectsPerHour) },
          ],
        )}
      />
      <Table<EfficiencyRow>
        size="small"
        rowKey={(r) => `${r.key.id ?? 'none'}-${r.key.name}`}
        dataSource={rows}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: t(`insight.performance.grouping.${data?.groupBy ?? body.groupBy ?? 'person'}`), key: 'key', render: (_, r) => <NameCell name={r.key.name} /> },
          { title: t('insight.performance.figure.submitted'), dataIndex: 'submitted', sorter: (a, b) => a.submitted - b.submitted },
          { title: t('insight.performance.figure.reviewed'), dataIndex: 'reviewed', sorter: (a, b) => a.reviewed - b.reviewed },
          { title: t('insight.performance.figure.subjects'), dataIndex: 'subjects', sorter: (a, b) => a.subjects - b.subjects },
          { title: t('insight.performance.figure.objects'), dataIndex: 'objects', sorter: (a, b) => a.objects - b.objects },
          { title: t('insight.performance.figure.activeTime'), key: 'activeMs', render: (_, r) => <Figure>{formatDuration(r.activeMs, t)}</Figure>, sorter: (a, b) => a.activeMs - b.activeMs },
          { title: t('insight.performance.figure.subjectsPerHour'), key: 'sph', render: (_, r) => <Figure>{formatPerHour(r.subjectsPerHour, i18n.language)}</Figure> },
          { title: t('insight.performance.figure.activePerSubject'), key: 'aps', render: (_, r) => <Figure>{formatDuration(r.activeMsPerSubject, t)}</Figure> },
        ]}
      />
    </ReportState>
  );
}
