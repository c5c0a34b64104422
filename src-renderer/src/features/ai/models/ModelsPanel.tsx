import { useState } from 'react';
import { App, Button, Card, Flex, Skeleton, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AiAllow, AiModel, AiTool } from '../../../../../src-shared/api/ai';
import { LoadFailure } from '../../../app/LoadFailure';
import { relativeTime } from '../../../app/relativeTime';
import { useErrorText } from '../../../app/useErrorText';
import { useAiModelsQuery, useAiModelTypesQuery, useSetDefaultModelMutation } from '../aiApi';
import { percent } from '../format';
import { ClassMappingModal } from '../mapping/ClassMappingModal';
import { BringSamModal } from './BringSamModal';

/** Whether a model's classes are mapped to labels here: an untrained detector (a trained version learned its own). */
export const hasClassMapping = (m: AiModel): boolean => m.tool === 'box' && modelSource(m) !== 'trained';

const STATE_COLOR: Record<AiModel['state'], string> = { ready: 'success', loading: 'processing', failed: 'error', unreachable: 'warning' };

/** Where a model comes from: shipped with the service, brought by the team, or trained in this project. */
export const modelSource = (m: AiModel): 'builtIn' | 'trained' | 'team' => (m.builtIn ? 'builtIn' : m.projectId !== null ? 'trained' : 'team');

/** The models of each tool AI helps with: state, last score, which is the default, and (managers) making one the default. */
export function ModelsPanel({ projectId, allow, onStatistics }: { projectId: number; allow: AiAllow; onStatistics: (modelId: number) => void }) {
  const { t } = useTranslation();
  const types = useAiModelTypesQuery(projectId);
  const models = useAiModelsQuery(projectId);
  const [bringingSam, setBringingSam] = useState(false);

  if (types.error || models.error) {
    return (
      <LoadFailure
        title={t('aiTab.models.loadFailed')}
        error={types.error ?? models.error}
        onRetry={() => {
          void types.refetch();
          void models.refetch();
        }}
      />
    );
  }
  if (!types.data || !models.data) return <Skeleton active />;
  return (
    <Flex vertical gap={16}>
      {types.data.map((type) => (
        <Card
          key={type.tool}
          size="small"
          data-testid={`ai-tool-${type.tool}`}
          title={`${t(`aiTab.tools.${type.tool}`)} · ${t(`aiTab.kinds.${type.kind}`)}`}
          extra={
            <Space size={12}>
              {type.features.length > 0 ? (
                <Typography.Text type="secondary">{t('aiTab.models.fills', { features: type.features.map((f) => f.name).join(', ') })}</Typography.Text>
              ) : (
                <Typography.Text type="warning">{t('aiTab.models.noFeature')}</Typography.Text>
              )}
              {/* a team's own SAM: the segmenter's card is where it goes */}
              {type.tool === 'polygon' && allow.mayRegister && (
                <Button size="small" onClick={() => setBringingSam(true)} data-testid="ai-bring-sam">
                  {t('aiTab.bringSam.open')}
                </Button>
              )}
            </Space>
          }
        >
          <ToolModels
            projectId={projectId}
            tool={type.tool}
            models={models.data!.filter((m) => m.tool === type.tool)}
            mayManage={allow.mayManage}
            onStatistics={onStatistics}
          />
        </Card>
      ))}
      {allow.mayRegister && <BringSamModal projectId={projectId} open={bringingSam} onClose={() => setBringingSam(false)} />}
    </Flex>
  );
}

function ToolModels(p: { projectId: number; tool: AiTool; models: AiModel[]; mayManage: boolean; onStatistics: (modelId: number) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [setDefault, { isLoading, originalArgs }] = useSetDefaultModelMutation();
  const [mapping, setMapping] = useState<AiModel | null>(null);

  const makeDefault = async (m: AiModel) => {
    try {
      await setDefault({ projectId: p.projectId, tool: p.tool, modelId: m.modelId }).unwrap();
      void message.success(t('aiTab.models.defaultMade', { name: m.name }));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const columns: TableColumnsType<AiModel> = [
    {
      title: t('aiTab.models.name'),
      key: 'name',
      render: (_, m) => (
        <Space size={4} wrap>
          <Tooltip title={m.description}>
            <Typography.Text strong>{m.name}</Typography.Text>
          </Tooltip>
          <Typography.Text type="secondary">{t('aiTab.models.version', { version: m.version })}</Typography.Text>
          <Tag color={{ builtIn: 'blue', team: 'purple', trained: 'cyan' }[modelSource(m)]}>{t(`aiTab.models.source.${modelSource(m)}`)}</Tag>
          {m.isDefault && (
            <Tag color="gold" data-testid={`ai-default-${m.modelId}`}>
              {t('aiTab.models.default')}
            </Tag>
          )}
        </Space>
      ),
    },
    {
      title: t('aiTab.models.state'),
      key: 'state',
      width: 200,
      render: (_, m) => (
        <Space orientation="vertical" size={0}>
          <Tag color={STATE_COLOR[m.state]} data-testid={`ai-model-state-${m.modelId}`}>
            {t(`aiTab.models.states.${m.state}`)}
          </Tag>
          {m.error && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {m.error}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('aiTab.models.score'),
      key: 'score',
      width: 260,
      render: (_, m) =>
        m.score ? (
          <Space orientation="vertical" size={0}>
            <Typography.Text>{t('aiTab.models.scoreLine', { f1: percent(m.score.f1), ap50: percent(m.score.ap50) })}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('aiTab.models.scoreItems', { count: m.score.items, when: relativeTime(m.score.evaluatedAt, t) })}
            </Typography.Text>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('aiTab.models.notMeasured')}</Typography.Text>
        ),
    },
    { title: t('aiTab.models.added'), key: 'added', width: 150, render: (_, m) => (m.builtIn ? '–' : `${relativeTime(m.createdAt, t)}${m.createdByName ? ` · ${m.createdByName}` : ''}`) },
    {
      title: t('aiTab.models.actions'),
      key: 'actions',
      width: 220,
      render: (_, m) => (
        <Space size={0} wrap>
          {p.mayManage && !m.isDefault && (
            <Button size="small" type="link" loading={isLoading && originalArgs?.modelId === m.modelId} onClick={() => void makeDefault(m)}>
              {t('aiTab.models.makeDefault')}
            </Button>
          )}
          {hasClassMapping(m) && (
            <Button size="small" type="link" onClick={() => setMapping(m)} data-testid={`ai-mapping-open-${m.modelId}`}>
              {t('aiTab.mapping.open')}
            </Button>
          )}
          {p.tool !== 'tracking' && (
            <Button size="small" type="link" onClick={() => p.onStatistics(m.modelId)}>
              {t('aiTab.models.statistics')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <Table<AiModel>
        size="small"
        rowKey="modelId"
        columns={columns}
        dataSource={p.models}
        pagination={false}
        aria-label={t('aiTab.models.tableLabel', { tool: t(`aiTab.tools.${p.tool}`) })}
        locale={{ emptyText: t('aiTab.models.empty') }}
      />
      {mapping && (
        <ClassMappingModal
          projectId={p.projectId}
          modelId={mapping.modelId}
          modelName={mapping.name}
          mayManage={p.mayManage}
          onDone={(saved) => {
            setMapping(null);
            if (saved) void message.success(t('aiTab.mapping.saved'));
          }}
        />
      )}
    </>
  );
}
