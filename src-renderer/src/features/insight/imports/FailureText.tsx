import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../app/useErrorText';
import { importFailedAt } from './importFailure';

/** The refusal in words, with where in the zip it went wrong. */
export function FailureText({ failure }: { failure: unknown }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const where = importFailedAt(failure);
  return (
    <>
      <div>{errorText(failure)}</div>
      {where && <Typography.Text type="secondary" data-testid="import-failed-at">{t('insight.imports.failedAt', { where })}</Typography.Text>}
    </>
  );
}
