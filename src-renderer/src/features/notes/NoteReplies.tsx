import { Button, Flex, Input, List, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NoteThread } from '../../../../src-shared/api/note';
import { useReplyToNoteMutation } from './notesApi';
import { lengthLimit } from '../../app/lengthLimit';
import { NoteLine } from './NoteLine';
import { useNoteComposer } from './useNoteComposer';

/**
 * A thread's replies under its first note, oldest first, and a box to answer it: the answer is
 * pinned where the first note is (same item, task item, frame and object), as an answer
 * written on that object in the workspace would be, so both read as one conversation.
 */
export function NoteReplies({ thread, mayReply }: { thread: NoteThread; mayReply: boolean }) {
  const { t } = useTranslation();
  const [reply, { isLoading }] = useReplyToNoteMutation();
  const replies = thread.replies ?? [];
  const { text, setText, submit, empty } = useNoteComposer((content) =>
    reply({
      projectId: thread.projectId,
      dataId: thread.dataId,
      content,
      ...(thread.taskSubjectId ? { taskSubjectId: thread.taskSubjectId } : {}),
      ...(thread.frameId ? { frameId: thread.frameId } : {}),
      ...(thread.objectId ? { objectId: thread.objectId } : {}),
    }).unwrap(),
  );

  return (
    <Flex vertical gap={8} style={{ paddingLeft: 32 }} data-testid={`note-thread-${thread.id}`}>
      {replies.length > 0 && (
        <List
          size="small"
          aria-label={t('notes.repliesTo', { content: thread.content.slice(0, 60) })}
          dataSource={replies}
          renderItem={(r) => (
            <List.Item>
              <NoteLine author={r.createdByName} at={r.createdAt} content={r.content} tags={r.status === 'resolved' && <Tag color="green">{t('notes.status.resolved')}</Tag>} />
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
          <Button onClick={() => void submit()} loading={isLoading} disabled={empty}>
            {t('notes.reply')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
