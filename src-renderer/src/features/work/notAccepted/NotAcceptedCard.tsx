import { Card, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { HandoffNoticeText, handoffItemTitle } from '../workspace/HandoffNoticeText';
import { useNotAcceptedHandoffs } from './useNotAcceptedHandoffs';

/**
 * "Moves the server did not accept" on My work: the journal's hand-offs the server refused or
 * found in conflict, also those sent after a restart while no workspace was open, each with
 * why and what to do (the workspace notice's words: open the item again from its task to
 * resolve it). Nothing is rendered while there is none.
 */
export function NotAcceptedCard() {
  const { t } = useTranslation();
  const list = useNotAcceptedHandoffs();
  if (list.length === 0) return null;
  return (
    <Card title={t('work.handoffNotice.title')} size="small" data-testid="not-accepted-card">
      <List
        size="small"
        dataSource={list}
        renderItem={(s) => (
          <List.Item data-testid="not-accepted-item" data-item-id={s.taskSubjectId}>
            <List.Item.Meta
              title={handoffItemTitle(t, s.taskSubjectId, s.place?.itemName)}
              description={<HandoffNoticeText state={s.state === 'conflict' ? 'conflict' : 'refused'} error={s.error} />}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
