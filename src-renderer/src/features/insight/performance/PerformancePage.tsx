import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Flex, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';
import { PanelBoundary } from '../../../app/resilience/PanelBoundary';
import { useErrorText } from '../../../app/useErrorText';
import { AccessGate } from '../shared/AccessGate';
import { useTeamMay } from '../shared/permissionApi';
import { EfficiencyView } from './EfficiencyView';
import { PerformanceFilters } from './PerformanceFilters';
import { usePerformanceScreenQuery, usePerformanceSummaryQuery } from './performanceApi';
import { PersonnelView } from './PersonnelView';
import { QualityView } from './QualityView';
import { ReportExportButtons } from './ReportExportButtons';
import { SummaryCards } from './SummaryCards';
import { ungrouped, usePerformanceFilters } from './usePerformanceFilters';
import { WorkloadView } from './WorkloadView';

type ReportTab = 'efficiency' | 'quality' | 'workload' | 'personnel';

/** One report (chart and table) as its own panel: a chart that fails leaves the filters and the other reports working. */
const Report = ({ name, children }: { name: ReportTab; children: ReactNode }) => <PanelBoundary where={`performance: ${name}`}>{children}</PanelBoundary>;

/** The team's performance reports: totals, then one report at a time with its chart and table. */
export function PerformancePage() {
  const { t } = useTranslation();
  const { may, error } = useTeamMay('team.performance.read');
  return (
    <>
      <Typography.Title level={1} style={{ marginTop: 0, fontSize: 24 }}>
        {t('insight.performance.title')}
      </Typography.Title>
      <AccessGate may={may} error={error} deniedText={t('insight.performance.denied')}>
        <PerformanceContent />
      </AccessGate>
    </>
  );
}

function PerformanceContent() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [tab, setTab] = useState<ReportTab>('efficiency');
  const { filters, setFilters, body } = usePerformanceFilters();
  const screen = usePerformanceScreenQuery();
  const summary = usePerformanceSummaryQuery(ungrouped(body));
  const reportBody = tab === 'personnel' ? ungrouped(body) : body;

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex justify="space-between" align="start" gap={12} wrap>
          <PerformanceFilters screen={screen.data} filters={filters} onChange={setFilters} showGrouping={tab !== 'personnel'} />
          <Button onClick={() => void navigate(`${PATHS.performance}/wall`)} data-testid="open-wall">
            {t('insight.wall.open')}
          </Button>
        </Flex>
        {screen.data && !screen.data.dataSpan && <Alert type="info" showIcon style={{ marginTop: 12 }} title={t('insight.performance.noDataYet')} />}
      </Card>
      {summary.error ? (
        <Alert type="error" showIcon role="alert" title={t('insight.performance.loadFailed')} description={errorText(summary.error)} />
      ) : (
        <SummaryCards summary={summary.data} loading={summary.isFetching && !summary.data} />
      )}
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as ReportTab)}
          tabBarExtraContent={<ReportExportButtons report={tab} body={reportBody} />}
          items={[
            { key: 'efficiency', label: t('insight.performance.tab.efficiency'), children: <Report name="efficiency"><EfficiencyView body={body} /></Report> },
            { key: 'quality', label: t('insight.performance.tab.quality'), children: <Report name="quality"><QualityView body={body} /></Report> },
            { key: 'workload', label: t('insight.performance.tab.workload'), children: <Report name="workload"><WorkloadView body={body} /></Report> },
            { key: 'personnel', label: t('insight.performance.tab.personnel'), children: <Report name="personnel"><PersonnelView body={ungrouped(body)} /></Report> },
          ]}
          destroyOnHidden
        />
      </Card>
    </Flex>
  );
}
