import { WarningOutlined } from '@ant-design/icons';
import { Badge, Button, List, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { HandoffNoticeText, handoffItemTitle } from './HandoffNoticeText';
import type { HandoffNotice } from './useHandoffNotices';

/**
 * The header's count of hand-offs the server would not take; the list opens when the annotator
 * clicks it, so they finish the item in front of them first. Each entry names the item, says
 * why (the server's reason, translated) and what they can do.
 */
export function HandoffNoticeButton({ notices, onDismiss }: { notices: readonly HandoffNotice[]; onDismiss: (taskSubjectId: number) => void }) {
  const { t } = useTranslation();
  if (notices.length === 0) return null;
  const list = (
    <List
      data-testid="handoff-notices"
      size="small"
      style={{ width: 420, maxHeight: '60vh', overflow: 'auto' }}
      dataSource={[...notices]}
      renderItem={(n) => (
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
              title={handoffItemTitle(t, n.taskSubjectId, n.itemName)}
              description={<HandoffNoticeText state={n.state} error={n.error} />}
            />
          </List.Item>
      )}
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
