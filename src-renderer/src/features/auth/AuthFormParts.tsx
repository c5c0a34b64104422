import { Alert, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorText } from '../../app/useErrorText';
import { retryAfterOf } from './retryAfter';

/** A wait in the largest unit that reads naturally, rounded up (never "0 min"). */
export function formatWait(seconds: number, t: TFunction): string {
  if (seconds < 60) return t('auth.waitSeconds', { count: seconds });
  if (seconds < 2 * 3600) return t('auth.waitMinutes', { count: Math.ceil(seconds / 60) });
  return t('auth.waitHours', { count: Math.ceil(seconds / 3600) });
}

/**
 * The failure of the last submit, translated now, so a language switch re-translates it; a
 * refusal by a sign-in limit also says when to try again.
 */
export function FormFailure({ failure }: { failure: unknown }) {
  const errorText = useErrorText();
  const { t } = useTranslation();
  if (failure === null) return null;
  const wait = retryAfterOf(failure);
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="form-error"
      title={errorText(failure)}
      description={wait !== null ? <span data-testid="form-error-wait">{t('auth.retryIn', { time: formatWait(wait, t) })}</span> : undefined}
      style={{ marginBottom: 16 }}
    />
  );
}

/** "No account yet? Register" under the login form, and its mirror under the register form. */
export function AuthSwitchLink({ prompt, linkText, to, testId }: { prompt: string; linkText: string; to: string; testId: string }) {
  return (
    <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
      {prompt}{' '}
      <Link to={to} data-testid={testId}>
        {linkText}
      </Link>
    </Typography.Paragraph>
  );
}
