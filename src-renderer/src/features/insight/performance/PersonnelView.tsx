import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PersonnelRow, ReportFilterBody } from '../../../../../src-shared/api/performance';
import { formatDuration, formatPerHour, formatRate } from './figures';
import { usePerformancePersonnelQuery } from './performanceApi';
import { ReportState } from './ReportState';
import { Figure } from '../../../app/figures/Figure';
import { NameCell } from '../../../app/figures/NameCell';

/** Everyone's own figures in one table (mobile numbers masked by the server). */
export function PersonnelView({ body }: { body: ReportFilterBody }) {
  const { t, i18n } = useTranslation();
  const { data, error, isFetching, refetch } = usePerformancePersonnelQuery(body);
  const rows = data?.rows ?? [];
  return (
    <ReportState loading={isFetching && !data} error={error} empty={rows.length === 0} retry={() => void refetch()}>
      <Table<PersonnelRow>
        size="small"
        rowKey="userId"
        dataSource={rows}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: t('insight.performance.figure.name'), dataIndex: 'name', render: (name: string) => <NameCell name={name} maxWidth={160} /> },
          { title: t('insight.performance.figure.mobile'), dataIndex: 'mobile' },
          { title: t('insight.performance.figure.submitted'), dataIndex: 'submitted', sorter: (a, b) => a.submitted - b.submitted },
          // Objects handed on, submitted and reviewed: the Efficiency tab's figure for the same person (docs/performance-reports.md).
          { title: t('insight.performance.figure.objects'), dataIndex: 'objects' },
          { title: t('insight.performance.figure.reviewed'), dataIndex: 'reviewed', sorter: (a, b) => a.reviewed - b.reviewed },
          { title: t('insight.performance.figure.activeTime'), key: 'activeMs', render: (_, r) => <Figure>{formatDuration(r.activeMs, t)}</Figure>, sorter: (a, b) => a.activeMs - b.activeMs },
          { title: t('insight.performance.figure.subjectsPerHour'), key: 'sph', render: (_, r) => <Figure>{formatPerHour(r.subjectsPerHour, i18n.language)}</Figure> },
          { title: t('insight.performance.figure.firstPassRate'), key: 'fpr', render: (_, r) => <Figure>{formatRate(r.firstPassRate, i18n.language)}</Figure> },
          { title: t('insight.performance.figure.rejectionsReceived'), dataIndex: 'rejectionsReceived' },
          { title: t('insight.performance.figure.reworkSubmits'), dataIndex: 'reworkSubmits' },
        ]}
      />
    </ReportState>
  );
}
