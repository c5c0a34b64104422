import { memo, useState } from 'react';
import { App, Button, Flex, Input, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Note } from '../../../../../src-shared/api/note';
import { relativeTime } from '../../../app/relativeTime';
import { useErrorText } from '../../../app/useErrorText';
import { useAddNoteMutation } from './workspaceApi';
import { lengthLimit } from '../../../app/lengthLimit';

/**
 * The notes of the item: the reviewer's, pinned to an object, a frame or the whole item, and
 * the annotator's own. A note on an object selects it; a new note goes on the selected object
 * (or the item when nothing is selected).
 */
export const NotesPanel = memo(function NotesPanel({
  notes,
  projectId,
  dataId,
  taskSubjectId,
  frameId,
  selectedObjectId,
  onShow,
}: {
  notes: readonly Note[];
  projectId: number;
  dataId: number;
  taskSubjectId: number;
  frameId: number | undefined;
  selectedObjectId: string | undefined;
  onShow: (note: Note) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [text, setText] = useState('');
  const [addNote, { isLoading }] = useAddNoteMutation();
  const add = async () => {
    const content = text.trim();
    if (!content) return;
    try {
      await addNote({ projectId, dataId, taskSubjectId, content, ...(frameId ? { frameId } : {}), ...(selectedObjectId ? { objectId: selectedObjectId } : {}) }).unwrap();
      setText('');
    } catch (err) {
      void message.error(errorText(err));
    }
  };
  return (
    <Flex vertical gap={8} style={{ padding: 8, height: '100%', boxSizing: 'border-box', overflow: 'hidden' }} data-testid="item-notes">
      <List
        size="small"
        style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
        dataSource={[...notes]}
        locale={{ emptyText: t('work.notes.empty') }}
        renderItem={(note) => (
          <List.Item style={{ cursor: note.objectId ? 'pointer' : undefined }} onClick={() => onShow(note)}>
            <Flex vertical gap={2} style={{ width: '100%' }}>
              <Flex gap={6} align="center" wrap>
                <Typography.Text strong>{note.createdByName}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {relativeTime(note.createdAt, t)}
                </Typography.Text>
                {note.objectId && <Tag color="orange">{t('work.notes.onObject')}</Tag>}
                {note.status === 'resolved' && <Tag>{t('work.notes.resolved')}</Tag>}
              </Flex>
              <Typography.Paragraph style={{ marginBottom: 0 }}>{note.content}</Typography.Paragraph>
            </Flex>
          </List.Item>
        )}
      />
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        {...lengthLimit(10_000)}
        autoSize={{ minRows: 2, maxRows: 4 }}
        placeholder={selectedObjectId ? t('work.notes.placeholderObject') : t('work.notes.placeholderItem')}
        aria-label={t('work.notes.add')}
      />
      <Button onClick={() => void add()} loading={isLoading} disabled={!text.trim()}>
        {t('work.notes.add')}
      </Button>
    </Flex>
  );
});
