import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LogShipResult, LogStatus } from '../../../../../src-shared/ipc/logs';
import { workstation } from '../../../host';
import { useErrorText } from '../../../app/useErrorText';
import { Timestamp } from '../../../app/figures/Figure';
import { LogLevelSelect } from './LogLevelSelect';

/** The log store's state and "upload now": zips the records not yet shipped into the user's storage folder. */
export function LogShipCard() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [status, setStatus] = useState<LogStatus | null>(null);
  const [statusError, setStatusError] = useState<unknown>(null);
  const [shipping, setShipping] = useState(false);
  const [result, setResult] = useState<LogShipResult | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const refresh = useCallback(() => {
    workstation
      .invoke('logs.status', {})
      .then((s) => {
        setStatus(s);
        setStatusError(null);
      })
      .catch(setStatusError);
  }, []);
  useEffect(refresh, [refresh]);
  useEffect(() => workstation.on('logs.appended', refresh), [refresh]);

  const shipNow = async () => {
    setShipping(true);
    setResult(null);
    setFailure(null);
    try {
      setResult(await workstation.invoke('logs.shipNow', {}));
    } catch (err) {
      setFailure(err);
    } finally {
      setShipping(false);
      refresh();
    }
  };

  return (
    <Card
      title={t('insight.operations.shipTitle')}
      extra={
        <Flex gap={16} align="center" wrap>
          <LogLevelSelect />
          <Button type="primary" onClick={() => void shipNow()} loading={shipping} data-testid="logs-ship-now">
            {t('insight.operations.shipNow')}
          </Button>
        </Flex>
      }
    >
      {statusError !== null ? (
        <Alert type="error" showIcon title={t('insight.operations.statusFailed')} description={errorText(statusError)} />
      ) : (
        <Descriptions size="small" column={3} bordered>
          <Descriptions.Item label={t('insight.operations.stored')}>{status?.stored ?? '–'}</Descriptions.Item>
          <Descriptions.Item label={t('insight.operations.unshipped')}>{status?.unshipped ?? '–'}</Descriptions.Item>
          <Descriptions.Item label={t('insight.operations.queued')}>{status?.queued ?? '–'}</Descriptions.Item>
          <Descriptions.Item label={t('insight.operations.lastShipped')}>
            {status?.lastShippedAt ? <Timestamp at={status.lastShippedAt} precision="second" /> : t('insight.operations.never')}
          </Descriptions.Item>
          <Descriptions.Item label={t('insight.operations.dropped')}>{status?.dropped ?? '–'}</Descriptions.Item>
          <Descriptions.Item label={t('insight.operations.unregistered')}>{status?.unregistered ?? '–'}</Descriptions.Item>
          <Descriptions.Item label={t('insight.operations.lastShipError')}>{status?.lastShipError ?? t('insight.operations.none')}</Descriptions.Item>
        </Descriptions>
      )}
      {result && <ShipResult result={result} />}
      {failure !== null && <Alert type="error" showIcon role="alert" style={{ marginTop: 12 }} title={t('insight.operations.shipFailed')} description={errorText(failure)} />}
    </Card>
  );
}

function ShipResult({ result }: { result: LogShipResult }) {
  const { t } = useTranslation();
  const style = { marginTop: 12 };
  if (result.skipped) return <Alert type="warning" showIcon role="status" style={style} title={t(`insight.operations.shipSkipped.${result.skipped}`)} />;
  if (result.error) return <Alert type="error" showIcon role="alert" style={style} title={t('insight.operations.shipPartly', { records: t('common.count.records', { count: result.records }) })} description={result.error} />;
  return (
    <Alert
      type="success"
      showIcon
      role="status"
      style={style}
      data-testid="logs-ship-result"
      title={result.records === 0 ? t('insight.operations.shipNothing') : t('insight.operations.shipDone', { records: t('common.count.records', { count: result.records }), zips: t('common.count.zips', { count: result.zips }) })}
    />
  );
}
