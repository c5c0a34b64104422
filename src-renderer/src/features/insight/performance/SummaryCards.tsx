import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PerformanceSummary } from '../../../../../src-shared/api/performance';
import { formatDuration, formatPerHour, formatRate } from './figures';

/** The range's totals as big figures. */
export function SummaryCards({ summary, loading }: { summary: PerformanceSummary | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const s = summary;
  const items = [
    { key: 'people', value: s?.people },
    { key: 'submitted', value: s?.submitted },
    { key: 'reviewed', value: s?.reviewed },
    { key: 'rejected', value: s?.rejected },
    { key: 'activeTime', value: s ? formatDuration(s.activeMs, t) : undefined },
    { key: 'subjectsPerHour', value: s ? formatPerHour(s.subjectsPerHour, i18n.language) : undefined },
    { key: 'firstPassRate', value: s ? formatRate(s.firstPassRate, i18n.language) : undefined },
    { key: 'reworkSubmits', value: s?.reworkSubmits },
  ];
  return (
    <Row gutter={[12, 12]} data-testid="performance-summary">
      {items.map((i) => (
        <Col key={i.key} xs={12} md={6} xxl={3}>
          <Card size="small" loading={loading}>
            <Statistic title={t(`insight.performance.figure.${i.key}`)} value={i.value ?? '–'} styles={{ content: { whiteSpace: 'nowrap' } }} data-testid={`summary-${i.key}`} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
