import { Button, Card, Flex, List, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { stepName } from '../../app/stepName';
import { useNavigate } from 'react-router';
import type { TaskWork, WorkStep } from '../../../../src-shared/api/task';
import { useRejectReasonsQuery } from '../project/api/projectSettingsApi';
import { rejectionText } from './rejectionText';
import { workspacePath } from './paths';
import { useReworkOfQuery } from './workApi';
import { TakePackageButton } from './packages/TakePackageButton';

/** One of the caller's steps in a task: its queue, what they hold, and the way in. */
function StepRow({ task, step }: { task: TaskWork; step: WorkStep }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const startable = step.pending + step.held > 0;
  const start = () => void navigate(workspacePath({ projectId: task.projectId, taskId: task.taskId, workflowId: step.workflowId }));
  const label = step.type === 'annotate' ? t('work.startAnnotate') : t('work.startReview');
  return (
    <Flex align="center" gap={12} wrap data-testid={`work-step-${step.workflowId}`}>
      <Tag color={step.type === 'annotate' ? 'blue' : 'purple'}>{t(`work.stepType.${step.type}`)}</Tag>
      <Typography.Text strong style={{ minWidth: 140 }}>
        {stepName(t, step)}
      </Typography.Text>
      <Space size={16} wrap style={{ flex: 1 }}>
        <span>
          {t('work.counts.pending')} <Typography.Text strong data-testid="step-pending">{step.pending}</Typography.Text>
        </span>
        <span>
          {t('work.counts.held')} <Typography.Text strong data-testid="step-held">{step.held}</Typography.Text>
        </span>
        {step.rework > 0 && (
          <span>
            {t('work.counts.rework')} <Typography.Text strong type="danger" data-testid="step-rework">{step.rework}</Typography.Text>
          </span>
        )}
        {step.skipped > 0 && (
          <span>
            {t('work.counts.skipped')} <Typography.Text strong>{step.skipped}</Typography.Text>
          </span>
        )}
      </Space>
      <Tooltip title={startable ? undefined : t('work.nothingWaiting')}>
        <Space>
          <TakePackageButton task={task} step={step} label={`${t('workPackages.take')}: ${task.name} / ${stepName(t, step)}`} />
          <Button type="primary" disabled={!startable} onClick={start} aria-label={`${label}: ${task.name} / ${stepName(t, step)}`}>
            {label}
          </Button>
        </Space>
      </Tooltip>
    </Flex>
  );
}

/** The items of a task that a reviewer sent back to the caller, with why, each one click from the workspace. */
function ReworkList({ task, userId }: { task: TaskWork; userId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useReworkOfQuery({ projectId: task.projectId, taskId: task.taskId, holderId: userId });
  const { data: reasons } = useRejectReasonsQuery(task.projectId);
  if (!data || data.list.length === 0) return null;
  return (
    <List
      size="small"
      header={<Typography.Text strong>{t('work.reworkTitle', { count: data.total })}</Typography.Text>}
      dataSource={data.list}
      data-testid="rework-list"
      renderItem={(item) => (
        <List.Item
          actions={[
            <Button
              key="open"
              size="small"
              onClick={() => void navigate(workspacePath({ projectId: task.projectId, taskId: task.taskId, workflowId: item.workflowId, taskSubjectId: item.taskSubjectId }))}
            >
              {t('work.openRework')}
            </Button>,
          ]}
        >
          <List.Item.Meta
            title={item.subjectName}
            description={item.lastLog?.action === 'reject' ? rejectionText(item.lastLog, reasons, t) : undefined}
          />
        </List.Item>
      )}
    />
  );
}

/** A task in My work: its project, the caller's steps in it, and their rework. */
export function TaskWorkCard({ task, userId }: { task: TaskWork; userId: number | undefined }) {
  const hasRework = task.steps.some((s) => s.rework > 0);
  return (
    <Card
      size="small"
      data-testid={`work-task-${task.taskId}`}
      title={
        <Space>
          <Typography.Text type="secondary">{task.projectName}</Typography.Text>
          <Typography.Text strong>{task.name}</Typography.Text>
        </Space>
      }
    >
      <Flex vertical gap={12}>
        {task.steps.map((step) => (
          <StepRow key={step.workflowId} task={task} step={step} />
        ))}
        {hasRework && userId !== undefined && <ReworkList task={task} userId={userId} />}
      </Flex>
    </Card>
  );
}
