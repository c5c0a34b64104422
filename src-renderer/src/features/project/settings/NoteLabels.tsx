import { useState } from 'react';
import { App, Button, Card, ColorPicker, Empty, Flex, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../app/useErrorText';
import { useAddNoteLabelMutation, useNoteLabelsQuery, useRemoveNoteLabelMutation } from '../api/noteLabelApi';
import { LoadFailure } from '../../../app/LoadFailure';
import { removalKey, useWithoutRemoved } from '../../../app/pendingRemovals';
import { useUndoable } from '../../../app/useUndoable';
import { NoteLabelRow } from './NoteLabelRow';
import { lengthLimit } from '../../../app/lengthLimit';

const DEFAULT_COLOR = '#1677ff';

/** Labels for notes: add, rename, recolour, and delete with undo. */
export function NoteLabels({ projectId, editable }: { projectId: number; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const undoable = useUndoable();
  const { data: all, error, refetch, isLoading } = useNoteLabelsQuery(projectId);
  const data = useWithoutRemoved(all, (l) => removalKey('noteLabel', l.id));
  const [add, { isLoading: adding }] = useAddNoteLabelMutation();
  const [remove] = useRemoveNoteLabelMutation();
  const [name, setName] = useState('');
  const [color, setColor] = useState(DEFAULT_COLOR);

  const onAdd = async () => {
    if (!name.trim()) return;
    try {
      await add({ projectId, name: name.trim(), color }).unwrap();
      setName('');
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const onRemove = (id: number, label: string) =>
    undoable({
      text: t('project.common.removed', { name: label }),
      removes: [removalKey('noteLabel', id)],
      commit: () => remove({ projectId, id }).unwrap(),
      onFailure: (err) => void message.error(errorText(err)),
    });

  return (
    <Card title={t('project.noteLabels.title')} data-testid="note-labels" loading={isLoading}>
      {error && <LoadFailure title={t('project.noteLabels.loadFailed')} error={error} onRetry={() => void refetch()} />}
      {editable && (
        <Space.Compact style={{ marginBottom: 12 }}>
          <ColorPicker value={color} disabledAlpha onChangeComplete={(c) => setColor(c.toHexString().slice(0, 7))} aria-label={t('project.noteLabels.color')} />
          <Input
            aria-label={t('project.noteLabels.new')}
            placeholder={t('project.noteLabels.new')}
            value={name}
            {...lengthLimit(64)}
            onChange={(e) => setName(e.target.value)}
            onPressEnter={() => void onAdd()}
            style={{ width: 240 }}
            data-testid="note-label-input"
          />
          <Button type="primary" loading={adding} disabled={!name.trim()} onClick={() => void onAdd()} data-testid="note-label-add">
            {t('project.common.add')}
          </Button>
        </Space.Compact>
      )}
      {data?.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={editable ? t('project.noteLabels.emptyCanAdd') : t('project.noteLabels.empty')} />
      ) : (
        <Flex vertical={editable} wrap gap={8}>
          {data?.map((l) => <NoteLabelRow key={`${l.id}:${l.name}`} label={l} editable={editable} onDelete={() => onRemove(l.id, l.name)} />)}
        </Flex>
      )}
    </Card>
  );
}
