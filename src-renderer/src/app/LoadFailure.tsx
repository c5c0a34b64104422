import type { ReactNode } from 'react';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from './useErrorText';

/**
 * A list or detail that failed to load: what failed, why (translated), and a retry; `more`
 * follows the reason (a hint, technical details).
 */
export function LoadFailure({ title, error, onRetry, more, testId }: { title: string; error: unknown; onRetry: () => void; more?: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={title}
      description={
        more ? (
          <>
            {errorText(error)}
            {more}
          </>
        ) : (
          errorText(error)
        )
      }
      action={<Button onClick={onRetry}>{t('common.retry')}</Button>}
      style={{ marginBottom: 16 }}
      data-testid={testId}
    />
  );
}
