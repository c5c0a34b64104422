import type { ReactNode } from 'react';
import { Alert, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../app/useErrorText';

/** Shows its children only to someone allowed; others learn why and whom to ask, never a broken screen. */
export function AccessGate({ may, error, deniedText, children }: { may: boolean | undefined; error: unknown; deniedText: string; children: ReactNode }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (error) return <Alert type="error" showIcon role="alert" title={t('insight.common.permissionFailed')} description={errorText(error)} />;
  if (may === undefined) return <Skeleton active />;
  if (!may) return <Result status="403" title={t('insight.common.notAllowed')} subTitle={deniedText} data-testid="insight-denied" />;
  return children;
}
