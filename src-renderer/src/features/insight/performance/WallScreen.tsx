import { useRef, useState } from 'react';
import { Button, Col, Flex, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths';
import { AccessGate } from '../shared/AccessGate';
import { useTeamMay } from '../shared/permissionApi';
import { Chart } from './charts/Chart';
import { categoryChart } from './charts/chartOptions';
import { daysEndingOn, valuesPerDay } from './charts/daySeries';
import { formatRate } from './figures';
import { usePerformanceEfficiencyQuery, usePerformanceScreenQuery, usePerformanceSummaryQuery, usePerformanceWorkloadQuery } from './performanceApi';

/** A wall display refreshes itself; once a minute is live enough for work counted in subjects. */
const REFRESH_MS = 60_000;
const TREND_DAYS = 14;
const TOP_PEOPLE = 10;
const DARK = { background: '#0b1220', color: '#e6edf7' };

/** Report days are UTC days; the wall's "today" is the UTC day now. */
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The wall view for a TV in the work room: today's totals in large type, the last two weeks'
 * output and today's most productive people, refreshed every minute, optionally for some projects.
 */
export function WallScreen() {
  const { t } = useTranslation();
  const { may, error } = useTeamMay('team.performance.read');
  return (
    <AccessGate may={may} error={error} deniedText={t('insight.performance.denied')}>
      <WallContent />
    </AccessGate>
  );
}

function WallContent() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const root = useRef<HTMLDivElement>(null);
  const [projectIds, setProjectIds] = useState<number[]>([]);
  const now = new Date();
  const today = utcDay(now);
  // Every day of the two weeks is a point, those without work at zero.
  const trendDays = daysEndingOn(today, TREND_DAYS);
  const since = trendDays[0] ?? today;
  const scope = projectIds.length ? { projectIds } : {};
  const poll = { pollingInterval: REFRESH_MS, skipPollingIfUnfocused: false };
  const screen = usePerformanceScreenQuery();
  const summary = usePerformanceSummaryQuery({ from: today, to: today, ...scope }, poll);
  const trend = usePerformanceWorkloadQuery({ from: since, to: today, groupBy: 'day', ...scope }, poll);
  const people = usePerformanceEfficiencyQuery({ from: today, to: today, groupBy: 'person', ...scope }, poll);
  const s = summary.data;
  const top = [...(people.data?.rows ?? [])].sort((a, b) => b.subjects - a.subjects).slice(0, TOP_PEOPLE);
  const trendRows = trend.data?.rows ?? [];
  const trendChart = categoryChart(
    trendDays.map((d) => d.slice(5)),
    [
      { name: t('insight.performance.figure.submitted'), values: valuesPerDay(trendDays, trendRows, (r) => r.submitted), type: 'line' },
      { name: t('insight.performance.figure.reviewed'), values: valuesPerDay(trendDays, trendRows, (r) => r.reviewed), type: 'line' },
    ],
    { big: true },
  );

  const figures = [
    { key: 'submitted', value: s?.submitted },
    { key: 'reviewed', value: s?.reviewed },
    { key: 'firstPassRate', value: s ? formatRate(s.firstPassRate, i18n.language) : undefined },
    { key: 'people', value: s?.people },
  ];

  return (
    <div ref={root} style={{ ...DARK, padding: 24, borderRadius: 8, minHeight: 'calc(100vh - 160px)' }} data-testid="wall-screen">
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ color: DARK.color, margin: 0, fontSize: 32 }}>
          {t('insight.wall.title', { day: today })}
        </Typography.Title>
        <Flex gap={8}>
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 220 }}
            placeholder={t('insight.performance.allProjects')}
            optionFilterProp="label"
            value={projectIds}
            onChange={setProjectIds}
            options={(screen.data?.projects ?? []).map((p) => ({ value: p.projectId, label: p.name }))}
            aria-label={t('insight.performance.projects')}
          />
          <Button onClick={() => void root.current?.requestFullscreen()}>{t('insight.wall.fullscreen')}</Button>
          <Button onClick={() => void navigate(PATHS.performance)}>{t('insight.wall.exit')}</Button>
        </Flex>
      </Flex>
      <Row gutter={[24, 24]}>
        {figures.map((f) => (
          <Col key={f.key} span={6}>
            <div style={{ background: '#16213a', borderRadius: 8, padding: '16px 24px' }}>
              <div style={{ fontSize: 20, opacity: 0.8 }}>{t(`insight.wall.figure.${f.key}`)}</div>
              <div style={{ fontSize: 64, fontWeight: 700, lineHeight: 1.2 }} data-testid={`wall-${f.key}`}>
                {f.value ?? '–'}
              </div>
            </div>
          </Col>
        ))}
        <Col span={14}>
          <Typography.Title level={2} style={{ color: DARK.color, fontSize: 22 }}>
            {t('insight.wall.trend', { count: TREND_DAYS })}
          </Typography.Title>
          {/* data-days: the days the chart plots, one point each */}
          <div data-testid="wall-trend" data-days={trendDays.join(' ')}>
            <Chart dark height={320} label={t('insight.wall.trend', { count: TREND_DAYS })} option={trendChart} />
          </div>
        </Col>
        <Col span={10}>
          <Typography.Title level={2} style={{ color: DARK.color, fontSize: 22 }}>
            {t('insight.wall.topPeople')}
          </Typography.Title>
          {top.length === 0 ? (
            <Typography.Paragraph style={{ color: DARK.color, fontSize: 20, opacity: 0.7 }}>{t('insight.wall.nobodyYet')}</Typography.Paragraph>
          ) : (
            <ol style={{ fontSize: 22, lineHeight: 1.7, margin: 0, paddingInlineStart: 28 }}>
              {top.map((r) => (
                <li key={`${r.key.id ?? 'none'}-${r.key.name}`}>
                  <Flex justify="space-between">
                    <span>{r.key.name}</span>
                    <strong>{r.subjects}</strong>
                  </Flex>
                </li>
              ))}
            </ol>
          )}
        </Col>
      </Row>
    </div>
  );
}
