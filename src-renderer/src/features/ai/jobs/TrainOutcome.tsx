import { Descriptions, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AiJob, TrainOutcome as Outcome } from '../../../../../src-shared/api/ai';
import { useAiModelsQuery } from '../aiApi';
import { percent, useLabelNames } from '../format';

/** One sentence on whether a finished training run helped: better, not better, or not measured yet. */
export function TrainVerdict({ job }: { job: AiJob }) {
  const { t } = useTranslation();
  const outcome = job.train;
  if (job.state !== 'succeeded' || !outcome) return null;
  const verdict = outcome.improved === null ? 'pending' : outcome.improved ? 'better' : 'notBetter';
  return (
    <Tag color={{ pending: 'default', better: 'success', notBetter: 'warning' }[verdict]} data-testid={`ai-train-verdict-${job.jobId}`}>
      {t(`aiTab.outcome.verdict.${verdict}`)}
    </Tag>
  );
}

/** What a training run learned and how the new version did against the one it came from, on the held-out items. */
export function TrainOutcomeDetail({ projectId, job, outcome }: { projectId: number; job: AiJob; outcome: Outcome }) {
  const { t } = useTranslation();
  const labelName = useLabelNames(projectId);
  const { data: models } = useAiModelsQuery(projectId);
  const version = models?.find((m) => m.modelId === outcome.newModelId);
  const mapping = Object.entries(outcome.mapping);
  const rows = [
    { key: 'before', version: t('aiTab.outcome.before'), score: outcome.before },
    { key: 'after', version: t('aiTab.outcome.after'), score: outcome.after },
  ];
  // the outline labels (measured as pixels) among those the verdict compares
  const maskLabels = Math.max(outcome.before?.maskLabels ?? 0, outcome.after?.maskLabels ?? 0);
  const sentence =
    job.state !== 'succeeded'
      ? null
      : outcome.improved === null
        ? t('aiTab.outcome.sentence.pending')
        : outcome.improved
          ? t('aiTab.outcome.sentence.better')
          : t('aiTab.outcome.sentence.notBetter');
  return (
    <Flex vertical gap={8} data-testid={`ai-train-outcome-${job.jobId}`}>
      {sentence && <Typography.Text strong={outcome.improved === false}>{sentence}</Typography.Text>}
      <Descriptions size="small" column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label={t('aiTab.outcome.trainItems')}>{outcome.trainItems}</Descriptions.Item>
        <Descriptions.Item label={t('aiTab.outcome.holdoutItems')}>{outcome.holdoutItems}</Descriptions.Item>
        <Descriptions.Item label={t('aiTab.outcome.newVersion')}>{version ? `${version.name} ${t('aiTab.models.version', { version: version.version })}` : '–'}</Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary">{t('aiTab.outcome.mapping')}</Typography.Text>
      {mapping.length === 0 ? (
        <Typography.Text>{t('aiTab.outcome.noMapping')}</Typography.Text>
      ) : (
        <Flex gap={8} wrap>
          {mapping.map(([cls, label]) => (
            <Tag key={cls}>
              {cls} → {labelName(label)}
            </Tag>
          ))}
        </Flex>
      )}
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={rows}
        style={{ maxWidth: 560 }}
        columns={[
          { title: t('aiTab.outcome.version'), dataIndex: 'version', key: 'version' },
          { title: 'F1', key: 'f1', render: (_, r) => (r.score ? percent(r.score.f1) : t('aiTab.outcome.notMeasured')) },
          { title: 'AP@0.5', key: 'ap50', render: (_, r) => (r.score ? percent(r.score.ap50) : t('aiTab.outcome.notMeasured')) },
          { title: t('aiTab.outcome.items'), key: 'items', render: (_, r) => (r.score ? r.score.items : '–') },
        ]}
      />
      {maskLabels > 0 && (
        <Typography.Text type="secondary" data-testid={`ai-train-mask-labels-${job.jobId}`}>
          {t('aiTab.outcome.maskLabels', { count: maskLabels })}
        </Typography.Text>
      )}
    </Flex>
  );
}
