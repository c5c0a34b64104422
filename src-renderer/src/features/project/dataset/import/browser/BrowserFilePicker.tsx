import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { filesFromDrop, filesFromInput, type PickedFile } from './pickedFiles';

/**
 * Where a page on another computer takes files from, as browser annotation tools do (CVAT,
 * Label Studio): a folder picker (`webkitdirectory`, every file with its path inside the
 * folder), a picker for loose pictures, and a drop zone that takes folders and files. Nothing
 * is read here; the dialog previews what was picked.
 */
export function BrowserFilePicker({ onPicked, disabled }: { onPicked: (files: PickedFile[]) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const folderInput = useRef<HTMLInputElement>(null);
  const filesInput = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  // React does not know the attribute; every current browser does.
  useEffect(() => folderInput.current?.setAttribute('webkitdirectory', ''), []);

  const fromInput = (input: HTMLInputElement | null) => {
    if (!input?.files) return;
    onPicked(filesFromInput(input.files));
    input.value = ''; // the same folder picked again is a new pick
  };
  const drop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    if (disabled) return;
    // Taken during the event: the DataTransfer is empty once it returns.
    void filesFromDrop(e.dataTransfer).then(onPicked);
  };

  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="import-drop"
      style={{
        border: `1px dashed ${over ? '#1677ff' : '#d9d9d9'}`,
        borderRadius: 8,
        padding: 16,
        textAlign: 'center',
        background: over ? 'rgba(22,119,255,0.06)' : undefined,
      }}
    >
      <input ref={folderInput} type="file" multiple hidden onChange={(e) => fromInput(e.currentTarget)} data-testid="import-folder-input" />
      <input ref={filesInput} type="file" multiple hidden accept="image/*" onChange={(e) => fromInput(e.currentTarget)} data-testid="import-files-input" />
      <Typography.Paragraph strong style={{ marginBottom: 8 }}>{t('browserTransfer.drop')}</Typography.Paragraph>
      <Space wrap style={{ justifyContent: 'center' }}>
        <Button onClick={() => folderInput.current?.click()} disabled={disabled} data-testid="import-pick-folder">{t('browserTransfer.pickFolder')}</Button>
        <Button onClick={() => filesInput.current?.click()} disabled={disabled} data-testid="import-pick-files">{t('browserTransfer.pickFiles')}</Button>
      </Space>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8, marginBottom: 0 }}>{t('browserTransfer.dropHint')}</Typography.Paragraph>
    </div>
  );
}
