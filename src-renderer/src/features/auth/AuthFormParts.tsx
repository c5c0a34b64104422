import { Alert, Typography } from 'antd';
import { Link } from 'react-router';
import { useErrorText } from '../../app/useErrorText';

/** The failure of the last submit, translated now, so a language switch re-translates it. */
export function FormFailure({ failure }: { failure: unknown }) {
  const errorText = useErrorText();
  if (failure === null) return null;
  return <Alert type="error" showIcon role="alert" data-testid="form-error" title={errorText(failure)} style={{ marginBottom: 16 }} />;
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
