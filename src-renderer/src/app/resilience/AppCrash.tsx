import type { ReactNode } from 'react';
import { Button, Result } from 'antd';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { reportRenderError } from './reportRenderError';

function AppCrashScreen() {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('resilience.appFailedTitle')}
      subTitle={t('resilience.appFailedHint')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('resilience.reload')}
        </Button>
      }
      data-testid="app-failed"
    />
  );
}

/**
 * The last resort, around everything the router shows: pages and panels have boundaries of
 * their own, so only the frame itself (the shell, the router, start-up) ends here. Rather than
 * a white window, the user gets a way out that keeps the address: reloading it.
 */
export function AppCrashBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary FallbackComponent={AppCrashScreen} onError={(error, info) => reportRenderError('app', error, info)}>
      {children}
    </ErrorBoundary>
  );
}
