import { useState } from 'react';
import { App, Button, Card, Empty, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { mediaIncluded, type ExportPlan, type ExportTemplate } from '../../../../../src-shared/api/export';
import { useErrorText } from '../../../app/useErrorText';
import { useStartExportMutation } from './exportApi';
import { PlanEditor } from './PlanEditor';
import { filterCount } from './planForm';
import { Timestamp } from '../../../app/figures/Figure';

/** The project's saved export plans: create, edit, and run one. */
export function PlanList({ projectId, template }: { projectId: number; template: ExportTemplate }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [editing, setEditing] = useState<ExportPlan | 'new' | null>(null);
  const [start, { isLoading: starting, originalArgs }] = useStartExportMutation();

  const run = async (plan: ExportPlan) => {
    try {
      await start({ projectId, planId: plan.id }).unwrap();
      void message.success(t('insight.exports.started', { name: plan.name }));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const columns: TableColumnsType<ExportPlan> = [
    { title: t('insight.exports.planName'), dataIndex: 'name', key: 'name' },
    { title: t('insight.exports.format'), dataIndex: 'format', key: 'format', render: (f: ExportPlan['format']) => <Tag>{t(`insight.exports.formatName.${f}`)}</Tag> },
    {
      title: t('insight.exports.filters'),
      key: 'filters',
      render: (_, p) => (
        <Typography.Text type="secondary">
          {filterCount(p.filters) === 0 ? t('insight.exports.noFilters') : t('insight.exports.filterCount', { count: filterCount(p.filters) })}
          {mediaIncluded(p.format, p.options) ? ` · ${t('insight.exports.withMedia')}` : ''}
        </Typography.Text>
      ),
    },
    { title: t('insight.exports.updatedAt'), dataIndex: 'updatedAt', key: 'updatedAt', render: (at: number) => <Timestamp at={at} /> },
    {
      title: t('insight.common.actions'),
      key: 'actions',
      render: (_, p) => (
        <Flex gap={8}>
          <Button size="small" onClick={() => setEditing(p)} aria-label={t('insight.exports.editPlan', { name: p.name })}>
            {t('insight.common.edit')}
          </Button>
          <Button
            size="small"
            type="primary"
            loading={starting && originalArgs?.planId === p.id}
            onClick={() => void run(p)}
            aria-label={t('insight.exports.runPlan', { name: p.name })}
            data-testid={`run-plan-${p.name}`}
          >
            {t('insight.exports.run')}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <Card
      title={t('insight.exports.plansTitle')}
      extra={
        <Button type="primary" onClick={() => setEditing('new')} data-testid="new-plan">
          {t('insight.exports.newPlan')}
        </Button>
      }
    >
      <Table<ExportPlan>
        rowKey="id"
        size="small"
        aria-label={t('insight.exports.plansTitle')}
        columns={columns}
        dataSource={template.plans}
        pagination={false}
        locale={{ emptyText: <Empty description={t('insight.exports.plansEmpty')} /> }}
      />
      {editing && <PlanEditor projectId={projectId} template={template} plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
