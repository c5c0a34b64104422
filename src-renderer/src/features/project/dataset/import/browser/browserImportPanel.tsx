import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, App, Button, Form, Input, Progress, Radio, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { DatasetRecordType } from '../../../../../../../src-shared/ipc/datasets';
import { workstation } from '../../../../../host';
import { useErrorText } from '../../../../../app/useErrorText';
import { ScanPreview } from '../ScanPreview';
import type { ImportPanel } from '../importPanel';
import { BrowserFilePicker } from './BrowserFilePicker';
import { feedBrowserImport } from './browserUploads';
import type { PickedFile } from './pickedFiles';
import { previewPicked, readPicked } from './readPicked';
import { lengthLimit } from '../../../../../app/lengthLimit';

/** The batch's default name: the picked folder's (or the first file's), and when. */
const defaultBatchName = (files: readonly PickedFile[]) => {
  const first = files[0]?.relPath ?? '';
  const name = first.includes('/') ? first.split('/')[0]! : first.replace(/\.[^.]*$/, '');
  return `${name} ${dayjs().format('YYYY-MM-DD HH:mm')}`.trim().slice(0, 64);
};

/**
 * Import through the browser, the browser host's way (docs/browser-host-remote.md): the user
 * picks or drops folders and pictures in the browser, sees what they would become, and starts;
 * the page reads the files (the shared image check, sha256), the workstation says what the
 * project lacks, and the page sends those files to it, which stores them by the storage layer's
 * rules. From then on the import is a card in the data page like any other.
 */
export function useBrowserImportPanel({ projectId, defaultType, onDone }: { projectId: number; defaultType: DatasetRecordType; onDone: () => void }): ImportPanel {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [recordType, setRecordType] = useState<DatasetRecordType>(defaultType);
  const [batchName, setBatchName] = useState('');
  const [reading, setReading] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const abort = useRef<AbortController | null>(null);
  const scan = useMemo(() => (files.length ? previewPicked(files, recordType) : null), [files, recordType]);

  const pick = (picked: PickedFile[]) => {
    setFiles(picked);
    setError(null);
    setBatchName(defaultBatchName(picked));
  };
  const stop = () => {
    abort.current?.abort(new DOMException('closed', 'AbortError'));
    setReading(null);
  };
  const start = async () => {
    const name = batchName.trim();
    abort.current = new AbortController();
    setError(null);
    setReading({ done: 0, total: scan?.files ?? 0 });
    try {
      const { plan, bySha } = await readPicked(files, recordType, (done, total) => setReading({ done, total }), abort.current.signal);
      const { job, wanted } = await workstation.invoke('datasets.importFromBrowser', { projectId, batchName: name, recordType, ...plan });
      feedBrowserImport(job.jobId, wanted, bySha, (err) => void message.error(t('browserTransfer.sendFailed', { name, message: errorText(err) })));
      setFiles([]);
      onDone();
    } catch (err) {
      if (!abort.current.signal.aborted) setError(err);
    } finally {
      setReading(null);
    }
  };

  const footer: ReactNode = (
    <Button key="import" type="primary" disabled={!scan || scan.subjects === 0 || !batchName.trim()} loading={reading !== null} onClick={() => void start()} data-testid="import-start">
      {t('project.import.start')}
    </Button>
  );
  const body: ReactNode = (
    <Form layout="vertical">
      <Form.Item>
        <BrowserFilePicker onPicked={pick} disabled={reading !== null} />
        {files.length > 0 && (
          <Space style={{ marginTop: 8 }}>
            <Typography.Text data-testid="import-picked">{t('browserTransfer.picked', { count: files.length })}</Typography.Text>
            <Button size="small" type="link" onClick={() => pick([])} disabled={reading !== null}>{t('browserTransfer.clear')}</Button>
          </Space>
        )}
      </Form.Item>
      <Form.Item label={t('project.import.recordType')}>
        <Radio.Group value={recordType} onChange={(e) => setRecordType(e.target.value as DatasetRecordType)} optionType="button" disabled={reading !== null} options={(['image', 'frame'] as const).map((v) => ({ value: v, label: t(`project.data.recordTypes.${v}`) }))} />
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 4, marginBottom: 0 }}>{t(`project.import.recordTypeHint.${recordType}`)}</Typography.Paragraph>
      </Form.Item>
      {error !== null && <Alert type="error" showIcon role="alert" title={t('browserTransfer.readFailed', { message: errorText(error) })} style={{ marginBottom: 12 }} />}
      {scan && scan.subjects === 0 && <Alert type="warning" showIcon title={t('project.import.nothingFound')} style={{ marginBottom: 12 }} />}
      {scan && scan.subjects > 0 && (
        <>
          <ScanPreview scan={scan} />
          <Form.Item label={t('project.import.batchName')} style={{ marginTop: 12 }}>
            <Input value={batchName} {...lengthLimit(64)} onChange={(e) => setBatchName(e.target.value)} disabled={reading !== null} aria-label={t('project.import.batchName')} data-testid="import-batch-name" />
          </Form.Item>
        </>
      )}
      {reading && (
        <Progress percent={reading.total ? Math.floor((100 * reading.done) / reading.total) : 0} format={() => t('browserTransfer.reading', reading)} aria-label={t('browserTransfer.reading', reading)} data-testid="import-reading" />
      )}
    </Form>
  );
  return { body, footer, busy: reading !== null, stop };
}
