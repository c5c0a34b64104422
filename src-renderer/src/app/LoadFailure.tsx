import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from './useErrorText';

/** A list or detail that failed to load: what failed, why (translated), and a retry. */
export function LoadFailure({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={title}
      description={errorText(error)}
      action={<Button onClick={onRetry}>{t('common.retry')}</Button>}
      style={{ marginBottom: 16 }}
    />
  );
}
