import { useMemo, useState } from 'react';
import { App, Button, Card, Flex, Segmented, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WorkPackageState, WorkPackageSummary } from '../../../../../src-shared/api/workPackage';
import { Figure, Timestamp } from '../../../app/figures/Figure';
import { NameCell } from '../../../app/figures/NameCell';
import { LoadFailure } from '../../../app/LoadFailure';
import { relativeTime } from '../../../app/relativeTime';
import { useErrorText } from '../../../app/useErrorText';
import { useProjectTaskListQuery } from '../tasksApi';
import { leaseEndText } from './leaseTime';
import { StepNameCell } from './StepNameCell';
import { useProjectPackagesLive } from './useProjectPackagesLive';
import { useProjectPackagesQuery, useTakeBackPackageMutation } from './workPackagesApi';

type Filter = 'all' | WorkPackageState;
const STATE_COLOURS: Record<WorkPackageState, string> = { open: 'blue', lapsed: 'orange', returned: 'default' };
/** The most tasks a project's list asks for at once (the API's page limit): their names and rooms. */
const TASKS_AT_ONCE = 500;

/**
 * "Who holds what" (docs/offline-day.md): the project's work packages that still lease items,
 * with their holder, step, lease and how far they are, and a take-back for each. Shown to those
 * who may dispatch; the server answers them everyone's packages.
 */
export function WorkPackagesCard({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const errorText = useErrorText();
  const [filter, setFilter] = useState<Filter>('all');
  const { data: packages, error, refetch, isFetching } = useProjectPackagesQuery(projectId);
  const { data: tasks } = useProjectTaskListQuery({ projectId, page: 1, pageSize: TASKS_AT_ONCE });
  const [takeBack] = useTakeBackPackageMutation();
  const taskIds = useMemo(() => (tasks?.list ?? []).map((task) => task.id), [tasks]);
  useProjectPackagesLive(projectId, taskIds);
  const taskName = (id: number) => tasks?.list.find((task) => task.id === id)?.name ?? '';
  const shown = (packages ?? []).filter((p) => filter === 'all' || p.state === filter);
  const now = Date.now();

  const confirmTakeBack = (p: WorkPackageSummary) => {
    const name = p.holderName;
    modal.confirm({
      title: t('tasks.packages.takeBackTitle', { count: p.itemCount, name }),
      content: p.startedCount > 0 ? t('tasks.packages.takeBackStarted', { count: p.startedCount, name }) : t('tasks.packages.takeBackNoneStarted'),
      okText: t('tasks.packages.takeBack'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const r = await takeBack({ projectId, packageId: p.packageId, taskId: p.taskId }).unwrap();
          void message.success(t('tasks.packages.takenBack', { count: r.returnedIds.length }));
        } catch (err) {
          void message.error(errorText(err));
        }
      },
    });
  };

  const columns: TableColumnsType<WorkPackageSummary> = [
    { title: t('tasks.packages.columns.holder'), key: 'holder', render: (_: unknown, p) => <NameCell name={p.holderName} maxWidth={170} /> },
    { title: t('tasks.packages.columns.task'), key: 'task', render: (_: unknown, p) => <NameCell name={taskName(p.taskId)} maxWidth={170} /> },
    { title: t('tasks.packages.columns.step'), key: 'step', render: (_: unknown, p) => <StepNameCell projectId={projectId} taskId={p.taskId} workflowId={p.workflowId} /> },
    {
      title: t('tasks.packages.columns.taken'),
      key: 'taken',
      render: (_: unknown, p) => (
        <Flex vertical>
          <Figure>{relativeTime(p.createdAt, t, now)}</Figure>
          <Typography.Text type="secondary"><Timestamp at={p.createdAt} /></Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('tasks.packages.columns.expires'),
      key: 'expires',
      render: (_: unknown, p) => (
        <Flex vertical>
          <Typography.Text type={p.expiresAt <= now ? 'warning' : undefined}><Figure>{leaseEndText(p.expiresAt, t, now)}</Figure></Typography.Text>
          <Typography.Text type="secondary"><Timestamp at={p.expiresAt} /></Typography.Text>
        </Flex>
      ),
    },
    { title: t('tasks.packages.columns.items'), dataIndex: 'itemCount', key: 'items' },
    { title: t('tasks.packages.columns.started'), dataIndex: 'startedCount', key: 'started' },
    {
      // The take-back sits under the state, as the dispatch history's does beside it: a column of
      // its own made the table wider than a 1280-pixel window in English.
      title: t('tasks.packages.columns.state'),
      key: 'state',
      render: (_: unknown, p) => (
        <Flex vertical gap={4} align="flex-start">
          <Tag color={STATE_COLOURS[p.state]}>{t(`tasks.packages.state.${p.state}`)}</Tag>
          {p.itemCount > 0 && (
            <Button size="small" danger onClick={() => confirmTakeBack(p)}>
              {t('tasks.packages.takeBack')}
            </Button>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <Card title={t('tasks.packages.title')} size="small" style={{ marginTop: 16 }} data-testid="work-packages">
      <Typography.Paragraph type="secondary">{t('tasks.packages.hint')}</Typography.Paragraph>
      <Segmented<Filter>
        aria-label={t('tasks.packages.filter')}
        value={filter}
        onChange={setFilter}
        options={(['all', 'open', 'lapsed', 'returned'] as const).map((value) => ({ value, label: value === 'all' ? t('tasks.packages.all') : t(`tasks.packages.state.${value}`) }))}
        style={{ marginBottom: 12 }}
      />
      {error && <LoadFailure title={t('tasks.packages.loadFailed')} error={error} onRetry={() => void refetch()} />}
      <Table<WorkPackageSummary>
        size="small"
        rowKey="packageId"
        aria-label={t('tasks.packages.title')}
        columns={columns}
        dataSource={shown}
        loading={isFetching && !packages}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: packages ? t('tasks.packages.empty') : ' ' }}
      />
    </Card>
  );
}
