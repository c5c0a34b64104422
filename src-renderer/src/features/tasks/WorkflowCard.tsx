import { App, Button, Card, Flex, List, Popconfirm, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TaskDetail } from '../../../../src-shared/api/task';
import { useErrorText } from '../../app/useErrorText';
import { useAddStepMutation, useAssignStepMutation, useRemoveStepMutation, useTaskMemberChoicesQuery } from './tasksApi';
import { stepName } from '../../app/stepName';

/** The task's steps in order: members of each changed in place, steps added at the end or removed while empty. */
export function WorkflowCard({ task, mayManage }: { task: TaskDetail; mayManage: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { data: members } = useTaskMemberChoicesQuery(task.projectId);
  const [assign] = useAssignStepMutation();
  const [addStep, { isLoading: adding }] = useAddStepMutation();
  const [removeStep] = useRemoveStepMutation();
  const choices = (members?.list ?? []).map((m) => ({ value: m.userId, label: m.name || m.mobile }));
  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      void message.success(done);
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Card
      title={t('tasks.detail.steps')}
      size="small"
      extra={
        mayManage && (
          <Space>
            {(['annotate', 'review'] as const).map((type) => (
              <Button key={type} size="small" loading={adding} onClick={() => void run(() => addStep({ projectId: task.projectId, taskId: task.id, type, memberIds: [] }).unwrap(), t('tasks.step.added'))}>
                {t(type === 'annotate' ? 'tasks.step.addAnnotate' : 'tasks.step.addReview')}
              </Button>
            ))}
          </Space>
        )
      }
    >
      <List
        dataSource={task.steps}
        rowKey="workflowId"
        renderItem={(step) => (
          <List.Item data-testid={`workflow-step-${step.stepIndex}`}>
            <Flex gap={12} align="center" style={{ width: '100%' }} wrap>
              <Typography.Text strong>{t('tasks.step.position', { n: step.stepIndex + 1 })}</Typography.Text>
              <Tag color={step.type === 'annotate' ? 'blue' : 'purple'}>{t(`tasks.step.${step.type}`)}</Tag>
              <Typography.Text>{stepName(t, step)}</Typography.Text>
              <Select
                mode="multiple"
                aria-label={t('tasks.step.members')}
                placeholder={t('tasks.step.membersPlaceholder')}
                disabled={!mayManage}
                style={{ flex: 1, minWidth: 240 }}
                value={step.memberIds}
                optionFilterProp="label"
                options={choices}
                onChange={(memberIds: number[]) =>
                  void run(() => assign({ projectId: task.projectId, taskId: task.id, workflowId: step.workflowId, memberIds }).unwrap(), t('tasks.step.membersSaved'))
                }
              />
              {mayManage && step.stepIndex > 0 && (
                <Popconfirm
                  title={t('tasks.step.removeConfirm')}
                  onConfirm={() => void run(() => removeStep({ projectId: task.projectId, taskId: task.id, workflowId: step.workflowId }).unwrap(), t('tasks.step.removed'))}
                >
                  <Button danger type="text" size="small">
                    {t('tasks.step.remove')}
                  </Button>
                </Popconfirm>
              )}
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}
