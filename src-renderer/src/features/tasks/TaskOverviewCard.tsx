import { Card, Progress, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StepCounts, TaskOverview } from '../../../../src-shared/api/task';
import { stepName } from '../../app/stepName';

const STATES = ['pending', 'claimed', 'inProgress', 'skipped', 'done'] as const;

/** Where the task's items are: per step and state, and what each member holds. */
export function TaskOverviewCard({ overview }: { overview: TaskOverview }) {
  const { t } = useTranslation();
  const { done, total } = overview.progress;
  return (
    <Card title={t('tasks.detail.overview')} size="small">
      <Progress percent={total ? Math.floor((done / total) * 100) : 0} format={() => t('tasks.overview.progress', { done, total })} />
      <Table<StepCounts>
        size="small"
        rowKey="workflowId"
        pagination={false}
        dataSource={overview.steps}
        style={{ marginTop: 12 }}
        columns={[
          { title: t('tasks.overview.step'), key: 'step', render: (_: unknown, s) => (
            <>
              <Tag color={s.type === 'annotate' ? 'blue' : 'purple'}>{t(`tasks.step.${s.type}`)}</Tag> {stepName(t, s)}
            </>
          ),
        },
          ...STATES.map((state) => ({ title: t(`tasks.overview.${state}`), key: state, render: (_: unknown, s: StepCounts) => s.states[state] })),
          { title: t('tasks.overview.rework'), dataIndex: 'rework', key: 'rework' },
        ]}
      />
      {overview.members.length > 0 && (
        <div data-testid="task-holders">
          <Table
            size="small"
            rowKey="userId"
            pagination={false}
            dataSource={overview.members}
            style={{ marginTop: 12 }}
            title={() => t('tasks.overview.holders')}
            columns={[
              { title: t('tasks.overview.holder'), dataIndex: 'name', key: 'name' },
              { title: t('tasks.overview.claimed'), dataIndex: 'claimed', key: 'claimed' },
              { title: t('tasks.overview.inProgress'), dataIndex: 'inProgress', key: 'inProgress' },
              { title: t('tasks.overview.skipped'), dataIndex: 'skipped', key: 'skipped' },
            ]}
          />
        </div>
      )}
    </Card>
  );
}
