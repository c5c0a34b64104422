import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UploadNowState } from './useUploadNow';

/** Where an "upload now" stands: asked and waiting, arrived, or nothing came. */
export function UploadNowStatus({ state, onClose }: { state: UploadNowState; onClose: () => void }) {
  const { t } = useTranslation();
  if (state.status === 'idle') return null;
  const name = state.target.userName;
  const common = { showIcon: true, closable: { onClose }, style: { marginBottom: 12 }, 'data-testid': 'upload-now-status' } as const;
  if (state.status === 'waiting')
    return (
      <Alert
        {...common}
        type="info"
        icon={<Spin size="small" />}
        title={t('team.logs.waiting', { name, device: state.target.deviceLabel ?? t('team.logs.everyDevice') })}
        data-state="waiting"
      />
    );
  if (state.status === 'arrived')
    return <Alert {...common} type="success" title={t('team.logs.arrived', { name, count: state.upload.records })} data-state="arrived" />;
  return <Alert {...common} type="warning" title={t('team.logs.quiet', { name })} data-state="quiet" />;
}
