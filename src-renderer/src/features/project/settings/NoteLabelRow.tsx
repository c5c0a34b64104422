import { useState } from 'react';
import { App, Button, ColorPicker, Input, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NoteLabel } from '../../../../../src-shared/api/note';
import { useErrorText } from '../../../app/useErrorText';
import { useUpdateNoteLabelMutation } from '../api/noteLabelApi';
import { lengthLimit } from '../../../app/lengthLimit';

/** One note label: its colour and name, editable in place (a rename is saved on Enter or when leaving the field). */
export function NoteLabelRow({ label, editable, onDelete }: { label: NoteLabel; editable: boolean; onDelete: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [update] = useUpdateNoteLabelMutation();
  const [name, setName] = useState(label.name);

  if (!editable) return <Tag color={label.color}>{label.name}</Tag>;

  const save = async (patch: { name?: string; color?: string }) => {
    try {
      await update({ projectId: label.projectId, id: label.id, ...patch }).unwrap();
    } catch (err) {
      setName(label.name);
      void message.error(errorText(err));
    }
  };
  const rename = () => {
    const next = name.trim();
    if (!next) setName(label.name);
    else if (next !== label.name) void save({ name: next });
  };

  return (
    <Space style={{ width: '100%' }}>
      <ColorPicker
        value={label.color}
        disabledAlpha
        onChangeComplete={(c) => void save({ color: c.toHexString().slice(0, 7) })}
        aria-label={t('project.noteLabels.colorOf', { name: label.name })}
      />
      <Input
        aria-label={t('project.noteLabels.nameOf', { name: label.name })}
        value={name}
        {...lengthLimit(64)}
        onChange={(e) => setName(e.target.value)}
        onBlur={rename}
        onPressEnter={rename}
        style={{ width: 240 }}
      />
      <Button type="link" danger size="small" onClick={onDelete} aria-label={t('project.common.deleteNamed', { name: label.name })}>
        {t('project.common.delete')}
      </Button>
    </Space>
  );
}
