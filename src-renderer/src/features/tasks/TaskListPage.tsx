import { useState } from 'react';
import { Button, Flex, Progress, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { TaskSummary } from '../../../../src-shared/api/task';
import { projectPath } from '../../app/paths';
import { useProjectMay } from '../../app/projectPermission';
import { relativeTime } from '../../app/relativeTime';
import { EmptyHint } from '../../app/EmptyHint';
import { LoadFailure } from '../../app/LoadFailure';
import { CreateTaskDrawer } from './CreateTaskDrawer';
import { useProjectTaskListQuery } from './tasksApi';
import { WorkPackagesCard } from './packages/WorkPackagesCard';
import { PanelBoundary } from '../../app/resilience/PanelBoundary';

const PAGE_SIZE = 20;

/** The project's tasks with their progress; managers create tasks here, dispatchers see who holds which work package. */
export function TaskListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const projectId = Number(useParams().projectId);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const mayManage = useProjectMay(projectId, 'project.task.manage');
  const mayDispatch = useProjectMay(projectId, 'project.task.dispatch');
  const { data, error, isFetching, refetch } = useProjectTaskListQuery({ projectId, page, pageSize: PAGE_SIZE });
  const open = (taskId: number) => void navigate(projectPath(projectId, `tasks/${taskId}`));

  const columns: TableColumnsType<TaskSummary> = [
    { title: t('tasks.columns.name'), dataIndex: 'name', key: 'name', render: (name: string, task) => <Typography.Link onClick={() => open(task.id)}>{name}</Typography.Link> },
    { title: t('tasks.columns.status'), dataIndex: 'status', key: 'status', width: 110, render: (s: TaskSummary['status']) => <Tag color={s === 'open' ? 'green' : 'default'}>{t(`tasks.status.${s}`)}</Tag> },
    { title: t('tasks.columns.steps'), dataIndex: 'stepCount', key: 'steps', width: 80 },
    {
      title: t('tasks.columns.progress'),
      key: 'progress',
      width: 240,
      render: (_: unknown, task) => (
        <Progress percent={task.progress.total ? Math.floor((task.progress.done / task.progress.total) * 100) : 0} format={() => `${task.progress.done} / ${task.progress.total}`} size="small" />
      ),
    },
    { title: t('tasks.columns.rework'), key: 'rework', width: 100, render: (_: unknown, task) => task.progress.rework },
    { title: t('tasks.columns.updatedAt'), dataIndex: 'updatedAt', key: 'updatedAt', width: 130, render: (at: number) => relativeTime(at, t) },
  ];

  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 16 }}>
        {mayManage && (
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('tasks.newTask')}
          </Button>
        )}
      </Flex>
      {error && (
        <LoadFailure title={t('tasks.loadFailed')} error={error} onRetry={() => void refetch()} />
      )}
      <Table<TaskSummary>
        aria-label={t('tasks.tableLabel')}
        rowKey="id"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isFetching}
        onRow={(task) => ({ onDoubleClick: () => open(task.id) })}
        locale={{
          emptyText:
            data && !isFetching ? (
              <EmptyHint title={t('tasks.emptyTitle')} hint={t(mayManage ? 'tasks.emptyHint' : 'tasks.emptyHintReadOnly')} />
            ) : (
              ' '
            ),
        }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, showTotal: (total) => t('tasks.total', { count: total }), onChange: setPage }}
      />
      {mayDispatch && (
        <PanelBoundary where="tasks: work packages">
          <WorkPackagesCard projectId={projectId} />
        </PanelBoundary>
      )}
      <CreateTaskDrawer
        projectId={projectId}
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(taskId) => {
          setCreating(false);
          open(taskId);
        }}
      />
    </>
  );
}
