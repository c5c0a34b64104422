import { useState } from 'react';
import { Alert, App, Button, Flex, Input, Modal, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { room } from '../../../../src-shared/api/realtime';
import { api } from '../../app/apiSlice';
import { useAppDispatch } from '../../app/hooks';
import { projectPath } from '../../app/paths';
import { useProjectMay } from '../../app/projectPermission';
import { useErrorText } from '../../app/useErrorText';
import { useRoomEvents } from '../../app/useRoomEvents';
import { DispatchCard } from './DispatchCard';
import { TaskOverviewCard } from './TaskOverviewCard';
import { useCloneTaskMutation, useRemoveTaskMutation, useTaskDetailQuery, useTaskOverviewQuery, useUpdateTaskMutation } from './tasksApi';
import { WorkflowCard } from './WorkflowCard';
import { lengthLimit } from '../../app/lengthLimit';

/** One task: where its items are, its workflow, dispatches, and the task's own actions. */
export function TaskDetailPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const params = useParams();
  const projectId = Number(params.projectId);
  const taskId = Number(params.taskId);
  const inTask = { projectId, taskId };
  const { data: task, error, refetch } = useTaskDetailQuery(inTask);
  const { data: overview } = useTaskOverviewQuery(inTask);
  const [updateTask, { isLoading: updating }] = useUpdateTaskMutation();
  const [removeTask] = useRemoveTaskMutation();
  const [cloneTask, { isLoading: cloning }] = useCloneTaskMutation();
  const [cloneName, setCloneName] = useState<string | null>(null);
  const mayManage = useProjectMay(projectId, 'project.task.manage');
  const mayDispatch = useProjectMay(projectId, 'project.task.dispatch');

  // Items moving (claims, submits, dispatches) keep the counts live.
  const refresh = () => dispatch(api.util.invalidateTags([{ type: 'TaskSubject', id: `task-${taskId}` }, { type: 'Task', id: taskId }]));
  useRoomEvents(Number.isInteger(taskId) ? room('task', taskId) : null, () => refresh(), refresh);

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      void message.success(done);
      return true;
    } catch (err) {
      void message.error(errorText(err));
      return false;
    }
  };

  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('tasks.detail.notFound')}
        description={errorText(error)}
        action={
          <Space>
            <Button onClick={() => void refetch()}>{t('common.retry')}</Button>
            <Button onClick={() => void navigate(projectPath(projectId, 'tasks'))}>{t('tasks.detail.back')}</Button>
          </Space>
        }
      />
    );
  }
  if (!task) return <Skeleton active />;

  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={12} wrap>
        <Button type="link" style={{ paddingInline: 0 }} onClick={() => void navigate(projectPath(projectId, 'tasks'))}>
          ← {t('tasks.detail.back')}
        </Button>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 20, flex: 1 }} data-testid="task-title">
          {task.name} <Tag color={task.status === 'open' ? 'green' : 'default'}>{t(`tasks.status.${task.status}`)}</Tag>
        </Typography.Title>
        {mayManage && (
          <Space>
            <Button
              loading={updating}
              onClick={() =>
                void run(
                  () => updateTask({ projectId, taskId, status: task.status === 'open' ? 'closed' : 'open' }).unwrap(),
                  t(task.status === 'open' ? 'tasks.detail.closed' : 'tasks.detail.reopened'),
                )
              }
            >
              {t(task.status === 'open' ? 'tasks.detail.close' : 'tasks.detail.reopen')}
            </Button>
            <Button onClick={() => setCloneName(`${task.name} (2)`.slice(0, 128))}>{t('tasks.detail.clone')}</Button>
            <Popconfirm
              title={t('tasks.detail.removeConfirm', { name: task.name })}
              onConfirm={async () => {
                if (await run(() => removeTask(inTask).unwrap(), t('tasks.detail.removed'))) void navigate(projectPath(projectId, 'tasks'));
              }}
            >
              <Button danger>{t('tasks.detail.remove')}</Button>
            </Popconfirm>
          </Space>
        )}
      </Flex>
      {task.description && <Typography.Paragraph type="secondary">{task.description}</Typography.Paragraph>}
      {overview && <TaskOverviewCard overview={overview} />}
      <WorkflowCard task={task} mayManage={mayManage} />
      {mayDispatch && <DispatchCard task={task} />}
      <Modal
        title={t('tasks.detail.clone')}
        open={cloneName !== null}
        confirmLoading={cloning}
        onCancel={() => setCloneName(null)}
        okButtonProps={{ disabled: !cloneName?.trim() }}
        onOk={async () => {
          try {
            const copy = await cloneTask({ ...inTask, name: cloneName!.trim() }).unwrap();
            void message.success(t('tasks.detail.cloned'));
            setCloneName(null);
            void navigate(projectPath(projectId, `tasks/${copy.id}`));
          } catch (err) {
            void message.error(errorText(err));
          }
        }}
      >
        <Input aria-label={t('tasks.detail.cloneName')} {...lengthLimit(128)} value={cloneName ?? ''} onChange={(e) => setCloneName(e.target.value)} />
      </Modal>
    </Flex>
  );
}
