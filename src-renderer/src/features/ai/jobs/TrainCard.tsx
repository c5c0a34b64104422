import { useState } from 'react';
import { Alert, App, Button, Card, Form, Select, Slider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AI_TRAIN_MIN_ITEMS } from '../../../../../src-shared/api/ai';
import { useErrorText } from '../../../app/useErrorText';
import { useAiModelsQuery, useAiModelTypesQuery, useTrainModelMutation } from '../aiApi';

export const DEFAULT_TARGET_PRECISION = 0.8;

interface Values {
  modelId: number;
  targetPrecision: number;
}

/** Train a new version of a trainable box model on the project's reviewed items; the run is one of the jobs below. */
export function TrainCard({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const { data: models } = useAiModelsQuery(projectId);
  const { data: types } = useAiModelTypesQuery(projectId);
  const [train, { isLoading }] = useTrainModelMutation();

  const trainable = (models ?? []).filter((m) => m.tool === 'box' && m.trainable);
  const boxDefault = types?.find((x) => x.tool === 'box')?.defaultModelId;
  const preferred = trainable.find((m) => m.modelId === boxDefault) ?? trainable[0];

  const submit = async (v: Values) => {
    setFailure(null);
    try {
      const job = await train({ projectId, modelId: v.modelId, targetPrecision: v.targetPrecision }).unwrap();
      void message.success(t('aiTab.train.started', { id: job.jobId }));
    } catch (err) {
      setFailure(errorText(err));
    }
  };

  return (
    <Card size="small" title={t('aiTab.train.title')} data-testid="ai-train">
      <Typography.Paragraph type="secondary">{t('aiTab.train.explain', { min: AI_TRAIN_MIN_ITEMS })}</Typography.Paragraph>
      {models && trainable.length === 0 ? (
        <Typography.Text type="secondary">{t('aiTab.train.noTrainable')}</Typography.Text>
      ) : (
        // Keyed by the preferred model so the form takes it once the models have loaded.
        <Form<Values>
          key={preferred?.modelId ?? 'none'}
          layout="vertical"
          initialValues={{ modelId: preferred?.modelId, targetPrecision: DEFAULT_TARGET_PRECISION }}
          onFinish={(v) => void submit(v)}
          onValuesChange={() => setFailure(null)}
        >
          <Form.Item name="modelId" label={t('aiTab.train.model')} rules={[{ required: true, message: t('aiTab.train.modelRequired') }]}>
            <Select options={trainable.map((m) => ({ value: m.modelId, label: `${m.name} ${t('aiTab.models.version', { version: m.version })}` }))} />
          </Form.Item>
          <Form.Item name="targetPrecision" label={t('aiTab.train.targetPrecision')} extra={t('aiTab.train.targetPrecisionHint')}>
            <Slider min={0.5} max={0.99} step={0.01} tooltip={{ formatter: (v) => (v === undefined ? '' : `${Math.round(v * 100)}%`) }} marks={{ 0.5: '50%', 0.8: '80%', 0.99: '99%' }} />
          </Form.Item>
          {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 12 }} data-testid="ai-train-error" />}
          <Button type="primary" htmlType="submit" loading={isLoading}>
            {t('aiTab.train.start')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
