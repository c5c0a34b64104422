import type { ReactNode } from 'react';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../app/useErrorText';

/** The loading, failed and empty faces every report shares; the report itself otherwise. */
export function ReportState({ loading, error, empty, retry, children }: { loading: boolean; error: unknown; empty: boolean; retry: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        title={t('insight.performance.loadFailed')}
        description={errorText(error)}
        action={<Button onClick={retry}>{t('insight.common.retry')}</Button>}
      />
    );
  }
  if (loading) return <Skeleton active />;
  if (empty) return <Empty description={t('insight.performance.empty')} data-testid="performance-empty" />;
  return children;
}
