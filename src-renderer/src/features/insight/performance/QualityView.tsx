import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GroupedReportBody, QualityRow } from '../../../../../src-shared/api/performance';
import { Chart } from './charts/Chart';
import { asPercent, categoryChart } from './charts/chartOptions';
import { formatRate } from './figures';
import { usePerformanceQualityQuery } from './performanceApi';
import { ReportState } from './ReportState';
import { Figure } from '../../../app/figures/Figure';
import { NameCell } from '../../../app/figures/NameCell';

/** What reviewers said of the work: first-pass acceptance, rejections and their reasons. */
export function QualityView({ body }: { body: GroupedReportBody }) {
  const { t, i18n } = useTranslation();
  const { data, error, isFetching, refetch } = usePerformanceQualityQuery(body);
  const rows = data?.rows ?? [];
  return (
    <ReportState loading={isFetching && !data} error={error} empty={rows.length === 0} retry={() => void refetch()}>
      <Chart
        label={t('insight.performance.qualityChart')}
        option={categoryChart(rows.map((r) => r.key.name), [{ name: t('insight.performance.figure.firstPassRate'), values: rows.map((r) => asPercent(r.firstPassRate)) }], { percent: true })}
      />
      <Table<QualityRow>
        size="small"
        rowKey={(r) => `${r.key.id ?? 'none'}-${r.key.name}`}
        dataSource={rows}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: t(`insight.performance.grouping.${data?.groupBy ?? body.groupBy ?? 'person'}`), key: 'key', render: (_, r) => <NameCell name={r.key.name} /> },
          { title: t('insight.performance.figure.verdicts'), dataIndex: 'reviewed' },
          { title: t('insight.performance.figure.passed'), dataIndex: 'passed' },
          { title: t('insight.performance.figure.rejected'), dataIndex: 'rejected' },
          { title: t('insight.performance.figure.firstPassRate'), key: 'fpr', render: (_, r) => <Figure>{formatRate(r.firstPassRate, i18n.language)}</Figure> },
          { title: t('insight.performance.figure.reworkSubmits'), dataIndex: 'reworkSubmits' },
          {
            title: t('insight.performance.figure.reasons'),
            key: 'reasons',
            render: (_, r) =>
              r.reasons.length === 0
                ? '–'
                : r.reasons.map((reason) => (
                    <Tag key={`${reason.reasonId ?? reason.kind}-${reason.name}`}>
                      {reason.kind === 'catalogue' ? reason.name : reason.kind === 'typed' ? t('insight.performance.typedReason') : t('insight.performance.noReason')} × {reason.count}
                    </Tag>
                  )),
          },
        ]}
      />
    </ReportState>
  );
}
