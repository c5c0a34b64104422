import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Flex, Input, Modal, Segmented, Select, Skeleton, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AiClassMapEntry } from '../../../../../src-shared/api/aiClassMapping';
import { LoadFailure } from '../../../app/LoadFailure';
import { useErrorText } from '../../../app/useErrorText';
import { useProjectOntologyQuery } from '../../ontology/ontologyApi';
import { useAiClassMappingQuery, useSetAiClassMappingMutation } from '../aiApi';

/** The value of a label choice in the select: "featureId:labelId", or NONE to leave the class out. */
const NONE = 'none';
const keyOf = (t: AiClassMapEntry['target']) => (t ? `${t.featureId}:${t.labelId}` : NONE);
const targetOf = (key: string): AiClassMapEntry['target'] => {
  if (key === NONE) return null;
  const [featureId, labelId] = key.split(':');
  return { featureId: Number(featureId), labelId: labelId! };
};
type Filter = 'all' | 'used' | 'unsure' | 'none';
const HOW_COLOR: Record<NonNullable<AiClassMapEntry['how']>, string> = { person: 'blue', name: 'green', group: 'cyan', catchAll: 'orange' };

/**
 * How a detector's classes go to the project's labels (docs/ai-models.md, "Classes and labels"):
 * each class with its label, how it was found, and whether it is only a guess. Managers change
 * a class's label (or leave it out) and save; the choice is remembered for this project and model.
 * With `confirm` (a run about to start with guesses nobody confirmed), saving also confirms the
 * guesses as shown and `onDone(true)` lets the run go on.
 */
export function ClassMappingModal(p: { projectId: number; modelId: number; modelName: string; mayManage: boolean; confirm?: boolean; onDone: (saved: boolean) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const mapping = useAiClassMappingQuery({ projectId: p.projectId, modelId: p.modelId });
  const ontology = useProjectOntologyQuery(p.projectId);
  const [save, { isLoading }] = useSetAiClassMappingMutation();
  const [changes, setChanges] = useState(new Map<string, string>());
  const [filter, setFilter] = useState<Filter>(p.confirm ? 'unsure' : 'all');
  const [search, setSearch] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const labels = useMemo(
    () =>
      (ontology.data?.features ?? [])
        // a box, or the segmenter's outline or mask of it (docs/ai-models.md, "Pre-annotation with masks")
        .filter((f) => f.tool === 'box' || f.tool === 'polygon' || f.tool === 'mask')
        .flatMap((f) => (f.labels ?? []).map((l) => ({ value: `${f.featureId}:${l.id}`, name: l.name, color: l.color, feature: f.name }))),
    [ontology.data],
  );
  const rows = mapping.data?.classes ?? [];
  const shown = rows.filter((r) => {
    const chosen = changes.get(r.className) ?? keyOf(r.target);
    if (search && !r.className.toLowerCase().includes(search.trim().toLowerCase())) return false;
    if (filter === 'used') return chosen !== NONE && (r.sure || r.decided || changes.has(r.className));
    if (filter === 'unsure') return !r.decided && !r.sure && r.target !== null;
    if (filter === 'none') return chosen === NONE;
    return true;
  });

  const submit = async () => {
    setFailure(null);
    // Confirming a run's guesses stores them as shown; otherwise only what the person changed.
    const decided = rows
      .filter((r) => changes.has(r.className) || (p.confirm && !r.decided && !r.sure && r.target !== null))
      .map((r) => ({ className: r.className, target: targetOf(changes.get(r.className) ?? keyOf(r.target)) }));
    try {
      if (decided.length) await save({ projectId: p.projectId, modelId: p.modelId, classes: decided }).unwrap();
      setChanges(new Map());
      p.onDone(true);
    } catch (err) {
      setFailure(errorText(err));
    }
  };

  const columns: TableColumnsType<AiClassMapEntry> = [
    { title: t('aiTab.mapping.class'), key: 'class', render: (_, r) => <Typography.Text>{r.className}</Typography.Text> },
    {
      title: t('aiTab.mapping.label'),
      key: 'label',
      width: 260,
      render: (_, r) => (
        <Select
          size="small"
          style={{ width: '100%' }}
          aria-label={t('aiTab.mapping.labelOf', { name: r.className })}
          data-testid={`ai-map-${r.className}`}
          disabled={!p.mayManage}
          value={changes.get(r.className) ?? keyOf(r.target)}
          onChange={(v: string) => setChanges((m) => new Map(m).set(r.className, v))}
          options={[
            { value: NONE, label: t('aiTab.mapping.leaveOut') },
            ...labels.map((l) => ({
              value: l.value,
              label: (
                <span>
                  <Badge color={l.color} /> {l.name} <Typography.Text type="secondary">· {l.feature}</Typography.Text>
                </span>
              ),
            })),
          ]}
        />
      ),
    },
    {
      title: t('aiTab.mapping.how'),
      key: 'how',
      width: 170,
      render: (_, r) =>
        changes.has(r.className) ? (
          <Tag color="blue">{t('aiTab.mapping.hows.changed')}</Tag>
        ) : r.how ? (
          <Tag color={!r.sure ? 'orange' : HOW_COLOR[r.how]} data-testid={`ai-map-how-${r.className}`}>
            {t(`aiTab.mapping.hows.${r.how}`)}
            {!r.sure ? ` · ${t('aiTab.mapping.toConfirm')}` : ''}
          </Tag>
        ) : (
          <Typography.Text type="secondary">{t('aiTab.mapping.hows.none')}</Typography.Text>
        ),
    },
  ];

  const body = () => {
    if (mapping.error || ontology.error) return <LoadFailure title={t('aiTab.mapping.loadFailed')} error={mapping.error ?? ontology.error} onRetry={() => void mapping.refetch()} />;
    if (!mapping.data || !ontology.data) return <Skeleton active />;
    const counts = { all: rows.length, used: rows.filter((r) => r.target && (r.sure || r.decided)).length, unsure: mapping.data.unsure, none: rows.filter((r) => !r.target).length };
    return (
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t(p.confirm ? 'aiTab.mapping.confirmExplain' : 'aiTab.mapping.explain', { count: mapping.data.unsure })}
        </Typography.Paragraph>
        <Flex gap={8} wrap align="center">
          <Segmented<Filter>
            value={filter}
            onChange={setFilter}
            options={(['all', 'used', 'unsure', 'none'] as const).map((f) => ({ value: f, label: t(`aiTab.mapping.filters.${f}`, { count: counts[f] }) }))}
          />
          <Input.Search allowClear size="small" style={{ width: 180 }} placeholder={t('aiTab.mapping.search')} onChange={(e) => setSearch(e.target.value)} />
        </Flex>
        <Table<AiClassMapEntry> size="small" rowKey="className" columns={columns} dataSource={shown} pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }} data-testid="ai-class-mapping" />
        {failure && <Alert type="error" showIcon role="alert" title={failure} />}
      </Flex>
    );
  };

  return (
    <Modal
      open
      width={720}
      title={t(p.confirm ? 'aiTab.mapping.confirmTitle' : 'aiTab.mapping.title', { model: p.modelName })}
      onCancel={() => p.onDone(false)}
      destroyOnHidden
      footer={
        p.mayManage ? (
          <Flex justify="end" gap={8}>
            <Button onClick={() => p.onDone(false)}>{t('aiTab.mapping.cancel')}</Button>
            <Button type="primary" loading={isLoading} onClick={() => void submit()} data-testid="ai-mapping-save">
              {t(p.confirm ? 'aiTab.mapping.confirmAndStart' : 'aiTab.mapping.save')}
            </Button>
          </Flex>
        ) : (
          <Button onClick={() => p.onDone(false)}>{t('aiTab.mapping.close')}</Button>
        )
      }
    >
      {body()}
    </Modal>
  );
}
