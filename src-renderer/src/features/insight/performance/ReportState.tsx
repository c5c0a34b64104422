import type { ReactNode } from 'react';
import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../../app/LoadFailure';

/** The loading, failed and empty faces every report shares; the report itself otherwise. */
export function ReportState({ loading, error, empty, retry, children }: { loading: boolean; error: unknown; empty: boolean; retry: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  if (error) return <LoadFailure title={t('insight.performance.loadFailed')} error={error} onRetry={retry} />;
  if (loading) return <Skeleton active />;
  if (empty) return <Empty description={t('insight.performance.empty')} data-testid="performance-empty" />;
  return children;
}
