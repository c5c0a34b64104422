import { Alert, Form, Input, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { workstation } from '../../../host';
import { LocalPathFailure } from '../../../app/LocalPathFailure';
import { ChooseFolderButton } from '../../insight/shared/ChooseFolderButton';
import { formatBytes } from '../../insight/shared/workstationStorage';
import { useWorkstationSave } from '../../insight/shared/useWorkstationSave';

const fileName = () => `lost-with-lease-${dayjs().format('YYYYMMDD-HHmmss')}.json`;

/**
 * Saves the copies of lost items as one JSON file, the way the workstation saves every file:
 * on this computer into its downloads folder or one the user chose (the desktop's folder
 * dialog, or a typed folder allowed from the failure in the browser host); a page on another
 * computer gets the file in its browser's downloads (packages.lostExportToBrowser).
 */
export function LostExportDialog({ ids, onClose }: { ids: number[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { remote, file, setFile, busy, result, failure, setFailure, save } = useWorkstationSave(fileName, {
    here: (path) => workstation.invoke('packages.lostExport', { ids, file: path }),
    toBrowser: () => workstation.invoke('packages.lostExportToBrowser', { ids }),
  });

  return (
    <Modal
      open
      title={t('lostWithLease.exportTitle', { count: ids.length })}
      okText={t('lostWithLease.exportSave')}
      onOk={() => void save()}
      okButtonProps={{ loading: busy, disabled: !remote && file.trim() === '', 'data-testid': 'lost-export-save' }}
      onCancel={onClose}
      cancelText={result ? t('lostWithLease.close') : t('work.cancel')}
      destroyOnHidden
    >
      {remote ? (
        <Typography.Paragraph type="secondary">{t('browserTransfer.saveHint')}</Typography.Paragraph>
      ) : (
        <Form layout="vertical" disabled={busy}>
          <Form.Item label={t('lostWithLease.exportPath')} required>
            <Space.Compact style={{ width: '100%' }}>
              <Input value={file} onChange={(e) => setFile(e.target.value)} data-testid="lost-export-path" />
              <ChooseFolderButton file={file} fallbackName={fileName()} onChosen={setFile} onFailure={setFailure} disabled={busy} />
            </Space.Compact>
          </Form.Item>
        </Form>
      )}
      {result && (
        <Alert
          type="success"
          showIcon
          role="status"
          title={'url' in result ? t('browserTransfer.handedOver', { name: result.name, size: formatBytes(result.size) }) : t('lostWithLease.exported', { count: result.items, file: result.file })}
        />
      )}
      {failure !== null && <LocalPathFailure title={t('lostWithLease.exportFailed')} error={failure} onRetry={() => void save()} />}
    </Modal>
  );
}
