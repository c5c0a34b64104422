import { useState } from 'react';
import { App, Badge, Button, Flex, Popover, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../app/useErrorText';
import { useConnectionState, type Check } from './useConnectionState';
import { ensureStorageReady } from './workstationStorage';

const BADGE: Record<Check, 'success' | 'error' | 'default'> = { ok: 'success', down: 'error', unknown: 'default' };

/** Header widget: whether the server, the real-time socket and storage work, with details on click. */
export function ConnectionIndicator() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const state = useConnectionState();
  const [connecting, setConnecting] = useState(false);
  const checks = [
    { key: 'server', value: state.server },
    { key: 'socket', value: state.socket },
    { key: 'storage', value: state.storage },
  ] as const;
  const overall: Check = checks.some((c) => c.value === 'down') ? 'down' : checks.every((c) => c.value === 'ok') ? 'ok' : 'unknown';

  const connectStorage = async () => {
    setConnecting(true);
    try {
      await ensureStorageReady();
      state.recheck();
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setConnecting(false);
    }
  };

  const details = (
    <Flex vertical gap={8} style={{ minWidth: 260 }} data-testid="connection-details">
      {checks.map((c) => (
        <Badge key={c.key} status={BADGE[c.value]} text={`${t(`insight.connection.${c.key}`)}: ${t(`insight.connection.${c.key}State.${c.value}`)}`} />
      ))}
      {state.storageStatus?.initialised && (
        <Typography.Text type="secondary">{t(`insight.connection.mode.${state.storageStatus.mode ?? 'embedded'}`)}</Typography.Text>
      )}
      {state.storageError !== null && <Typography.Text type="danger">{errorText(state.storageError)}</Typography.Text>}
      <Flex gap={8}>
        <Button size="small" onClick={state.recheck} loading={state.checking}>
          {t('insight.connection.recheck')}
        </Button>
        {state.storage !== 'ok' && (
          <Button size="small" type="primary" onClick={() => void connectStorage()} loading={connecting}>
            {t('insight.connection.connectStorage')}
          </Button>
        )}
      </Flex>
    </Flex>
  );

  return (
    <Popover content={details} title={t('insight.connection.title')} trigger="click">
      <Button type="text" aria-label={t('insight.connection.title')} data-testid="connection-indicator">
        <Badge status={BADGE[overall]} text={t(`insight.connection.overall.${overall}`)} />
      </Button>
    </Popover>
  );
}
