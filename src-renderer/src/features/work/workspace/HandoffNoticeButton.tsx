import { WarningOutlined } from '@ant-design/icons';
import { Badge, Button, List, Popover, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { plainFailure } from '../../../app/plainFailure';
import { useErrorText } from '../../../app/useErrorText';
import type { HandoffNotice } from './useHandoffNotices';

/** What the annotator can do about a refusal, by the server's reason; anything else gets the general advice. */
const ADVICE: Record<string, 'notHolder' | 'leaseLapsed' | 'stale'> = {
  'taskSubject.notHolder': 'notHolder',
  'task.leaseLapsed': 'leaseLapsed',
  'taskSubject.stale': 'stale',
  'annotate.stale': 'stale',
};

/**
 * The header's count of hand-offs the server would not take; the list opens when the annotator
 * clicks it, so they finish the item in front of them first. Each entry names the item, says
 * why (the server's reason, translated) and what they can do.
 */
export function HandoffNoticeButton({ notices, onDismiss }: { notices: readonly HandoffNotice[]; onDismiss: (taskSubjectId: number) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (notices.length === 0) return null;
  const list = (
    <List
      data-testid="handoff-notices"
      size="small"
      style={{ width: 420, maxHeight: '60vh', overflow: 'auto' }}
      dataSource={[...notices]}
      renderItem={(n) => {
        const advice = n.state === 'conflict' ? 'conflict' : (ADVICE[n.error?.code ?? ''] ?? 'other');
        return (
          <List.Item
            data-testid="handoff-notice"
            data-item-id={n.taskSubjectId}
            actions={[
              <Button key="dismiss" size="small" type="link" onClick={() => onDismiss(n.taskSubjectId)}>
                {t('work.handoffNotice.dismiss')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={n.itemName ? t('work.handoffNotice.item', { name: n.itemName, id: n.taskSubjectId }) : t('work.handoffNotice.itemId', { id: n.taskSubjectId })}
              description={
                <>
                  <Typography.Text type="danger">{n.state === 'conflict' ? t('work.handoffNotice.conflict') : n.error ? errorText(plainFailure(n.error)) : t('work.sync.refused')}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{t(`work.handoffNotice.advice.${advice}`)}</Typography.Text>
                </>
              }
            />
          </List.Item>
        );
      }}
    />
  );
  return (
    <Popover trigger="click" placement="bottomLeft" title={t('work.handoffNotice.title')} content={list}>
      <Badge count={notices.length} size="small" style={{ flex: 'none' }}>
        <Button size="small" danger icon={<WarningOutlined />} data-testid="handoff-notice-button">
          {t('work.handoffNotice.button')}
        </Button>
      </Badge>
    </Popover>
  );
}
