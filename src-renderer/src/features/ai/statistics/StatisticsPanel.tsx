import { Card, Empty, Flex, Select, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AiModel } from '../../../../../src-shared/api/ai';
import type { ItemFigures, LabelFigures, ObjectFigures } from '../../../../../src-shared/ai/metrics';
import type { QueryError } from '../../../app/apiSlice';
import { LoadFailure } from '../../../app/LoadFailure';
import { useAiModelsQuery, useAiModelTypesQuery, useModelStatisticsQuery } from '../aiApi';
import { FeedbackCard, type Feedback } from './FeedbackCard';
import { ModelFigures } from './ModelFigures';

/** The AI group's "not measured yet" answer; it carries what annotators did with the model's suggestions so far. */
const NO_STATISTICS = 'error.ai.noStatistics';
const feedbackOfError = (error: unknown): Feedback | null => {
  const data = ((error as QueryError | undefined)?.body as { data?: { feedback?: Feedback } } | undefined)?.data;
  return data?.feedback ?? null;
};

const modelLabel = (m: AiModel, version: string) => `${m.name} ${version}`;

/** How good a model is against the project's reviewed items it never trained on, at each level, with its charts. */
export function StatisticsPanel({ projectId, modelId, onChoose }: { projectId: number; modelId: number | undefined; onChoose: (modelId: number) => void }) {
  const { t } = useTranslation();
  const { data: models, error: modelsError, refetch: refetchModels } = useAiModelsQuery(projectId);
  const { data: types } = useAiModelTypesQuery(projectId);
  // Statistics measure boxes, polygons and skeletons; following objects has none.
  const measurable = (models ?? []).filter((m) => m.tool !== 'tracking');
  const boxDefault = types?.find((x) => x.tool === 'box')?.defaultModelId;
  const chosen =
    measurable.find((m) => m.modelId === modelId) ??
    measurable.find((m) => m.modelId === boxDefault) ??
    measurable.find((m) => m.score !== null) ??
    measurable.find((m) => m.tool === 'box');

  if (modelsError) return <LoadFailure title={t('aiTab.models.loadFailed')} error={modelsError} onRetry={() => void refetchModels()} />;
  if (!models) return <Skeleton active />;
  return (
    <Flex vertical gap={16}>
      <Flex gap={12} align="center" wrap>
        <Typography.Text>{t('aiTab.stats.model')}</Typography.Text>
        <Select
          aria-label={t('aiTab.stats.model')}
          data-testid="ai-stats-model"
          style={{ minWidth: 320 }}
          value={chosen?.modelId}
          onChange={onChoose}
          placeholder={t('aiTab.stats.chooseModel')}
          options={measurable.map((m) => ({ value: m.modelId, label: `${modelLabel(m, t('aiTab.models.version', { version: m.version }))} · ${t(`aiTab.tools.${m.tool}`)}` }))}
        />
      </Flex>
      {chosen ? (
        <ModelStatistics key={chosen.modelId} projectId={projectId} model={chosen} models={models} />
      ) : (
        <Empty description={t('aiTab.stats.noModels')} />
      )}
    </Flex>
  );
}

function ModelStatistics({ projectId, model, models }: { projectId: number; model: AiModel; models: AiModel[] }) {
  const { t } = useTranslation();
  const args = { projectId, modelId: model.modelId };
  const object = useModelStatisticsQuery({ ...args, level: 'object' });
  const label = useModelStatisticsQuery({ ...args, level: 'label' });
  const item = useModelStatisticsQuery({ ...args, level: 'item' });

  const error = object.error ?? label.error ?? item.error;
  if (error && (error as QueryError).msgKey === NO_STATISTICS) {
    const feedback = feedbackOfError(error);
    return (
      <Flex vertical gap={16}>
        <Card size="small" data-testid="ai-stats-not-measured">
          <Empty description={<Typography.Text>{t('aiTab.stats.notMeasured')}</Typography.Text>} />
        </Card>
        {feedback && <FeedbackCard feedback={feedback} />}
      </Flex>
    );
  }
  if (error) {
    return (
      <LoadFailure
        title={t('aiTab.stats.loadFailed')}
        error={error}
        onRetry={() => {
          void object.refetch();
          void label.refetch();
          void item.refetch();
        }}
      />
    );
  }
  if (!object.data || !label.data || !item.data) return <Skeleton active />;
  const parent = object.data.parent ? models.find((m) => m.modelId === object.data!.parent!.modelId) : undefined;
  return (
    <Flex vertical gap={16} data-testid="ai-stats">
      <ModelFigures
        projectId={projectId}
        model={model}
        parentName={parent ? `${parent.name} ${t('aiTab.models.version', { version: parent.version })}` : t('aiTab.stats.parent')}
        evaluatedAt={object.data.evaluatedAt}
        items={object.data.items}
        object={object.data.figures as ObjectFigures}
        parentObject={(object.data.parent?.figures as ObjectFigures | undefined) ?? null}
        labels={label.data.figures as LabelFigures[]}
        itemFigures={item.data.figures as ItemFigures}
        curve={object.data.curve}
      />
      <FeedbackCard feedback={object.data.feedback} />
    </Flex>
  );
}
