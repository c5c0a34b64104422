import { Button, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DatasetRecordType } from '../../../../../../src-shared/ipc/datasets';
import { FileSideChoice } from '../../../../app/FileSideChoice';
import { useFileSide } from '../../../../host/fileSides';
import { useBrowserImportPanel } from './browser/browserImportPanel';
import { useFolderImportPanel } from './folderImportPanel';

/**
 * The data page's import. Where its files come from follows the page (host/fileSides.ts): the
 * desktop app reads a folder of its computer; a browser reads files picked or dropped in it,
 * and a browser on the workstation's own computer may read one of that computer's folders
 * instead (a dataset too large to send through the browser). Both ways keep what was picked
 * or typed while the user looks at the other.
 */
export function ImportDialog({ projectId, defaultType, open, onClose }: { projectId: number; defaultType: DatasetRecordType; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { sides, side, setSide } = useFileSide();
  const browser = useBrowserImportPanel({ projectId, defaultType, onDone: onClose });
  const folder = useFolderImportPanel({ projectId, defaultType, canBrowse: sides === 'machine', onDone: onClose });
  const panel = side === 'machine' ? folder : browser;
  const close = () => {
    browser.stop();
    onClose();
  };
  return (
    <Modal
      open={open}
      width={640}
      title={t('project.import.title')}
      onCancel={close}
      footer={[
        <Button key="cancel" onClick={close}>{t('project.common.cancel')}</Button>,
        side !== null && panel.footer,
      ]}
    >
      {sides === 'browser' && <Typography.Paragraph type="secondary" data-testid="import-remote-note">{t('browserTransfer.remoteNote')}</Typography.Paragraph>}
      <FileSideChoice purpose="import" sides={sides} side={side} onChange={setSide} disabled={panel.busy} />
      {side === null ? <Spin /> : panel.body}
    </Modal>
  );
}
