import { Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FileSideChoice } from '../../../app/FileSideChoice';
import type { FileSide, FileSides } from '../../../host/fileSides';
import { ChooseFolderButton } from './ChooseFolderButton';

/**
 * Where a file the workstation makes is saved, inside the saving form: the browser's downloads
 * (said in a line), or a path on the workstation's computer (with the desktop's folder dialog),
 * and, for a browser on that computer, the choice between the two (host/fileSides.ts).
 */
export function SaveTarget({ sides, side, onSide, file, onFile, fallbackName, onFailure, disabled, label, extra, testIds }: {
  sides: FileSides | null;
  side: FileSide | null;
  onSide: (side: FileSide) => void;
  file: string;
  onFile: (file: string) => void;
  fallbackName: string;
  onFailure: (err: unknown) => void;
  disabled?: boolean;
  label: string;
  extra?: string;
  testIds?: { path?: string; toBrowser?: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      <FileSideChoice purpose="save" sides={sides} side={side} onChange={onSide} disabled={disabled} />
      {side === 'browser' && <Typography.Paragraph type="secondary" data-testid={testIds?.toBrowser}>{t('browserTransfer.saveHint')}</Typography.Paragraph>}
      {side === 'machine' && (
        <Form.Item label={label} extra={extra} required>
          <Space.Compact style={{ width: '100%' }}>
            <Input value={file} onChange={(e) => onFile(e.target.value)} disabled={disabled} aria-label={label} data-testid={testIds?.path} />
            <ChooseFolderButton file={file} fallbackName={fallbackName} onChosen={onFile} onFailure={onFailure} disabled={disabled} />
          </Space.Compact>
        </Form.Item>
      )}
    </>
  );
}
