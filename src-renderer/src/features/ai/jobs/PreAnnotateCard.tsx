import { useState } from 'react';
import { Alert, App, Button, Card, Form, Select, Slider, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AI_OUTLINES_PER_PICTURE } from '../../../../../src-shared/api/ai';
import { useErrorText } from '../../../app/useErrorText';
import { useProjectOntologyQuery } from '../../ontology/ontologyApi';
import { useProjectTaskListQuery, useTaskBatchChoicesQuery } from '../../tasks/tasksApi';
import { useAiModelsQuery, useAiModelTypesQuery, useLazyAiClassMappingQuery, usePreAnnotateTaskMutation } from '../aiApi';
import { ClassMappingModal } from '../mapping/ClassMappingModal';
import { hasClassMapping } from '../models/ModelsPanel';

/** What a pre-annotation run can fill on its own: boxes, and skeletons of people (the others need a person's prompt). */
const BATCH_TOOLS = ['box', 'keypoints'] as const;
export const DEFAULT_MIN_SCORE = 0.3;

interface Values {
  taskId: number;
  batchId?: number;
  modelId?: number;
  minScore: number;
}

/** Pre-annotate a task (or one batch of it) with a model: a background job over the items nobody has started. */
export function PreAnnotateCard({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const { data: tasks, isFetching: tasksLoading } = useProjectTaskListQuery({ projectId, page: 1, pageSize: 500 });
  const { data: batches } = useTaskBatchChoicesQuery(projectId);
  const { data: models } = useAiModelsQuery(projectId);
  const { data: types } = useAiModelTypesQuery(projectId);
  const { data: ontology } = useProjectOntologyQuery(projectId);
  const [start, { isLoading }] = usePreAnnotateTaskMutation();
  const [readMapping, { isFetching: mappingLoading }] = useLazyAiClassMappingQuery();
  /** a run waiting for the person to confirm the guessed labels of its model's classes */
  const [confirming, setConfirming] = useState<{ values: Values; modelId: number; modelName: string } | null>(null);

  /** the project has labels a detector's boxes become outlines or masks for */
  const outlines = (ontology?.features ?? []).some((f) => (f.tool === 'mask' || f.tool === 'polygon') && (f.labels ?? []).length > 0);
  const boxDefault = models?.find((m) => m.modelId === types?.find((x) => x.tool === 'box')?.defaultModelId);
  const choices = (models ?? []).filter((m) => (BATCH_TOOLS as readonly string[]).includes(m.tool));

  /** The model a run will use: the one chosen, else the box default, else the built-in detector (as the server picks). */
  const modelFor = (v: Values) => models?.find((m) => m.modelId === v.modelId) ?? boxDefault ?? models?.find((m) => m.tool === 'box' && m.builtIn);

  /** A detector whose classes go to labels only by guesses nobody confirmed asks once, before its first run. */
  const submit = async (v: Values) => {
    setFailure(null);
    const model = modelFor(v);
    if (model && hasClassMapping(model)) {
      const mapping = await readMapping({ projectId, modelId: model.modelId }).unwrap().catch(() => null);
      if (mapping && mapping.unsure > 0) return setConfirming({ values: v, modelId: model.modelId, modelName: model.name });
    }
    await run(v);
  };

  const run = async (v: Values) => {
    try {
      const job = await start({
        projectId,
        taskId: v.taskId,
        ...(v.batchId ? { batchId: v.batchId } : {}),
        ...(v.modelId ? { modelId: v.modelId } : {}),
        minScore: v.minScore,
      }).unwrap();
      void message.success(t('aiTab.preAnnotate.started', { id: job.jobId, count: job.total }));
    } catch (err) {
      setFailure(errorText(err));
    }
  };

  return (
    <Card size="small" title={t('aiTab.preAnnotate.title')} data-testid="ai-pre-annotate">
      <Typography.Paragraph type="secondary">{t('aiTab.preAnnotate.explain')}</Typography.Paragraph>
      {outlines && (
        <Typography.Paragraph type="secondary" data-testid="ai-pre-annotate-outlines">
          {t('aiTab.preAnnotate.outlines', { max: AI_OUTLINES_PER_PICTURE })}
        </Typography.Paragraph>
      )}
      <Form<Values> form={form} layout="vertical" initialValues={{ minScore: DEFAULT_MIN_SCORE }} onFinish={(v) => void submit(v)} onValuesChange={() => setFailure(null)}>
        <Form.Item name="taskId" label={t('aiTab.preAnnotate.task')} rules={[{ required: true, message: t('aiTab.preAnnotate.taskRequired') }]}>
          <Select
            data-testid="ai-pre-annotate-task"
            showSearch={{ optionFilterProp: 'label' }}
            loading={tasksLoading}
            placeholder={t('aiTab.preAnnotate.taskPlaceholder')}
            options={(tasks?.list ?? []).map((task) => ({ value: task.id, label: task.name }))}
            notFoundContent={t('aiTab.preAnnotate.noTasks')}
          />
        </Form.Item>
        <Form.Item name="batchId" label={t('aiTab.preAnnotate.batch')}>
          <Select data-testid="ai-pre-annotate-batch" allowClear placeholder={t('aiTab.preAnnotate.anyBatch')} options={(batches?.list ?? []).map((b) => ({ value: b.id, label: b.name }))} />
        </Form.Item>
        <Form.Item name="modelId" label={t('aiTab.preAnnotate.model')}>
          <Select
            data-testid="ai-pre-annotate-model"
            allowClear
            placeholder={boxDefault ? t('aiTab.preAnnotate.defaultModel', { name: boxDefault.name, version: boxDefault.version }) : t('aiTab.preAnnotate.serverChooses')}
            options={choices.map((m) => ({
              value: m.modelId,
              disabled: m.state !== 'ready',
              label: `${m.name} ${t('aiTab.models.version', { version: m.version })} · ${t(`aiTab.tools.${m.tool}`)}${m.state === 'ready' ? '' : ` (${t(`aiTab.models.states.${m.state}`)})`}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="minScore" label={t('aiTab.preAnnotate.minScore')} extra={t('aiTab.preAnnotate.minScoreHint')}>
          <Slider min={0.05} max={0.95} step={0.05} tooltip={{ formatter: (v) => (v === undefined ? '' : v.toFixed(2)) }} marks={{ 0.05: '0.05', 0.3: '0.3', 0.5: '0.5', 0.95: '0.95' }} />
        </Form.Item>
        {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 12 }} data-testid="ai-pre-annotate-error" />}
        <Button type="primary" htmlType="submit" loading={isLoading || mappingLoading}>
          {t('aiTab.preAnnotate.start')}
        </Button>
      </Form>
      {confirming && (
        <ClassMappingModal
          projectId={projectId}
          modelId={confirming.modelId}
          modelName={confirming.modelName}
          mayManage
          confirm
          onDone={(saved) => {
            const values = confirming.values;
            setConfirming(null);
            if (saved) void run(values);
          }}
        />
      )}
    </Card>
  );
}
