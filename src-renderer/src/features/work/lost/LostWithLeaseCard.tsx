import { useState } from 'react';
import { App, Button, Card, Flex, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LostItem } from '../../../../../src-shared/ipc/packages';
import { Figure, Timestamp } from '../../../app/figures/Figure';
import { NameCell } from '../../../app/figures/NameCell';
import { LoadFailure } from '../../../app/LoadFailure';
import { relativeTime } from '../../../app/relativeTime';
import { stepName } from '../../../app/stepName';
import { useErrorText } from '../../../app/useErrorText';
import { workstation } from '../../../host';
import { useInfoQuery } from '../../auth/authApi';
import { useTaskDetailQuery } from '../../tasks/tasksApi';
import { LostExportDialog } from './LostExportDialog';
import { useLostItems } from './useLostItems';

/** "Task / step" of a lost item by name, from the task's detail (cached per task); nothing until it answers. */
function TaskAndStep({ item }: { item: LostItem }) {
  const { t } = useTranslation();
  const { data: task } = useTaskDetailQuery({ projectId: item.projectId, taskId: item.taskId });
  const step = task?.steps.find((s) => s.workflowId === item.workflowId);
  if (!task) return null;
  return (
    <Flex gap={4} style={{ minWidth: 0 }}>
      <NameCell name={task.name} maxWidth={220} />
      {step && <Typography.Text type="secondary">/</Typography.Text>}
      {step && <NameCell name={stepName(t, step)} maxWidth={120} />}
    </Flex>
  );
}

/**
 * "Lost with the lease" (docs/offline-day.md): items the server gave back while this workstation
 * was away (a lease that ran out, a take-back), each with why and when, and the copy of what
 * was typed on it to export as JSON or dismiss. Nothing is rendered while there is none.
 */
export function LostWithLeaseCard() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const errorText = useErrorText();
  const { data: user } = useInfoQuery();
  const { items, error, reload } = useLostItems(user?.id);
  const [exporting, setExporting] = useState<number[] | null>(null);
  const now = Date.now();

  const dismiss = (ids: number[]) =>
    modal.confirm({
      title: t('lostWithLease.dismissConfirm', { count: ids.length }),
      okText: t('lostWithLease.dismiss'),
      okButtonProps: { danger: true, 'data-testid': 'lost-dismiss-confirm' },
      cancelText: t('work.cancel'),
      onOk: async () => {
        try {
          await workstation.invoke('packages.lostDismiss', { ids });
        } catch (err) {
          void message.error(`${t('lostWithLease.dismissFailed')}: ${errorText(err)}`);
        }
      },
    });

  if (error) return <LoadFailure title={t('lostWithLease.loadFailed')} error={error} onRetry={() => void reload()} />;
  if (items.length === 0) return null;
  const all = items.map((i) => i.lostId);
  return (
    <Card
      title={t('lostWithLease.title')}
      size="small"
      data-testid="lost-with-lease"
      extra={
        items.length > 1 && (
          <Space>
            <Button size="small" onClick={() => setExporting(all)}>
              {t('lostWithLease.exportAll')}
            </Button>
            <Button size="small" danger onClick={() => dismiss(all)}>
              {t('lostWithLease.dismissAll')}
            </Button>
          </Space>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('lostWithLease.hint')}</Typography.Paragraph>
      <List<LostItem>
        dataSource={items}
        rowKey="lostId"
        renderItem={(item) => (
          <List.Item
            data-testid={`lost-item-${item.taskSubjectId}`}
            actions={[
              <Button key="export" size="small" onClick={() => setExporting([item.lostId])}>
                {t('lostWithLease.exportOne')}
              </Button>,
              <Button key="dismiss" size="small" danger onClick={() => dismiss([item.lostId])}>
                {t('lostWithLease.dismiss')}
              </Button>,
            ]}
          >
            <Flex vertical gap={2} style={{ minWidth: 0 }}>
              <NameCell name={item.subjectName} maxWidth={320} strong />
              <TaskAndStep item={item} />
              <Typography.Text>{t(`lostWithLease.reason.${item.reason}`)}</Typography.Text>
              <Flex gap={12} wrap>
                <Typography.Text type="secondary">
                  <Figure>{relativeTime(item.lostAt, t, now)}</Figure> · <Timestamp at={item.lostAt} />
                </Typography.Text>
                <Typography.Text type="secondary">{item.edits > 0 ? t('lostWithLease.edits', { count: item.edits }) : t('lostWithLease.noEdits')}</Typography.Text>
              </Flex>
            </Flex>
          </List.Item>
        )}
      />
      {exporting && <LostExportDialog ids={exporting} onClose={() => setExporting(null)} />}
    </Card>
  );
}
