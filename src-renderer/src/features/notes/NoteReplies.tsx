import { useState } from 'react';
import { App, Button, Flex, Input, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NoteThread } from '../../../../src-shared/api/note';
import { relativeTime } from '../../app/relativeTime';
import { useErrorText } from '../../app/useErrorText';
import { useReplyToNoteMutation } from './notesApi';
import { lengthLimit } from '../../app/lengthLimit';

/**
 * A thread's replies under its first note, oldest first, and a box to answer it: the answer is
 * pinned where the first note is (same item, task item, frame and object), as an answer
 * written on that object in the workspace would be, so both read as one conversation.
 */
export function NoteReplies({ thread, mayReply }: { thread: NoteThread; mayReply: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [text, setText] = useState('');
  const [reply, { isLoading }] = useReplyToNoteMutation();
  const replies = thread.replies ?? [];

  const send = async () => {
    const content = text.trim();
    if (!content) return;
    try {
      await reply({
        projectId: thread.projectId,
        dataId: thread.dataId,
        content,
        ...(thread.taskSubjectId ? { taskSubjectId: thread.taskSubjectId } : {}),
        ...(thread.frameId ? { frameId: thread.frameId } : {}),
        ...(thread.objectId ? { objectId: thread.objectId } : {}),
      }).unwrap();
      setText('');
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  return (
    <Flex vertical gap={8} style={{ paddingLeft: 32 }} data-testid={`note-thread-${thread.id}`}>
      {replies.length > 0 && (
        <List
          size="small"
          aria-label={t('notes.repliesTo', { content: thread.content.slice(0, 60) })}
          dataSource={replies}
          renderItem={(r) => (
            <List.Item>
              <Flex vertical gap={2} style={{ width: '100%' }}>
                <Flex gap={8} align="center" wrap>
                  <Typography.Text strong>{r.createdByName}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {relativeTime(r.createdAt, t)}
                  </Typography.Text>
                  {r.status === 'resolved' && <Tag color="green">{t('notes.status.resolved')}</Tag>}
                </Flex>
                <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>{r.content}</Typography.Paragraph>
              </Flex>
            </List.Item>
          )}
        />
      )}
      {mayReply && (
        <Flex gap={8} align="start">
          <Input.TextArea
            value={text}
            onChange={(e) => setText(e.target.value)}
            {...lengthLimit(10_000)}
            autoSize={{ minRows: 1, maxRows: 4 }}
            placeholder={t('notes.replyPlaceholder')}
            aria-label={t('notes.replyTo', { content: thread.content.slice(0, 60) })}
          />
          <Button onClick={() => void send()} loading={isLoading} disabled={!text.trim()}>
            {t('notes.reply')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
