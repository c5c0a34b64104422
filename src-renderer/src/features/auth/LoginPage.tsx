import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { PATHS } from '../../app/paths';
import { startSession } from '../../app/session';
import { useLoginMobileMutation } from './authApi';
import { AuthLayout } from './AuthLayout';
import { AuthSwitchLink, FormFailure } from './AuthFormParts';
import { mobileRules, passwordRules } from './rules';
import { PASSWORD_MAX, PASSWORD_MIN, stripSpaces } from './validation';

interface LoginForm {
  mobile: string;
  password: string;
}

/** Log in with mobile number and password. */
export function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [login, { isLoading }] = useLoginMobileMutation();
  // The failure is kept as data, not text, so a language switch re-translates it.
  const [failure, setFailure] = useState<unknown>(null);

  const onFinish = async ({ mobile, password }: LoginForm) => {
    setFailure(null);
    try {
      const token = await login({ mobile, password }).unwrap();
      dispatch(startSession(token));
      void navigate(PATHS.projects, { replace: true });
    } catch (err) {
      setFailure(err);
    }
  };

  return (
    <AuthLayout title={t('auth.loginTitle')}>
      <Form<LoginForm> name="login" layout="vertical" requiredMark={false} onFinish={onFinish}>
        <Form.Item name="mobile" label={t('auth.mobile')} rules={mobileRules(t)} normalize={stripSpaces}>
          <Input data-testid="mobile" autoComplete="username" inputMode="tel" placeholder={t('auth.mobilePlaceholder')} />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} rules={passwordRules(t)}>
          <Input.Password
            data-testid="password"
            autoComplete="current-password"
            placeholder={t('auth.passwordPlaceholder', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
          />
        </Form.Item>
        <div style={{ textAlign: 'right', marginTop: -16, marginBottom: 16 }}>
          <Link to={PATHS.forgotPassword} data-testid="go-forgot">
            {t('auth.forgotPassword')}
          </Link>
        </div>
        <FormFailure failure={failure} />
        <Button type="primary" htmlType="submit" block loading={isLoading} data-testid="login-submit">
          {t('auth.login')}
        </Button>
      </Form>
      <AuthSwitchLink prompt={t('auth.noAccount')} linkText={t('auth.goRegister')} to={PATHS.register} testId="go-register" />
    </AuthLayout>
  );
}
