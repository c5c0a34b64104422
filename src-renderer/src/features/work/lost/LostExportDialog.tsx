import { Alert, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { workstation } from '../../../host';
import { LocalPathFailure } from '../../../app/LocalPathFailure';
import { SaveTarget } from '../../insight/shared/SaveTarget';
import { formatBytes } from '../../insight/shared/workstationStorage';
import { useWorkstationSave } from '../../insight/shared/useWorkstationSave';

const fileName = () => `lost-with-lease-${dayjs().format('YYYYMMDD-HHmmss')}.json`;

/**
 * Saves the copies of lost items as one JSON file, the way the workstation saves every file
 * (useWorkstationSave): a browser gets it in its downloads (packages.lostExportToBrowser); the
 * desktop app, or a browser on the workstation's computer that chooses so, writes it on that
 * computer, into its downloads folder or one the user chose.
 */
export function LostExportDialog({ ids, onClose }: { ids: number[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { sides, side, setSide, file, setFile, ready, busy, result, failure, setFailure, save } = useWorkstationSave(fileName, {
    here: (path) => workstation.invoke('packages.lostExport', { ids, file: path }),
    toBrowser: () => workstation.invoke('packages.lostExportToBrowser', { ids }),
  });

  return (
    <Modal
      open
      title={t('lostWithLease.exportTitle', { count: ids.length })}
      okText={t('lostWithLease.exportSave')}
      onOk={() => void save()}
      okButtonProps={{ loading: busy, disabled: !ready, 'data-testid': 'lost-export-save' }}
      onCancel={onClose}
      cancelText={result ? t('lostWithLease.close') : t('work.cancel')}
      destroyOnHidden
    >
      <Form layout="vertical" disabled={busy}>
        <SaveTarget
          sides={sides}
          side={side}
          onSide={setSide}
          file={file}
          onFile={setFile}
          fallbackName={fileName()}
          onFailure={setFailure}
          disabled={busy}
          label={t('lostWithLease.exportPath')}
          testIds={{ path: 'lost-export-path' }}
        />
      </Form>
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
