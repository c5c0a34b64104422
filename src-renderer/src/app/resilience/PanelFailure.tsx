import { Button, Tooltip, Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../LoadFailure';

/** The thrown value's own words, for support; users read the translated text above it. */
const technical = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/**
 * What a failed page or panel shows in its place: the LoadFailure look every list uses, what
 * still works, a Retry, and the technical message folded away for a bug report.
 */
export function PanelFailure({ title, error, onRetry, testId }: { title: string; error: unknown; onRetry: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <LoadFailure
      title={title}
      error={error}
      onRetry={onRetry}
      testId={testId}
      more={
        <>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {t('resilience.failedHint')}
          </Typography.Paragraph>
          <details>
            <summary>{t('resilience.details')}</summary>
            <Typography.Text code copyable>
              {technical(error)}
            </Typography.Text>
          </details>
        </>
      }
    />
  );
}

/** The same for a small item of the header, where a full alert would push the header apart. */
export function WidgetFailure({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('resilience.widgetFailed')}>
      <Button danger type="text" icon={<WarningOutlined />} aria-label={t('resilience.widgetFailed')} onClick={onRetry} data-testid="widget-failed" />
    </Tooltip>
  );
}
