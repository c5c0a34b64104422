import { useEffect, useState } from 'react';
import { Alert, App, Button, Form, Modal, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExportJob } from '../../../../../src-shared/api/export';
import type { DownloadResult } from '../../../../../src-shared/ipc/storage';
import type { BrowserDownload } from '../../../../../src-shared/ipc/app';
import { useFileSide } from '../../../host/fileSides';
import { saveToBrowser } from '../../../host/saveToBrowser';
import { workstation } from '../../../host';
import { useErrorText } from '../../../app/useErrorText';
import { LocalPathFailure } from '../../../app/LocalPathFailure';
import { SaveTarget } from '../shared/SaveTarget';
import { saveTargetReady } from '../shared/useWorkstationSave';
import { ensureStorageReady, formatBytes, joinLocalPath, newTransferId, useDownloadFolder, useTransferProgress } from '../shared/workstationStorage';
import { useExportLinkMutation } from './exportApi';

/** The zip's own file name: the last segment of its key. */
const fileNameOf = (objectKey: string) => objectKey.split('/').pop() ?? 'export.zip';

/**
 * Saves a finished export through the workstation: in a browser, into the browser's own
 * downloads (the workstation downloads it by the storage layer's rules and hands it over,
 * storage.downloadToBrowser); in the desktop app, and as a browser's option when it runs on the
 * workstation's computer, onto that computer (`storage.download`, with progress and cancel),
 * into its downloads folder or a folder the user chose (the desktop's folder dialog, or a typed
 * path allowed in the browser host). The signed link is there too, for handing the zip to
 * someone else.
 */
export function DownloadExportDialog({ job, onClose }: { job: ExportJob & { objectKey: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const folder = useDownloadFolder();
  const [file, setFile] = useState('');
  const [transferId, setTransferId] = useState<string | null>(null);
  const [result, setResult] = useState<DownloadResult | BrowserDownload | null>(null);
  const { sides, side, setSide } = useFileSide();
  const [failure, setFailure] = useState<unknown>(null);
  const progress = useTransferProgress(transferId);
  const [getLink, link] = useExportLinkMutation();
  const running = transferId !== null && result === null && failure === null;

  useEffect(() => {
    if (folder && file === '') setFile(joinLocalPath(folder, fileNameOf(job.objectKey)));
  }, [folder, file, job.objectKey]);

  const download = async () => {
    if (side === null) return;
    const id = newTransferId('download');
    setResult(null);
    setFailure(null);
    setTransferId(id);
    try {
      await ensureStorageReady();
      if (side === 'browser') {
        const handed = await workstation.invoke('storage.downloadToBrowser', { transferId: id, key: job.objectKey });
        saveToBrowser(handed);
        setResult(handed);
      } else {
        setResult(await workstation.invoke('storage.download', { transferId: id, key: job.objectKey, file: file.trim() }));
      }
    } catch (err) {
      setFailure(err);
    }
  };

  const cancel = () => {
    if (transferId) void workstation.invoke('storage.cancel', { transferId }).catch((err: unknown) => setFailure(err));
  };

  const copyLink = async () => {
    try {
      const signed = await getLink(job.objectKey).unwrap();
      await navigator.clipboard.writeText(signed.url);
      void message.success(t('insight.download.linkCopied'));
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const percent = result ? 100 : Math.floor(progress?.percent ?? 0);
  return (
    <Modal
      open
      title={t('insight.download.title', { name: job.name })}
      onCancel={running ? undefined : onClose}
      closable={!running}
      mask={{ closable: !running }}
      footer={[
        <Button key="link" onClick={() => void copyLink()} loading={link.isLoading} disabled={running}>
          {t('insight.download.copyLink')}
        </Button>,
        running ? (
          <Button key="cancel" danger onClick={cancel}>
            {t('insight.download.cancel')}
          </Button>
        ) : (
          <Button key="close" onClick={onClose}>
            {t('insight.common.close')}
          </Button>
        ),
        <Button key="save" type="primary" onClick={() => void download()} loading={running} disabled={!saveTargetReady(side, file)} data-testid="download-save">
          {t('insight.download.save')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">{t('insight.download.hint', { size: formatBytes(job.sizeBytes) })}</Typography.Paragraph>
      <Form layout="vertical">
        <SaveTarget
          sides={sides}
          side={side}
          onSide={setSide}
          file={file}
          onFile={setFile}
          fallbackName={fileNameOf(job.objectKey)}
          onFailure={setFailure}
          disabled={running}
          label={t('insight.download.path')}
          extra={t('insight.download.pathHint')}
          testIds={{ path: 'download-path', toBrowser: 'download-to-browser' }}
        />
      </Form>
      {transferId && !failure && (
        <Progress percent={percent} status={result ? 'success' : 'active'} aria-label={t('insight.download.progress')} />
      )}
      {result && (
        <Alert
          type="success"
          showIcon
          role="status"
          data-testid="download-done"
          title={'url' in result ? t('browserTransfer.handedOver', { name: result.name, size: formatBytes(result.size) }) : t('insight.download.done', { size: formatBytes(result.size) })}
          description={'url' in result ? undefined : <Typography.Text copyable code>{result.file}</Typography.Text>}
        />
      )}
      {failure !== null && <LocalPathFailure title={t('insight.download.failed')} error={failure} onRetry={() => void download()} />}
    </Modal>
  );
}
