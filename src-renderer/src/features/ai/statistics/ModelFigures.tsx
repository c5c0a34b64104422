import { useMemo } from 'react';
import { Card, Col, Descriptions, Flex, Row, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AiModel } from '../../../../../src-shared/api/ai';
import type { ItemFigures, LabelFigures, ObjectFigures } from '../../../../../src-shared/ai/metrics';
import { relativeTime } from '../../../app/relativeTime';
import { Chart } from '../../insight/performance/charts/Chart';
import { categoryChart } from '../../insight/performance/charts/chartOptions';
import { chartPercent, percent, useLabelNames } from '../format';
import { prCurveOption, type CurvePoint } from './chartOptions';

const METRICS = ['precision', 'recall', 'f1', 'ap50', 'ap5095'] as const;
type Metric = (typeof METRICS)[number];

interface Props {
  projectId: number;
  model: AiModel;
  parentName: string;
  evaluatedAt: number;
  items: number;
  object: ObjectFigures;
  parentObject: ObjectFigures | null;
  labels: LabelFigures[];
  itemFigures: ItemFigures;
  curve: CurvePoint[];
}

/** A model's figures: the headline cards, the PR curve, against its parent, per label and per item. */
export function ModelFigures(p: Props) {
  const { t } = useTranslation();
  const labelName = useLabelNames(p.projectId);
  const metricName = (m: Metric) => t(`aiTab.stats.metrics.${m}`);
  const version = t('aiTab.models.version', { version: p.model.version });
  const outlines = p.labels.filter((l) => l.measure === 'mask').length;

  const curveOption = useMemo(
    () => prCurveOption(p.curve, { recall: metricName('recall'), precision: metricName('precision'), score: t('aiTab.stats.score'), series: version }),
    [p.curve, t, version],
  );
  const parentOption = useMemo(
    () =>
      p.parentObject
        ? categoryChart(
            METRICS.map(metricName),
            [
              { name: p.parentName, values: METRICS.map((m) => chartPercent(p.parentObject![m])) },
              { name: `${p.model.name} ${version}`, values: METRICS.map((m) => chartPercent(p.object[m])) },
            ],
            { percent: true },
          )
        : null,
    [p.parentObject, p.object, p.parentName, p.model.name, version, t],
  );

  return (
    <>
      <Typography.Text type="secondary" data-testid="ai-stats-measured">
        {t('aiTab.stats.measuredOn', { count: p.items, when: relativeTime(p.evaluatedAt, t) })}
      </Typography.Text>
      <Row gutter={[16, 16]}>
        {METRICS.map((m) => (
          <Col key={m} xs={12} md={8} xl={4}>
            <Card size="small" data-testid={`ai-stat-${m}`}>
              <Statistic title={metricName(m)} value={percent(p.object[m])} />
              {p.parentObject && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('aiTab.stats.parentWas', { name: p.parentName, value: percent(p.parentObject[m]) })}
                </Typography.Text>
              )}
            </Card>
          </Col>
        ))}
        <Col xs={12} md={8} xl={4}>
          <Card size="small">
            <Statistic title={t('aiTab.stats.counts')} value={`${p.object.tp} / ${p.object.fp} / ${p.object.fn}`} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('aiTab.stats.countsHint', { gt: p.object.gtCount, pred: p.object.predCount })}
            </Typography.Text>
          </Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={parentOption ? 12 : 24}>
          <Card size="small" title={t('aiTab.stats.prCurve')} data-testid="ai-pr-curve">
            {p.curve.length === 0 ? <Typography.Text type="secondary">{t('aiTab.stats.noCurve')}</Typography.Text> : <Chart option={curveOption} label={t('aiTab.stats.prCurve')} />}
          </Card>
        </Col>
        {parentOption && (
          <Col xs={24} xl={12}>
            <Card size="small" title={t('aiTab.stats.againstParent', { name: p.parentName })} data-testid="ai-parent-chart">
              <Chart option={parentOption} label={t('aiTab.stats.againstParent', { name: p.parentName })} />
            </Card>
          </Col>
        )}
      </Row>
      <Card size="small" title={t('aiTab.stats.perLabel')} data-testid="ai-stats-labels">
        <Table<LabelFigures>
          size="small"
          rowKey="label"
          pagination={false}
          aria-label={t('aiTab.stats.perLabel')}
          dataSource={p.labels}
          locale={{ emptyText: t('aiTab.stats.noLabels') }}
          columns={[
            {
              title: t('aiTab.stats.label'),
              dataIndex: 'label',
              key: 'label',
              render: (key: string, r: LabelFigures) =>
                r.measure === 'mask' ? (
                  <Flex gap={8} align="center" wrap>
                    {labelName(key)}
                    <Tooltip title={t('aiTab.stats.maskApHint')}>
                      <Tag color="purple" data-testid={`ai-stats-mask-ap-${key}`}>
                        {t('aiTab.stats.maskAp')}
                      </Tag>
                    </Tooltip>
                  </Flex>
                ) : (
                  labelName(key)
                ),
            },
            ...METRICS.map((m) => ({ title: metricName(m), key: m, render: (_: unknown, r: LabelFigures) => percent(r[m]) })),
            { title: t('aiTab.stats.gtCount'), dataIndex: 'gtCount', key: 'gt' },
            { title: t('aiTab.stats.predCount'), dataIndex: 'predCount', key: 'pred' },
          ]}
        />
        {outlines > 0 && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }} data-testid="ai-stats-mask-note">
            {t('aiTab.stats.maskNote', { count: outlines })}
          </Typography.Paragraph>
        )}
      </Card>
      <Card size="small" title={t('aiTab.stats.items')} data-testid="ai-stats-items">
        <Descriptions size="small" column={{ xs: 1, md: 3, xl: 5 }}>
          <Descriptions.Item label={t('aiTab.stats.itemCount')}>{p.itemFigures.itemCount}</Descriptions.Item>
          <Descriptions.Item label={t('aiTab.stats.itemsExact')}>{p.itemFigures.itemsExact}</Descriptions.Item>
          <Descriptions.Item label={t('aiTab.stats.itemAccuracy')}>{percent(p.itemFigures.itemAccuracy)}</Descriptions.Item>
          <Descriptions.Item label={t('aiTab.stats.itemMeanPrecision')}>{percent(p.itemFigures.itemMeanPrecision)}</Descriptions.Item>
          <Descriptions.Item label={t('aiTab.stats.itemMeanRecall')}>{percent(p.itemFigures.itemMeanRecall)}</Descriptions.Item>
        </Descriptions>
      </Card>
    </>
  );
}
