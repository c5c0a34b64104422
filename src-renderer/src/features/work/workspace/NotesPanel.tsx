import { memo } from 'react';
import { Button, Flex, Input, List, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Note } from '../../../../../src-shared/api/note';
import { useAddNoteMutation } from './workspaceApi';
import { lengthLimit } from '../../../app/lengthLimit';
import { NoteLine } from '../../notes/NoteLine';
import { useNoteComposer } from '../../notes/useNoteComposer';

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
  const [addNote, { isLoading }] = useAddNoteMutation();
  const { text, setText, submit, empty } = useNoteComposer((content) =>
    addNote({ projectId, dataId, taskSubjectId, content, ...(frameId ? { frameId } : {}), ...(selectedObjectId ? { objectId: selectedObjectId } : {}) }).unwrap(),
  );
  return (
    <Flex vertical gap={8} style={{ padding: 8, height: '100%', boxSizing: 'border-box', overflow: 'hidden' }} data-testid="item-notes">
      <List
        size="small"
        style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
        dataSource={[...notes]}
        locale={{ emptyText: t('work.notes.empty') }}
        renderItem={(note) => (
          <List.Item style={{ cursor: note.objectId ? 'pointer' : undefined }} onClick={() => onShow(note)}>
            <NoteLine
              author={note.createdByName}
              at={note.createdAt}
              content={note.content}
              tags={
                <>
                  {note.objectId && <Tag color="orange">{t('work.notes.onObject')}</Tag>}
                  {note.status === 'resolved' && <Tag>{t('work.notes.resolved')}</Tag>}
                </>
              }
            />
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
      <Button onClick={() => void submit()} loading={isLoading} disabled={empty}>
        {t('work.notes.add')}
      </Button>
    </Flex>
  );
});
