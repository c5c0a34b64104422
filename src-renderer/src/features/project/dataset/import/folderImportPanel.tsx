import { useState, type ReactNode } from 'react';
import { Alert, Button, Form, Input, Radio, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { DatasetRecordType, DatasetScan } from '../../../../../../src-shared/ipc/datasets';
import { LocalPathFailure } from '../../../../app/LocalPathFailure';
import { workstation } from '../../../../host';
import { ScanPreview } from './ScanPreview';
import { lengthLimit } from '../../../../app/lengthLimit';
import type { ImportPanel } from './importPanel';
import { NO_SPLIT, VideoSplitFields, videoSplitOf, type VideoSplitChoice } from './VideoSplitFields';

const folderName = (path: string) => path.replace(/[\\/]+$/, '').split(/[\\/]/).pop() ?? '';
/** The import service walks absolute paths only (a relative one would depend on where it runs). */
const isAbsolute = (path: string) => path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\');

/**
 * Import from a folder of the workstation's computer: the user picks the folder in the
 * system's dialog (desktop, `canBrowse`) or types its path (the browser host, where a browser
 * cannot show that computer's dialog) and allows it when asked (the chosen-folders rule:
 * LocalPathFailure), previews what it holds, then starts the import into a new batch; its
 * progress shows in the data page's import list.
 */
export function useFolderImportPanel({ projectId, defaultType, canBrowse, onDone }: { projectId: number; defaultType: DatasetRecordType; canBrowse: boolean; onDone: () => void }): ImportPanel {
  const { t } = useTranslation();
  const [path, setPath] = useState('');
  const [recordType, setRecordType] = useState<DatasetRecordType>(defaultType);
  const [scan, setScan] = useState<DatasetScan | null>(null);
  const [batchName, setBatchName] = useState('');
  const [busy, setBusy] = useState<'scan' | 'import' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [split, setSplit] = useState<VideoSplitChoice>(NO_SPLIT);
  // A frame project takes video files, each an item (docs/video.md); an image project leaves them out.
  const videos = defaultType === 'frame';
  const videoSplit = videoSplitOf(split);
  const browse = async () => {
    try {
      const picked = await workstation.invoke('app.pickFolder', { title: t('project.import.folder') });
      if (picked.path) {
        setPath(picked.path);
        reset();
      }
    } catch (err) {
      setError(err);
    }
  };

  const reset = () => {
    setScan(null);
    setError(null);
  };
  const runScan = async () => {
    setBusy('scan');
    reset();
    try {
      const result = await workstation.invoke('datasets.scan', { paths: [path.trim()], recordType, videos });
      setScan(result);
      setBatchName(`${folderName(path.trim())} ${dayjs().format('YYYY-MM-DD HH:mm')}`.slice(0, 64));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(null);
    }
  };
  const runImport = async () => {
    setBusy('import');
    setError(null);
    try {
      await workstation.invoke('datasets.import', { paths: [path.trim()], recordType, videos, ...(videoSplit ? { videoSplit } : {}), projectId, batchName: batchName.trim() });
      setPath('');
      reset();
      onDone();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(null);
    }
  };

  const pathValid = isAbsolute(path.trim());
  const footer: ReactNode = (
    <Button key="import" type="primary" disabled={!scan || scan.subjects === 0 || !batchName.trim() || (scan.videos > 0 && videoSplit === null)} loading={busy === 'import'} onClick={() => void runImport()} data-testid="import-start">
      {t('project.import.start')}
    </Button>
  );
  const body: ReactNode = (
    <Form layout="vertical">
      <Form.Item label={t('project.import.folder')} help={path && !pathValid ? t('project.import.absolutePath') : t('project.import.folderHint')} validateStatus={path && !pathValid ? 'error' : undefined}>
        <Space.Compact style={{ width: '100%' }}>
          <Input autoFocus value={path} onChange={(e) => { setPath(e.target.value); reset(); }} onPressEnter={() => pathValid && void runScan()} placeholder="/home/me/images" aria-label={t('project.import.folder')} data-testid="import-path" />
          {canBrowse && <Button onClick={() => void browse()} data-testid="import-browse">{t('project.import.browse')}</Button>}
          <Button onClick={() => void runScan()} disabled={!pathValid} loading={busy === 'scan'} data-testid="import-scan">{t('project.import.scan')}</Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item label={t('project.import.recordType')}>
        <Radio.Group value={recordType} onChange={(e) => { setRecordType(e.target.value as DatasetRecordType); reset(); }} optionType="button" options={(['image', 'frame'] as const).map((v) => ({ value: v, label: t(`project.data.recordTypes.${v}`) }))} />
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 4, marginBottom: 0 }}>{t(`project.import.recordTypeHint.${recordType}`)}</Typography.Paragraph>
      </Form.Item>
      {error !== null && <LocalPathFailure error={error} onRetry={() => void runScan()} style={{ marginBottom: 12 }} />}
      {scan && scan.subjects === 0 && <Alert type="warning" showIcon title={t('project.import.nothingFound')} style={{ marginBottom: 12 }} />}
      {scan && scan.subjects > 0 && (
        <>
          <ScanPreview scan={scan} />
          {scan.videos > 0 && <VideoSplitFields value={split} onChange={setSplit} />}
          <Form.Item label={t('project.import.batchName')} style={{ marginTop: 12 }}>
            <Input value={batchName} {...lengthLimit(64)} onChange={(e) => setBatchName(e.target.value)} aria-label={t('project.import.batchName')} data-testid="import-batch-name" />
          </Form.Item>
        </>
      )}
    </Form>
  );
  return { body, footer, busy: busy !== null, stop: () => undefined };
}
